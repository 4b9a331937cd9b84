import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpError } from './errors';

/** How fw answers one kind of request Node's parser refused. */
interface Refusal {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/** Node's error codes for `clientError`, and the answer to each; any other code is a 400. */
const refusals: Record<string, Refusal> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    message: 'The request headers are too large',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The chunk extensions are too large',
  },
};
const badRequest: Refusal = { status: 400, reason: 'Bad Request', code: 'BAD_REQUEST', message: 'Malformed request' };

/** A whole HTTP/1.1 response with the `{ error, code }` JSON body of fw errors, closing the connection. */
function rawResponse({ status, reason, code, message }: Refusal): string {
  const body = JSON.stringify({ error: message, code });
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

/** The part of Node's socket a clientError handler reads: the response (and its request) in progress on it, if any. */
interface HttpSocket {
  _httpMessage?: { headersSent: boolean; req?: IncomingMessage } | null;
}

/**
 * The `clientError` listener of `serve()`: answers what Node's parser or its time-outs refused (slow headers or body
 * 408, oversized headers 431, huge chunk extensions 413, malformed 400) with an fw JSON error and closes the
 * connection. A handler still reading the body of the refused request sees its read fail with an error of the same
 * status and code. When a response has already started on the socket, nothing more can be written without
 * corrupting it, so the socket is only closed. A reset connection is just closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const refusal = (error.code !== undefined && refusals[error.code]) || badRequest;
  const current = (socket as unknown as HttpSocket)._httpMessage;
  const close = () => {
    if (current?.req && !current.req.complete) current.req.destroy(httpError(refusal.status, refusal.code, refusal.message));
    socket.destroy();
  };
  if (!socket.writable || current?.headersSent === true) close();
  else socket.end(rawResponse(refusal), close);
}
