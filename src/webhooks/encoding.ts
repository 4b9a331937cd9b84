/** Hex and base64 decoding that return null on malformed input, for signatures taken from headers. */

/** Bytes of a hex string, or null when it is not one. */
export function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length === 0 || text.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(text)) return null;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Bytes of a canonical base64 string (standard alphabet, padding optional but complete when present), or null.
 * The bytes must re-encode to the same text, so a last character with its unused low bits set is refused: one
 * signature has one spelling.
 */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const unpadded = text.replace(/=+$/, '');
  if (unpadded.length % 4 === 1 || (text.length !== unpadded.length && text.length % 4 !== 0)) return null;
  const binary = atob(unpadded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return btoa(binary).replace(/=+$/, '') === unpadded ? bytes : null;
}
