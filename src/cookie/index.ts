/**
 * `fw/cookie`: request and response cookies as free functions (Hono's shape), for `fw/core` apps and modules that
 * must work with either app: `getCookie(ctx, name)`, `setCookie(ctx, name, value, options)`, `deleteCookie(ctx, name)`.
 * `fw`'s `Fw` also offers them as `ctx.cookie()`, `ctx.setCookie()` and `ctx.deleteCookie()` (context-methods.ts).
 */
export { getCookie, setCookie, deleteCookie } from './cookies';
export { serializeCookie, readCookie, type CookieOptions } from '../core/cookie';
