function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  let hex = '';
  do {
    crypto.getRandomValues(buffer);
    hex = '';
    for (const b of buffer) hex += b.toString(16).padStart(2, '0');
  } while (/^0+$/.test(hex));
  return hex;
}

/** A W3C trace id: 32 lowercase hex characters, never all zeros. */
export function newTraceId(): string {
  return randomHex(16);
}

/** A W3C span id: 16 lowercase hex characters, never all zeros. */
export function newSpanId(): string {
  return randomHex(8);
}
