/**
 * Signed cookie values: `value.signature`, the signature the HMAC-SHA256 of the value under a secret, in standard
 * base64 (44 characters with its `=`), as Hono writes them, so a cookie signed by either reads in the other. The
 * runtime's WebCrypto computes and verifies the HMAC (`crypto.subtle.verify` compares in constant time).
 */

/** One secret, or several for rotation: the first signs, every one verifies. */
export type CookieSecret = string | BufferSource | readonly (string | BufferSource)[];

/** What reading a signed value found: the value, and whether it was signed by a secret other than the first. */
export interface UnsignedValue {
  valid: boolean;
  /** Signed by an older secret of the list: set the cookie again to sign it with the current one. */
  renew: boolean;
  value: string | null;
}

const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();
/** Imported keys by secret text, so a hot path does not import the same secret on every request (a few at most). */
const keyCache = new Map<string, Promise<CryptoKey>>();
const KEY_CACHE_SIZE = 16;

/** The secrets as a list, each checked (a non-empty string or bytes); a bad one throws, naming the function. */
export function secretList(secret: CookieSecret, where: string): (string | BufferSource)[] {
  if (secret === undefined || secret === null) throw new TypeError(`${where}: give a secret (a string or bytes, or a list of them)`);
  const list = Array.isArray(secret) ? [...secret] : [secret as string | BufferSource];
  if (list.length === 0) throw new TypeError(`${where}: the secret list is empty; give at least one secret`);
  for (const one of list) {
    const bytes = typeof one === 'string' ? one.length : ArrayBuffer.isView(one) || one instanceof ArrayBuffer ? one.byteLength : -1;
    if (bytes < 0) throw new TypeError(`${where}: a secret must be a string or bytes, got ${typeof one}`);
    if (bytes === 0) throw new TypeError(`${where}: a secret must not be empty (use 32 random bytes or more)`);
  }
  return list;
}

function importKey(secret: string | BufferSource): Promise<CryptoKey> {
  const raw = typeof secret === 'string' ? encoder.encode(secret) : secret;
  if (typeof secret !== 'string') return crypto.subtle.importKey('raw', raw, HMAC, false, ['sign', 'verify']);
  let key = keyCache.get(secret);
  if (key === undefined) {
    if (keyCache.size >= KEY_CACHE_SIZE) keyCache.delete(keyCache.keys().next().value as string);
    key = crypto.subtle.importKey('raw', raw, HMAC, false, ['sign', 'verify']);
    keyCache.set(secret, key);
  }
  return key;
}

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `value.signature` for a cookie, signed with the first secret. */
export async function signCookieValue(value: string, secret: CookieSecret): Promise<string> {
  const [first] = secretList(secret, 'signCookieValue()');
  if (typeof value !== 'string') throw new TypeError(`signCookieValue(): the value must be a string, got ${typeof value}`);
  const signature = await crypto.subtle.sign('HMAC', await importKey(first), encoder.encode(value));
  return `${value}.${toBase64(signature)}`;
}

/**
 * Reads a signed cookie value: `{ valid: true, value }` when a secret of the list signed it (`renew` when not the
 * first), `{ valid: false, value: null }` when it is not signed or its signature matches no secret.
 */
export async function unsignCookieValue(signed: string, secret: CookieSecret): Promise<UnsignedValue> {
  const secrets = secretList(secret, 'unsignCookieValue()');
  if (typeof signed !== 'string') throw new TypeError(`unsignCookieValue(): the signed value must be a string, got ${typeof signed}`);
  const dot = signed.lastIndexOf('.');
  const signature = dot < 1 ? null : signed.slice(dot + 1);
  const bytes = signature !== null && signature.length === 44 && signature.endsWith('=') ? fromBase64(signature) : null;
  if (bytes === null) return { valid: false, renew: false, value: null };
  const value = signed.slice(0, dot);
  const data = encoder.encode(value);
  for (let i = 0; i < secrets.length; i++) {
    if (await crypto.subtle.verify('HMAC', await importKey(secrets[i]), bytes, data)) return { valid: true, renew: i > 0, value };
  }
  return { valid: false, renew: false, value: null };
}
