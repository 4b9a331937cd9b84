import type { IncomingMessage, ServerResponse } from 'node:http';
import { lazyRequest, type SignalSource } from '../serverless/lazy-request';
import { bodyStream, readAllBody, type BodyState } from './body';
import { badHost, isHost } from './host';
import { RawHeaders } from './raw-headers';

/** A request head: the headers (read from the raw list on demand), plus Host (every Host line) and Content-Length found in one pass. */
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
    // A repeated Host is joined as a header list would be ("a, b"), which is no host: a 400 (RFC 9112 section 3.2).
    if (name.length === 4 && name.toLowerCase() === 'host') host = host === undefined ? raw[i + 1] : `${host}, ${raw[i + 1]}`;
    else if (name.length === 14 && name.toLowerCase() === 'content-length') contentLength = raw[i + 1];
  }
  return { headers: new RawHeaders(raw), host, contentLength };
}

/** The scheme and authority of an absolute-form target (`http://host:port`), the authority captured. */
const absoluteForm = /^https?:\/\/([^/?#]*)/i;

/**
 * An absolute-form request target (`GET http://host/path`, as sent to proxies), or `*` (OPTIONS *) as the root.
 * Only http(s) URLs whose authority is a host[:port] (no userinfo, no backslash) are taken; anything else throws.
 */
function absoluteTarget(target: string, scheme: string): string {
  if (target === '*') return `${scheme}://localhost/`;
  const authority = absoluteForm.exec(target)?.[1];
  if (authority === undefined || !isHost(authority))
    throw new TypeError(`the request target ${JSON.stringify(target.slice(0, 100))} is not a path or an http(s) URL of a host`);
  return new URL(target).href;
}

/**
 * The absolute URL of a Node request: origin-form targets are joined to the Host header, which must be a host[:port]
 * so that it can never move text into the path (throws otherwise, and when no URL results).
 */
export function requestUrl(req: IncomingMessage, scheme: string, host: string | undefined = req.headers.host): string {
  const target = req.url ?? '/';
  if (target.charCodeAt(0) !== 47) return absoluteTarget(target, scheme);
  if (host === undefined) return `${scheme}://localhost${target}`;
  if (hostForm(host, scheme) === NOT_A_HOST) throw badHost(host);
  return `${scheme}://${host}${target}`;
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

const NOT_A_HOST = 0;
const REWRITTEN = 1;
const CANONICAL = 2;

/** Per scheme, what each Host header seen is (checked once each; a server sees few): not a host, or how the URL parser writes it. */
const hostForms: Record<string, Map<string, number>> = { http: new Map(), https: new Map() };

function hostForm(host: string, scheme: string): number {
  const forms = (hostForms[scheme] ??= new Map());
  let form = forms.get(host);
  if (form === undefined) {
    form = isHost(host) ? (keptByParser(host, scheme) ? CANONICAL : REWRITTEN) : NOT_A_HOST;
    if (forms.size >= 256) forms.clear();
    forms.set(host, form);
  }
  return form;
}

/** Whether the URL parser writes this host exactly as given (lower case, default port dropped, and so on). */
function keptByParser(host: string, scheme: string): boolean {
  try {
    return new URL(`${scheme}://${host}/`).host === host;
  } catch {
    return false;
  }
}

/**
 * The URL as `new URL(url).href` would write it; skips the parse when host and target are already in that form
 * (a host the parser keeps as is; in the target no characters the parser would encode and no segment starting
 * with `.` or `%2e`, which it may resolve as a dot segment).
 */
function canonicalUrl(url: string, scheme: string, host: string | undefined, target: string | undefined): string {
  if (
    host !== undefined &&
    target !== undefined &&
    plainTarget.test(target) &&
    !dotSegment.test(target) &&
    hostForm(host, scheme) === CANONICAL
  )
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
