/** Issuing and checking the tokens of csrf({ token }) on a request's context. */
import type { Context } from '../core/context';
import { readCookie, serializeCookie } from '../core/cookie';
import { ForbiddenError } from '../core/errors';
import type { TokenSettings } from './csrf-options';
import { createToken, randomText, verifyToken } from './token-codec';
import { requestToken } from './token-source';

/** The settings of the csrf({ token }) covering each request in flight, for `csrfToken(ctx)`. */
const covering = new WeakMap<Context, TokenSettings>();
/** A secret made during this request (no cookie yet), so two tokens of one answer share one cookie. */
const madeSecrets = new WeakMap<Context, string>();

/** Checks the cookie settings at startup by writing a cookie with them once. */
export function checkCookieSettings(settings: TokenSettings): void {
  serializeCookie(settings.cookie, 'x', settings.cookieOptions);
}

/** Marks a request as covered by these token settings. */
export function cover(ctx: Context, settings: TokenSettings): void {
  covering.set(ctx, settings);
}

async function binding(ctx: Context, settings: TokenSettings): Promise<string> {
  return settings.bind === undefined ? '' : ((await settings.bind(ctx)) ?? '');
}

/**
 * A token for the page this request renders (put it in a hidden `_csrf` field or send it back in `x-csrf-token`);
 * sets the secret cookie first when the browser has none. Throws when no csrf({ token }) covers the request.
 */
export async function csrfToken(ctx: Context): Promise<string> {
  const settings = covering.get(ctx);
  if (settings === undefined)
    throw new Error('csrfToken(): no csrf({ token }) middleware covers this request; app.use(csrf({ token: true })) on its path first');
  let secret = readCookie(ctx.request.headers.get('cookie'), settings.cookie) || madeSecrets.get(ctx);
  if (!secret) {
    secret = randomText(16);
    madeSecrets.set(ctx, secret);
    (ctx.responseCookies ??= []).push(serializeCookie(settings.cookie, secret, settings.cookieOptions));
  }
  return createToken(secret, settings.keys, await binding(ctx, settings));
}

/** Refuses (403) an unsafe request without the secret cookie or without a token made for it. */
export async function checkToken(ctx: Context, settings: TokenSettings): Promise<void> {
  const secret = readCookie(ctx.request.headers.get('cookie'), settings.cookie);
  if (!secret) throw new ForbiddenError('Missing CSRF secret cookie', { code: 'CSRF_SECRET_MISSING' });
  const token = await requestToken(ctx, settings.headers, settings.field);
  if (!token) throw new ForbiddenError('Missing CSRF token', { code: 'CSRF_TOKEN_MISSING' });
  if (!(await verifyToken(token, secret, settings.keys, await binding(ctx, settings))))
    throw new ForbiddenError('Invalid CSRF token', { code: 'CSRF_TOKEN_INVALID' });
}
