import { isHost } from '../node/host';

/**
 * Whether Bun built the request URL from a Host that is a host[:port]. Bun leaves the URL relative (`/path`) when
 * the Host header is not one (`127.0.0.1/internal?`, `a@b`), and a path read from such a URL is not the one the
 * client asked for; a host with other characters never reaches the path either way.
 */
function urlHasHost(url: string): boolean {
  if (url.charCodeAt(0) === 47) return false;
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return isHost(end === -1 ? url.slice(start) : url.slice(start, end));
}

/**
 * The request as fw reads it: as Bun built it when its URL has a host; on `http://localhost` (as fw/node does) when
 * the client sent no Host at all (HTTP/1.0); null when the Host header is not a host name (answered 400).
 */
export function withHost(incoming: Request, scheme: string): Request | null {
  if (urlHasHost(incoming.url)) return incoming;
  if (incoming.headers.has('host') || incoming.url.charCodeAt(0) !== 47) return null;
  return new Request(`${scheme}://localhost${incoming.url}`, incoming);
}

/** The 400 for a request whose Host header is not a host name (the same body fw/node answers). */
export function badHostResponse(): Response {
  return new Response('{"error":"Malformed request: the Host header is not a host name (host or host:port)","code":"BAD_REQUEST"}', {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });
}
