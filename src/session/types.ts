import type { Context } from '../core/context';
import type { CookieOptions } from '../core/cookie';
import type { Session } from './session';

/** The data a session keeps between requests: any JSON-serialisable fields. */
export type SessionData = Record<string, unknown>;

/** Where session data lives, server-side, keyed by session id; every call is asynchronous. */
export interface SessionStore {
  /** The stored data of a session, or null when absent or expired. */
  get(sid: string): Promise<SessionData | null>;
  /** Stores a session's data for `ttl` seconds. */
  set(sid: string, data: SessionData, ttl: number): Promise<void>;
  /** Forgets a session (no error when absent). */
  delete(sid: string): Promise<void>;
}

/** Options of `session()` (spec 2.1 `SessionOptions`). */
export interface SessionOptions {
  /** Signs the cookie (HMAC-SHA256). A list rotates keys: the first signs, every one verifies. At least 32 characters each. */
  secret: string | string[];
  /** Cookie name (default `session`). */
  name?: string;
  /** Lifetime in seconds, of the stored data and of the cookie (default 86400). */
  ttl?: number;
  /** Where data lives (default a `MemorySessionStore`), or a function picking it per request (Workers KV is on `ctx.env`). */
  store?: SessionStore | ((ctx: Context) => SessionStore);
  /** Cookie attributes; defaults are `Path=/`, `HttpOnly`, `SameSite=Lax`, `Secure` on https requests, `Max-Age` = ttl. */
  cookie?: CookieOptions;
  /** New session ids (default 32 random bytes, base64url). */
  generateId?: () => string;
  /** Called once when a new session is first stored. */
  onCreated?: (session: Session) => void | Promise<void>;
}
