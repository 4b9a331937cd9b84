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

const plainHost = /^[a-z0-9.-]+(?::[1-9][0-9]{0,3})?$/;
const plainTarget = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

/**
 * The URL as `new URL(url).href` would write it; skips the parse when host and target are already in that form
 * (lower-case host, a port other than a default one, no dot segments or characters the parser would encode).
 */
function canonicalUrl(url: string, host: string | undefined, target: string | undefined): string {
  if (host !== undefined && target !== undefined && plainHost.test(host) && plainTarget.test(target) && !target.includes('/.') && !host.endsWith(':80') && !host.endsWith(':443')) return url;
  return new URL(url).href;
}

/**
 * Builds the Request for a Node request: URL from Host (checked and normalized as `new Request` would), every raw
 * header, and a streamed, size-limited body. It is a lazy Request (targets/serverless/lazy-request): the undici
 * Request, the body stream and the AbortSignal are only made when a handler touches them.
 */
export function toRequest(req: IncomingMessage, res: ServerResponse, head: RequestHead, scheme: string, limit: number, state: BodyState): Request {
  const method = req.method ?? 'GET';
  return lazyRequest({
    method,
    url: canonicalUrl(requestUrl(req, scheme, head.host), head.host, req.url),
    headers: head.headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : {
      stream: () => bodyStream(req, limit, state),
      readAll: () => readAllBody(req, limit, state),
    },
    signalSource: new Disconnect(res),
  });
}
