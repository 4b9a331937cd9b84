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

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/** An absolute-form request target (`GET http://host/path`, as sent to proxies), or `*` (OPTIONS *) as the root. */
function absoluteTarget(target: string, scheme: string): string {
  if (target === '*') return `${scheme}://localhost/`;
  return new URL(target).href;
}

/** The absolute URL of a Node request: origin-form targets are joined to the Host header (throws when no URL results). */
export function requestUrl(req: IncomingMessage, scheme: string): string {
  const target = req.url ?? '/';
  return target.charCodeAt(0) === 47 ? `${scheme}://${req.headers.host ?? 'localhost'}${target}` : absoluteTarget(target, scheme);
}

/** Builds the Request for a Node request: URL from Host, every raw header, and a streamed, size-limited body. */
export function toRequest(req: IncomingMessage, scheme: string, limit: number, state: BodyState): NodeRequest {
  const method = req.method ?? 'GET';
  const url = requestUrl(req, scheme);
  if (method === 'GET' || method === 'HEAD') return new NodeRequest(url, { method, headers: headersOf(req.rawHeaders) });
  return new NodeRequest(url, {
    method,
    headers: headersOf(req.rawHeaders),
    body: bodyStream(req, limit, state),
    duplex: 'half',
  } as RequestInit);
}
