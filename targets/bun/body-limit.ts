import type { CoreFw } from 'fw';
import { BodyTooLargeError } from '../node/body';

/** fw's own 413 body, for when the app's error handling itself fails. */
function tooLarge(error: BodyTooLargeError): Response {
  return new Response(JSON.stringify({ error: error.message, code: error.code }), {
    status: 413,
    headers: { 'content-type': 'application/json', connection: 'close' },
  });
}

/**
 * The 413 for a declared Content-Length over the limit, before any of the body is read, answered by the app's error
 * handling (its `onError` hooks: fw-mcp answers its endpoint with a JSON-RPC error), with the connection closed.
 */
export async function refuseBody(app: CoreFw, request: Request, error: BodyTooLargeError): Promise<Response> {
  try {
    const bare = new Request(request.url, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers: request.headers });
    const answer = await app.handleError(new app.ContextClass(app, bare, new URL(bare.url).pathname), error);
    const headers = new Headers(answer.headers);
    headers.set('connection', 'close');
    return new Response(answer.body, { status: answer.status, headers });
  } catch {
    return tooLarge(error);
  }
}

/** How far past the limit a body is still read (and dropped) so the 413 goes out after the client has finished sending. */
const drainSlack = 64 * 1024;

/**
 * Enforces `maxBodySize` in fw rather than in Bun, which drops a chunked body over its limit without an answer
 * (GET and HEAD, which carry no body, pass untouched: reading their headers would make Bun build a Headers object):
 * a Content-Length over the limit is refused at once (the error, for `refuseBody`); a body without one is counted as it is read and, once past the
 * limit, drained (up to 64 KiB more, so closing the socket does not reset the answer away) and then failed with a
 * BodyTooLargeError, which the core answers with a 413.
 */
export function limitBody(request: Request, limit: number): Request | BodyTooLargeError {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return request;
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) > limit ? new BodyTooLargeError(limit) : request;
  if (request.body === null) return request;
  let received = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received <= limit) controller.enqueue(chunk);
      else if (received > limit + drainSlack) controller.error(new BodyTooLargeError(limit));
    },
    flush() {
      if (received > limit) throw new BodyTooLargeError(limit);
    },
  });
  return new Request(request, { body: request.body.pipeThrough(counter), duplex: 'half' } as RequestInit);
}

/** Bun's own limit: above fw's, so fw answers first; it still cuts off a client that keeps sending after the 413. */
export function nativeBodyLimit(limit: number): number {
  return limit === Infinity ? Number.MAX_SAFE_INTEGER : limit + 2 * drainSlack;
}
