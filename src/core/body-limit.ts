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
  if (limit !== Infinity && !(Number.isInteger(limit) && (limit as number) >= 0)) {
    throw new RangeError(`new Fw({ maxBodySize }): expected whole bytes >= 0 or Infinity, got ${String(limit)}`);
  }
  return limit as number;
}

/** Whether the body may be read whole: no limit, or a declared length within it; throws the 413 for a declared length over it. */
function readWhole(request: Request, limit: number): boolean {
  if (limit === Infinity) return true;
  const declared = request.headers.get('content-length');
  if (declared === null) return false;
  const length = Number(declared);
  if (length > limit) throw bodyTooLarge(limit);
  return Number.isSafeInteger(length);
}

/**
 * Reads a request's body within the limit, as bytes, or as text when `text` is true; a rejection with the 413 error.
 * A whole body goes through the platform's own `text()` (measured ~5 µs faster in workerd than decoding the bytes);
 * a body of unknown length is counted while it is read, and stops with the 413 as soon as it passes the limit. One
 * chunk of text (a body made from a string, a small request) is decoded as it is, with no Blob in between.
 */
export async function readBodyWithin<Text extends boolean = false>(
  request: Request,
  limit: number,
  text?: Text,
): Promise<Text extends true ? string : ArrayBuffer> {
  type Read = Text extends true ? string : ArrayBuffer;
  if (readWhole(request, limit)) return (text ? request.text() : request.arrayBuffer()) as Promise<Read>;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = request.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    total += read.value.byteLength;
    if (total > limit) {
      reader!.cancel().catch(() => undefined);
      throw bodyTooLarge(limit);
    }
    chunks.push(read.value);
  }
  if (text && chunks.length === 1) return new TextDecoder().decode(chunks[0]) as Read;
  const whole = new Blob(chunks);
  return (text ? whole.text() : whole.arrayBuffer()) as Promise<Read>;
}
