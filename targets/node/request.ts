import type { IncomingMessage, ServerResponse } from 'node:http';
import { lazyRequest, type SignalSource } from '../serverless/lazy-request';
import { bodyStream, readAllBody, type BodyState } from './body';
import { RawHeaders } from './raw-headers';

/** A request head: the headers (read from the raw list on demand), plus Host and Content-Length found in one pass. */
export interface RequestHead {
  headers: Headers;
  host: string | undefined;
  contentLength: string | undefined;
}

/** Finds Host and Content-Length in Node's raw headers (Node builds `req.headers` lazily; this avoids it). */
export function readHead(req: IncomingMessage): RequestHead {
  const raw = req.rawHeaders;
  let host: string | undefined;
  let contentLength: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === 4 && host === undefined && name.toLowerCase() === 'host') host = raw[i + 1];
    else if (name.length === 14 && name.toLowerCase() === 'content-length') contentLength = raw[i + 1];
  }
  return { headers: new RawHeaders(raw), host, contentLength };
}

/** An absolute-form request target (`GET http://host/path`, as sent to proxies), or `*` (OPTIONS *) as the root. */
function absoluteTarget(target: string, scheme: string): string {
  if (target === '*') return `${scheme}://localhost/`;
  return new URL(target).href;
}

/** The absolute URL of a Node request: origin-form targets are joined to the Host header (throws when no URL results). */
export function requestUrl(req: IncomingMessage, scheme: string, host: string | undefined = req.headers.host): string {
  const target = req.url ?? '/';
  return target.charCodeAt(0) === 47 ? `${scheme}://${host ?? 'localhost'}${target}` : absoluteTarget(target, scheme);
}

/** Aborts a Request's signal once the client goes away before the response is finished (watched only when the signal is read). */
class Disconnect implements SignalSource {
  constructor(private readonly res: ServerResponse) {}

  watch(abort: (reason: unknown) => void): void {
    const res = this.res;
    const gone = () => abort(new DOMException('The client disconnected', 'AbortError'));
    if (res.writableFinished) return;
    if (res.destroyed) return gone();
    res.once('close', () => {
      if (!res.writableFinished) gone();
    });
  }
}

const plainTarget = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;
/** A segment the parser may resolve: one starting with a dot, written plainly or as %2e. */
const dotSegment = /\/(?:\.|%2e)/i;

/** Per scheme, Host headers already in the form the URL parser writes them (checked once each; a server sees few). */
const canonicalHosts: Record<string, Map<string, boolean>> = { http: new Map(), https: new Map() };

function isCanonicalHost(host: string, scheme: string): boolean {
  const hosts = (canonicalHosts[scheme] ??= new Map());
  let known = hosts.get(host);
  if (known === undefined) {
    try {
      known = new URL(`${scheme}://${host}/`).host === host;
    } catch {
      known = false;
    }
    if (hosts.size >= 256) hosts.clear();
    hosts.set(host, known);
  }
  return known;
}

/**
 * The URL as `new URL(url).href` would write it; skips the parse when host and target are already in that form
 * (a host the parser keeps as is; in the target no characters the parser would encode and no segment starting
 * with `.` or `%2e`, which it may resolve as a dot segment).
 */
function canonicalUrl(url: string, scheme: string, host: string | undefined, target: string | undefined): string {
  if (host !== undefined && target !== undefined && plainTarget.test(target) && !dotSegment.test(target) && isCanonicalHost(host, scheme))
    return url;
  return new URL(url).href;
}

/**
 * Builds the Request for a Node request: URL from Host (checked and normalized as `new Request` would), every raw
 * header, and a streamed, size-limited body. It is a lazy Request (targets/serverless/lazy-request): the undici
 * Request, the body stream and the AbortSignal are only made when a handler touches them.
 */
export function toRequest(
  req: IncomingMessage,
  res: ServerResponse,
  head: RequestHead,
  scheme: string,
  limit: number,
  state: BodyState,
): Request {
  const method = req.method ?? 'GET';
  return lazyRequest({
    method,
    url: canonicalUrl(requestUrl(req, scheme, head.host), scheme, head.host, req.url),
    headers: head.headers,
    body:
      method === 'GET' || method === 'HEAD'
        ? undefined
        : {
            stream: () => bodyStream(req, limit, state),
            readAll: () => readAllBody(req, limit, state),
          },
    signalSource: new Disconnect(res),
  });
}
