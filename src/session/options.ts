import type { Context } from '../core/context';
import type { CookieOptions } from '../core/cookie';
import { MemorySessionStore } from './memory-store';
import type { SessionOptions, SessionStore } from './types';
import { checkOptions } from '../core/options';
import { serializeCookie } from '../core/cookie';

const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** `session()` options checked and filled with their defaults. */
export interface ResolvedSessionOptions {
  secrets: string[];
  name: string;
  ttl: number;
  store: (ctx: Context) => SessionStore;
  cookie: CookieOptions;
  generateId: () => string;
  onCreated: SessionOptions['onCreated'];
}

/** 32 random bytes, base64url: 256 bits nobody can guess. */
export function randomSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function checkedGenerator(generate: () => string): () => string {
  return () => {
    const id = generate();
    if (typeof id !== 'string' || id.length === 0 || id.length > 256)
      throw new TypeError(`session: generateId must return a non-empty string of at most 256 characters, got ${JSON.stringify(id)}`);
    return id;
  };
}

/** Every option of session(), so a mistyped key fails at startup. */
const sessionOptionsKeys: Record<keyof SessionOptions, true> = {
  secret: true,
  name: true,
  ttl: true,
  store: true,
  cookie: true,
  generateId: true,
  onCreated: true,
};

/** Checks the cookie attributes at startup with the serializer every request uses (Secure assumed, as on https). */
function checkCookieOptions(name: string, maxAge: number, cookie: CookieOptions | undefined): void {
  try {
    serializeCookie(name, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure: true, maxAge, ...cookie });
  } catch (error) {
    throw new TypeError(`session: cookie options: ${(error as Error).message}`);
  }
}

/** Checks `session()` options, throwing a TypeError that names the bad field. */
export function resolveSessionOptions(options: SessionOptions): ResolvedSessionOptions {
  if (!options || typeof options !== 'object') throw new TypeError('session: options with a secret are required');
  checkOptions('session()', options, sessionOptionsKeys);
  const secrets = Array.isArray(options.secret) ? options.secret : [options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.length < 32)) {
    throw new TypeError('session: secret must be a string (or a non-empty list of strings) of at least 32 characters');
  }
  const name = options.name ?? 'session';
  if (typeof name !== 'string' || !tokenPattern.test(name)) throw new TypeError(`session: invalid cookie name ${JSON.stringify(name)}`);
  const ttl = options.ttl ?? 86_400;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)
    throw new TypeError(`session: ttl must be a positive number of seconds, got ${String(ttl)}`);
  const store = options.store ?? new MemorySessionStore();
  if (
    typeof store !== 'function' &&
    (typeof store?.get !== 'function' || typeof store.set !== 'function' || typeof store.delete !== 'function')
  ) {
    throw new TypeError('session: store must have get, set and delete (a SessionStore), or be a function returning one');
  }
  if (options.generateId !== undefined && typeof options.generateId !== 'function')
    throw new TypeError('session: generateId must be a function');
  if (options.onCreated !== undefined && typeof options.onCreated !== 'function')
    throw new TypeError('session: onCreated must be a function');
  checkCookieOptions(name, Math.ceil(ttl), options.cookie);
  return {
    secrets,
    name,
    ttl,
    store: typeof store === 'function' ? store : () => store,
    cookie: options.cookie ?? {},
    generateId: checkedGenerator(options.generateId ?? randomSessionId),
    onCreated: options.onCreated,
  };
}
