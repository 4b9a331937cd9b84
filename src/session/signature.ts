/** Signed session cookies: `<id>.<base64url HMAC-SHA256 of id>`, checked with Web Crypto against a list of keys. */

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Bytes of a canonical base64url string (no padding), else null. Decoding then re-encoding must give the text back:
 * a last character whose unused low bits are set (`...A` vs `...B`) decodes to the same bytes, and without this
 * check several cookie strings would verify for one signature. A length of 4n+1 (no byte form) is refused too.
 */
function fromCanonicalBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return toBase64Url(bytes) === text ? bytes : null;
}

/** The HMAC keys of a secret list, imported once; the first signs, all of them verify (key rotation). */
export class CookieSigner {
  private readonly keys: Promise<CryptoKey[]>;

  constructor(secrets: string[]) {
    this.keys = Promise.all(
      secrets.map((secret) =>
        crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
      ),
    );
  }

  /** The cookie value for a session id. */
  async sign(id: string): Promise<string> {
    const [key] = await this.keys;
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(id)));
    return `${id}.${toBase64Url(mac)}`;
  }

  /** The session id a cookie value carries when one of the keys signed it (canonical base64url only; Web Crypto compares in constant time), else null. */
  async verify(value: string): Promise<string | null> {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const mac = fromCanonicalBase64Url(value.slice(dot + 1));
    if (mac === null || mac.length !== 32) return null;
    const data = encoder.encode(id);
    for (const key of await this.keys) if (await crypto.subtle.verify('HMAC', key, mac, data)) return id;
    return null;
  }
}
