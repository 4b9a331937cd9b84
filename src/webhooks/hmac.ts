/** HMAC verification through Web Crypto (constant-time inside `crypto.subtle.verify`), with imported keys cached. */

/** A hash Web Crypto's HMAC accepts. */
export type HmacHash = 'SHA-1' | 'SHA-256' | 'SHA-512';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();
const maxCachedKeys = 256;

function keyFor(secret: string | Uint8Array<ArrayBuffer>, hash: HmacHash): Promise<CryptoKey> {
  const raw = typeof secret === 'string' ? encoder.encode(secret) : secret;
  const id = `${hash}:${typeof secret === 'string' ? `s:${secret}` : `b:${Array.from(secret).join(',')}`}`;
  let key = keys.get(id);
  if (key === undefined) {
    if (keys.size >= maxCachedKeys) keys.delete(keys.keys().next().value!);
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash }, false, ['verify']);
    keys.set(id, key);
  }
  return key;
}

/** Concatenates text parts and raw body bytes into the exact bytes a provider signed. */
export function signedBytes(...parts: (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const chunks = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Whether any candidate is the HMAC of `data` under `secret`; each comparison runs in constant time. */
export async function hmacMatches(
  secret: string | Uint8Array<ArrayBuffer>,
  hash: HmacHash,
  data: Uint8Array<ArrayBuffer>,
  candidates: Uint8Array<ArrayBuffer>[],
): Promise<boolean> {
  const key = await keyFor(secret, hash);
  let matched = false;
  for (const candidate of candidates) if (await crypto.subtle.verify('HMAC', key, candidate, data)) matched = true;
  return matched;
}

/** The signed timestamp's check: a whole number of seconds within `tolerance` of now (both ways). */
export function timestampProblem(raw: string | null, nowSeconds: number, tolerance: number): string | null {
  if (raw === null) return 'missing timestamp';
  if (!/^\d{1,12}$/.test(raw)) return 'malformed timestamp';
  if (Math.abs(nowSeconds - Number(raw)) > tolerance) return 'timestamp outside the tolerance (stale or replayed delivery)';
  return null;
}
