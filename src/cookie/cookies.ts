/** Reading and setting cookies on a request's context, without the context carrying cookie methods. */
import type { Context } from '../core/context';
import { readCookie, serializeCookie } from '../core/cookie';
import { readCookies } from './cookie-parse';
import { type CookiePrefix, prefixedName, prefixedOptions, type SetCookieOptions } from './cookie-prefix';

/** Every request cookie at once, by name (decoded; the first of two with one name). */
export function getCookie(ctx: Context): Record<string, string>;
/** One request cookie (decoded; `prefix` reads `__Secure-<name>` or `__Host-<name>`), or null when absent. */
export function getCookie(ctx: Context, name: string, prefix?: CookiePrefix): string | null;
export function getCookie(ctx: Context, name?: string, prefix?: CookiePrefix): string | null | Record<string, string> {
  const header = ctx.request.headers.get('cookie');
  return name === undefined ? readCookies(header) : readCookie(header, prefixedName(name, prefix));
}

/** Adds a Set-Cookie header to whatever the handler answers; several cookies stay separate headers; a bad name throws. */
export function setCookie(ctx: Context, name: string, value: string, options?: SetCookieOptions): void {
  (ctx.responseCookies ??= []).push(serializeCookie(prefixedName(name, options?.prefix), value, prefixedOptions(options)));
}

/** Expires a cookie in the browser (Max-Age=0 and an Expires in 1970, on the path and domain given). */
export function deleteCookie(ctx: Context, name: string, options: SetCookieOptions = {}): void {
  setCookie(ctx, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}
