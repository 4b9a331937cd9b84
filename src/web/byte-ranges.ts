/** One inclusive byte range of a body. */
export interface ByteRange {
  start: number;
  end: number;
}

/** The `Content-Range` value of one range of a body of `size` bytes. */
export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

/** A random multipart boundary (Web Crypto). */
export function newBoundary(): string {
  return `fw-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The `multipart/byteranges` body of several ranges (RFC 9110 14.6): each part with its Content-Type and Content-Range. */
export function multipartByteRanges(
  bytes: Uint8Array<ArrayBuffer>,
  ranges: ByteRange[],
  contentType: string | null,
  boundary: string,
): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const pieces: Uint8Array[] = [];
  for (const range of ranges) {
    const head = `--${boundary}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}Content-Range: ${contentRange(range, bytes.byteLength)}\r\n\r\n`;
    pieces.push(encoder.encode(head), bytes.subarray(range.start, range.end + 1), encoder.encode('\r\n'));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}
