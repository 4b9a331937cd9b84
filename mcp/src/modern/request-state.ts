import { base64url, fromBase64url } from '../base64url';

/** Options of the 2026-07-28 `requestState` tokens that carry a multi-round-trip request's state through the client. */
export interface RequestStateOptions {
  /**
   * HMAC-SHA256 key of the tokens (at least 16 characters). Give every instance the same one so a retry reaching
   * another instance is accepted; without it each server instance signs with a random key of its own.
   */
  secret?: string;
  /** How long a token is accepted, in milliseconds (default 600000: ten minutes to answer). */
  ttlMs?: number;
}

const encoder = new TextEncoder();

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Seals and opens `requestState` tokens: `<base64url JSON>.<base64url HMAC>`, the JSON carrying its expiry. The
 * client must not read them and cannot alter them; nothing is kept on the server between the rounds.
 */
export class RequestStateCodec {
  private key: Promise<CryptoKey> | null = null;
  private readonly secret: string | undefined;
  private readonly ttlMs: number;

  constructor(options: RequestStateOptions = {}) {
    if (options.secret !== undefined && (typeof options.secret !== 'string' || options.secret.length < 16))
      throw new TypeError('requestState.secret must be a string of at least 16 characters');
    const ttl = options.ttlMs ?? 600_000;
    if (!(typeof ttl === 'number' && ttl > 0 && Number.isFinite(ttl)))
      throw new TypeError(`requestState.ttlMs must be a positive number of milliseconds, got ${String(ttl)}`);
    this.secret = options.secret;
    this.ttlMs = ttl;
  }

  /** The HMAC key, made on first use (workers allow crypto only inside a request). */
  private hmac(): Promise<CryptoKey> {
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    return (this.key ??=
      this.secret === undefined
        ? (crypto.subtle.generateKey(algorithm, false, ['sign', 'verify']) as Promise<CryptoKey>)
        : crypto.subtle.importKey('raw', encoder.encode(this.secret), algorithm, false, ['sign', 'verify']));
  }

  /** A token carrying `payload` until the ttl passes. */
  async seal(payload: Record<string, unknown>): Promise<string> {
    const body = encoder.encode(JSON.stringify({ ...payload, exp: Date.now() + this.ttlMs }));
    const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await this.hmac(), body));
    return `${base64url(body)}.${base64url(signature)}`;
  }

  /** The payload of a token this server sealed and whose ttl has not passed; null for anything else. */
  async open(token: string): Promise<Record<string, unknown> | null> {
    const [body, sig, extra] = token.split('.');
    if (extra !== undefined || !body || !sig) return null;
    const bytes = fromBase64url(body);
    const signature = fromBase64url(sig);
    if (!bytes || !signature || !(await crypto.subtle.verify('HMAC', await this.hmac(), signature, bytes))) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return null;
    }
    return isObject(payload) && typeof payload.exp === 'number' && payload.exp >= Date.now() ? payload : null;
  }
}
