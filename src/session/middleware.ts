import { serializeCookie, type CookieOptions } from '../core/cookie';
import type { Context } from '../core/context';
import { getCookie } from '../cookie/cookies';
import type { FwPluginConfig, Middleware } from '../core/types';
import { resolveSessionOptions, type ResolvedSessionOptions } from './options';
import { Session, type SessionBackend } from './session';
import { CookieSigner } from './signature';
import type { SessionOptions } from './types';

declare module '../core/context' {
  interface Context<Env, State> {
    /** This request's session (with `session()` mounted): assign fields, `save()`, `destroy()`, `regenerate()`. */
    session: Session;
  }
}

const maxCookieLength = 1024;

function cookieAttributes(ctx: Context, options: ResolvedSessionOptions): CookieOptions {
  const https = (ctx.protocol ?? (ctx.request.url.startsWith('https:') ? 'https' : 'http')) === 'https';
  return { path: '/', httpOnly: true, sameSite: 'Lax', secure: https, maxAge: Math.ceil(options.ttl), ...options.cookie };
}

function withCookie(response: Response, cookie: string): Response {
  const headers = new Headers(response.headers);
  headers.append('set-cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sessions as middleware: loads `ctx.session` from the signed cookie, saves changed fields when the request ends
 * and sets or clears the cookie. A missing, malformed, forged or expired cookie simply starts a fresh session.
 */
export function sessionMiddleware(options: SessionOptions): Middleware {
  const resolved = resolveSessionOptions(options);
  const signer = new CookieSigner(resolved.secrets);

  return async (ctx, next) => {
    const store = resolved.store(ctx);
    const stored = new Set<string>();
    let cookie: 'set' | 'clear' | null = null;
    const backend: SessionBackend = {
      async store(id, data, session) {
        await store.set(id, data, resolved.ttl);
        cookie = 'set';
        if (session.isNew && !stored.has(id)) {
          stored.add(id);
          await resolved.onCreated?.(session);
        }
      },
      async forget(id) {
        await store.delete(id);
        cookie = 'clear';
      },
      newId: resolved.generateId,
    };

    const raw = getCookie(ctx, resolved.name);
    const id = raw !== null && raw.length <= maxCookieLength ? await signer.verify(raw) : null;
    const data = id === null ? null : await store.get(id);
    const session = new Session(data === null ? resolved.generateId() : id!, data, backend);
    ctx.session = session;

    const response = await next();
    if (session.changed()) await session.save();
    if (cookie === null) return response;
    const attributes = cookieAttributes(ctx, resolved);
    const value =
      cookie === 'set'
        ? serializeCookie(resolved.name, await signer.sign(session.id), attributes)
        : serializeCookie(resolved.name, '', { ...attributes, maxAge: 0, expires: new Date(0) });
    return withCookie(response, value);
  };
}

/** Sessions for every request, as a plugin (`app.plugin(session({ secret }))`). */
export function session(options: SessionOptions): FwPluginConfig {
  const middleware = sessionMiddleware(options);
  return {
    name: 'session',
    setup(app) {
      app.use(middleware);
    },
  };
}
