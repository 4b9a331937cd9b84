/** Signed session cookies: `<id>.<base64url HMAC-SHA256 of id>`, checked with Web Crypto against a list of keys. */

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The HMAC keys of a secret list, imported once; the first signs, all of them verify (key rotation). */
export class CookieSigner {
  private readonly keys: Promise<CryptoKey[]>;

  constructor(secrets: string[]) {
    this.keys = Promise.all(
      secrets.map((secret) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])),
    );
  }

  /** The cookie value for a session id. */
  async sign(id: string): Promise<string> {
    const [key] = await this.keys;
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(id)));
    return `${id}.${toBase64Url(mac)}`;
  }

  /** The session id a cookie value carries when one of the keys signed it (Web Crypto compares in constant time), else null. */
  async verify(value: string): Promise<string | null> {
    const dot = value.lastIndexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const mac = fromBase64Url(value.slice(dot + 1));
    if (mac === null || mac.length !== 32) return null;
    const data = encoder.encode(id);
    for (const key of await this.keys) if (await crypto.subtle.verify('HMAC', key, mac, data)) return id;
    return null;
  }
}
