/**
 * The request body limit every target shares (`new Fw({ maxBodySize })`, default 1 MiB): a declared
 * Content-Length over it is refused before anything is read, a body without one is counted while it is read.
 */
import { HttpError } from './errors';

/** The default largest request body, in bytes: the same as fw/node's and fw/bun's. */
export const defaultMaxBodySize = 1024 * 1024;

/** The 413 a body over the limit is answered with. */
export function bodyTooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is larger than the limit of ${limit} bytes`, { code: 'PAYLOAD_TOO_LARGE' });
}

/** Checks a limit given to `new Fw()`: a whole number of bytes >= 0, or Infinity. */
export function checkBodyLimit(limit: unknown): number {
  if (limit === undefined) return defaultMaxBodySize;
  if (typeof limit !== 'number' || Number.isNaN(limit) || limit < 0 || (Number.isFinite(limit) && !Number.isInteger(limit))) {
    throw new RangeError(`new Fw({ maxBodySize }): expected a whole number of bytes >= 0 (or Infinity), got ${String(limit)}`);
  }
  return limit;
}

async function readCounted(body: ReadableStream<Uint8Array>, limit: number): Promise<ArrayBuffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => undefined);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** Reads a request's body within the limit: bytes, or a rejection with the 413 error. */
export function readBodyWithin(request: Request, limit: number): Promise<ArrayBuffer> {
  if (limit === Infinity) return request.arrayBuffer();
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    const length = Number(declared);
    if (length > limit) return Promise.reject(bodyTooLarge(limit));
    if (Number.isSafeInteger(length)) return request.arrayBuffer();
  }
  return request.body === null ? Promise.resolve(new ArrayBuffer(0)) : readCounted(request.body, limit);
}

/** Reads a request's body as text within the limit. */
export function readTextWithin(request: Request, limit: number): Promise<string> {
  if (limit === Infinity) return request.text();
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    const length = Number(declared);
    if (length > limit) return Promise.reject(bodyTooLarge(limit));
    if (Number.isSafeInteger(length)) return request.text();
  }
  return readBodyWithin(request, limit).then((bytes) => new TextDecoder().decode(bytes));
}
