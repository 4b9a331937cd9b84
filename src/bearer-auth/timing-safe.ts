const encoder = new TextEncoder();

/** SHA-256 of a text (Web Crypto), so secrets of any length compare as 32 bytes and their length never shows. */
export async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

/** Whether two digests are equal, looking at every byte whatever the first difference (no early exit to time). */
export function sameDigest(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i] ^ b[i];
  return difference === 0;
}
