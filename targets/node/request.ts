import type { IncomingMessage } from 'node:http';
import { bodyStream, type BodyState } from './body';

const kController = Symbol('fw.node.abort');

/**
 * A real Request whose `signal` is made on first read and aborted when the client disconnects:
 * linking a signal through the Request constructor costs more than the rest of the conversion.
 */
export class NodeRequest extends Request {
  [kController]: AbortController | null = null;
  /** Set once the client has gone away before the response was finished. */
  disconnected = false;

  override get signal(): AbortSignal {
    if (this[kController] === null) {
      this[kController] = new AbortController();
      if (this.disconnected) this[kController].abort(new DOMException('The client disconnected', 'AbortError'));
    }
    return this[kController].signal;
  }

  /** Marks the client gone and aborts the signal if anyone holds it. */
  abort(): void {
    if (this.disconnected) return;
    this.disconnected = true;
    this[kController]?.abort(new DOMException('The client disconnected', 'AbortError'));
  }
}

/** A request head read in one pass over Node's raw headers (Node builds `req.headers` lazily; this avoids it). */
export interface RequestHead {
  headers: Headers;
  host: string | undefined;
  contentLength: string | undefined;
}

/** Copies every raw header into a Headers object, noting Host and Content-Length on the way. */
export function readHead(req: IncomingMessage): RequestHead {
  const raw = req.rawHeaders;
  const headers = new Headers();
  let host: string | undefined;
  let contentLength: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    const value = raw[i + 1];
    headers.append(name, value);
    if (name.length === 4 && host === undefined && name.toLowerCase() === 'host') host = value;
    else if (name.length === 14 && name.toLowerCase() === 'content-length') contentLength = value;
  }
  return { headers, host, contentLength };
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

/** Builds the Request for a Node request: URL from Host, every raw header, and a streamed, size-limited body. */
export function toRequest(req: IncomingMessage, head: RequestHead, scheme: string, limit: number, state: BodyState): NodeRequest {
  const method = req.method ?? 'GET';
  const url = requestUrl(req, scheme, head.host);
  if (method === 'GET' || method === 'HEAD') return new NodeRequest(url, { method, headers: head.headers });
  return new NodeRequest(url, {
    method,
    headers: head.headers,
    body: bodyStream(req, limit, state),
    duplex: 'half',
  } as RequestInit);
}
