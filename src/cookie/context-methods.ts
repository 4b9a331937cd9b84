/**
 * `ctx.cookie()`, `ctx.setCookie()` and `ctx.deleteCookie()`: `fw`'s `Fw` adds them to its own context class
 * (`addCookieMethods()`) as the spec's context API; the kernel (`fw/core`) has the free functions of `fw/cookie`.
 */
import type { Context } from '../core/context';
import type { CookieOptions } from '../core/cookie';
import type { RouteInput } from '../core/typed-routes';
import { deleteCookie, getCookie, setCookie } from './cookies';

declare module '../core/context' {
  interface Context<Env, State extends Record<string, any>, Input extends RouteInput> {
    /** One request cookie (decoded), or null. */
    cookie(name: string): string | null;
    /** Adds a Set-Cookie header; several cookies stay separate headers. */
    setCookie(name: string, value: string, options?: CookieOptions): void;
    /** Expires a cookie in the browser. */
    deleteCookie(name: string, options?: CookieOptions): void;
  }
}

const methods = {
  cookie(this: Context, name: string): string | null {
    return getCookie(this, name);
  },
  setCookie(this: Context, name: string, value: string, options?: CookieOptions): void {
    setCookie(this, name, value, options);
  },
  deleteCookie(this: Context, name: string, options?: CookieOptions): void {
    deleteCookie(this, name, options);
  },
};

/** Adds the cookie methods to one context class's prototype (`fw`'s own, which only its apps use). */
export function addCookieMethods(prototype: Context): void {
  for (const [name, fn] of Object.entries(methods)) {
    Object.defineProperty(prototype, name, { value: fn, writable: true, configurable: true, enumerable: false });
  }
}
