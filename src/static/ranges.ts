/** One inclusive byte range of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a Range header asks of a file of `size` bytes: all of it, some ranges, or something it cannot have (416). */
export type RangePlan = { kind: 'full' } | { kind: 'unsatisfiable' } | { kind: 'ranges'; ranges: ByteRange[] };

const maxRanges = 32;

/**
 * The Range header with every suffix range longer than the file (`bytes=-1048577` on 1 MiB) cut to the file's
 * length: RFC 9110 §14.1.2 says such a suffix selects the whole representation, where range-parser (and so
 * Express) and @fastify/send find it unsatisfiable (416). A zero-length file is left alone.
 */
export function clampSuffixRanges(header: string, size: number): string {
  if (size <= 0) return header;
  return header.replace(/([=,]\s*)-(\d+)(?=\s*(?:,|$))/g, (all, before: string, digits: string) =>
    Number(digits) > size ? `${before}-${size}` : all,
  );
}

/**
 * Reads a Range header (overlapping ranges merged, suffixes longer than the file cut to it); malformed headers and
 * over 32 ranges are ignored (full answer). `range-parser` is loaded by the first request that has one.
 */
export async function planRanges(header: string | null, size: number): Promise<RangePlan> {
  if (header === null) return { kind: 'full' };
  const { default: parseRange } = await import('range-parser');
  const parsed = parseRange(size, clampSuffixRanges(header, size), { combine: true });
  if (parsed === -1) return { kind: 'unsatisfiable' };
  if (parsed === -2 || parsed.type !== 'bytes' || parsed.length > maxRanges) return { kind: 'full' };
  return { kind: 'ranges', ranges: parsed.map((r) => ({ start: r.start, end: r.end })) };
}

/** A random multipart boundary (Web Crypto). */
export function newBoundary(): string {
  return `fw-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A `multipart/byteranges` body (RFC 9110 14.6) streamed part by part, each range read only when reached;
 * returns the stream and its exact length.
 */
export function multipartRanges(
  ranges: ByteRange[],
  size: number,
  contentType: string,
  boundary: string,
  read: (range: ByteRange) => ReadableStream<Uint8Array>,
): { body: ReadableStream<Uint8Array>; length: number } {
  const encoder = new TextEncoder();
  const heads = ranges.map((r, i) =>
    encoder.encode(
      `${i === 0 ? '' : '\r\n'}--${boundary}\r\nContent-Type: ${contentType}\r\nContent-Range: bytes ${r.start}-${r.end}/${size}\r\n\r\n`,
    ),
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const length = heads.reduce((n, h) => n + h.byteLength, 0) + ranges.reduce((n, r) => n + r.end - r.start + 1, 0) + tail.byteLength;
  let index = 0;
  let current: ReadableStreamDefaultReader<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (current !== null) {
        const { done, value } = await current.read();
        if (!done) return controller.enqueue(value);
        current = null;
        index++;
      }
      if (index === ranges.length) {
        controller.enqueue(tail);
        return controller.close();
      }
      controller.enqueue(heads[index]);
      current = read(ranges[index]).getReader();
    },
    cancel(reason) {
      return current?.cancel(reason);
    },
  });
  return { body, length };
}
