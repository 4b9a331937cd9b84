/**
 * `fw/cookie`: request and response cookies as free functions (Hono's shape), for `fw/core` apps and modules that
 * must work with either app: `getCookie(ctx, name?)`, `setCookie(ctx, name, value, options)`, `deleteCookie(ctx, name)`,
 * and signed cookies, `getSignedCookie(ctx, secret, name?)` and `setSignedCookie(ctx, name, value, secret, options)`.
 * `fw`'s `Fw` also offers the plain ones as `ctx.cookie()`, `ctx.setCookie()` and `ctx.deleteCookie()` (context-methods.ts).
 */
export { getCookie, setCookie, deleteCookie } from './cookies';
export { getSignedCookie, setSignedCookie } from './signed-cookies';
export { signCookieValue, unsignCookieValue, type CookieSecret, type UnsignedValue } from './cookie-signature';
export type { CookiePrefix, SetCookieOptions } from './cookie-prefix';
export { serializeCookie, readCookie, type CookieOptions } from '../core/cookie';
