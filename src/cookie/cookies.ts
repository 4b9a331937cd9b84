/** Reading and setting cookies on a request's context, without the context carrying cookie methods. */
import type { Context } from '../core/context';
import { readCookie, serializeCookie, type CookieOptions } from '../core/cookie';

/** One request cookie (decoded), or null when absent. */
export function getCookie(ctx: Context, name: string): string | null {
  return readCookie(ctx.request.headers.get('cookie'), name);
}

/** Adds a Set-Cookie header to whatever the handler answers; several cookies stay separate headers; a bad name throws. */
export function setCookie(ctx: Context, name: string, value: string, options?: CookieOptions): void {
  (ctx.responseCookies ??= []).push(serializeCookie(name, value, options));
}

/** Expires a cookie in the browser (Max-Age=0 and an Expires in 1970, on the path and domain given). */
export function deleteCookie(ctx: Context, name: string, options: CookieOptions = {}): void {
  setCookie(ctx, name, '', { ...options, maxAge: 0, expires: new Date(0) });
}
