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

/** Reads a body stream into one new buffer, counting its bytes, and stops with the 413 as soon as they pass the limit. */
async function readCounted(body: ReadableStream<Uint8Array<ArrayBuffer>> | null, limit: number): Promise<ArrayBuffer> {
  if (body === null) return new ArrayBuffer(0);
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    total += read.value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => undefined);
      throw bodyTooLarge(limit);
    }
    chunks.push(read.value);
  }
  return new Blob(chunks).arrayBuffer();
}

/**
 * Reads a request's body within the limit, as bytes, or as text when `text` is true (a whole body through the
 * platform's own `text()`, measured ~5 µs faster in workerd than decoding the bytes); a rejection with the 413 error.
 */
export function readBodyWithin<Text extends boolean = false>(
  request: Request,
  limit: number,
  text?: Text,
): Promise<Text extends true ? string : ArrayBuffer> {
  let body: Promise<ArrayBuffer | string>;
  try {
    if (readWhole(request, limit)) body = text ? request.text() : request.arrayBuffer();
    else {
      const bytes = readCounted(request.body, limit);
      body = text ? bytes.then((b) => new TextDecoder().decode(b)) : bytes;
    }
  } catch (error) {
    body = Promise.reject(error);
  }
  return body as Promise<Text extends true ? string : ArrayBuffer>;
}
