/**
 * CSRF tokens: a random secret per browser, kept in a cookie, and tokens `salt.mac` where mac is the HMAC-SHA256
 * of the salt, that secret and an optional binding (a session id) under the app's key, or the secret itself when the
 * app gives none. A fresh salt per token keeps the token on a page different on every render (BREACH), as
 * @fastify/csrf does; WebCrypto computes and verifies the HMAC (`crypto.subtle.verify` compares in constant time).
 */
const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Random bytes as base64url text: the per-browser secret (16 bytes) and a token's salt (8 bytes). */
export function randomText(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), HMAC, false, ['sign', 'verify']);
}

function message(salt: string, secret: string, binding: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(`${salt}.${secret}.${binding}`);
}

/** A new token for the browser's secret, signed with the first key (or the secret when there is none). */
export async function createToken(secret: string, keys: string[], binding: string): Promise<string> {
  const salt = randomText(8);
  const mac = await crypto.subtle.sign('HMAC', await key(keys[0] ?? secret), message(salt, secret, binding));
  return `${salt}.${base64url(new Uint8Array(mac))}`;
}

/** Whether a token was made for this secret and binding by one of the keys (by the secret when there are none). */
export async function verifyToken(token: string, secret: string, keys: string[], binding: string): Promise<boolean> {
  const dot = token.indexOf('.');
  if (dot < 1 || token.length > 200) return false;
  const mac = fromBase64url(token.slice(dot + 1));
  if (mac === null) return false;
  const data = message(token.slice(0, dot), secret, binding);
  for (const one of keys.length > 0 ? keys : [secret]) {
    if (await crypto.subtle.verify('HMAC', await key(one), mac, data)) return true;
  }
  return false;
}
