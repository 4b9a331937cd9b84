/** The options of csrf() and their checks at startup. */
import type { Context } from '../core/context';
import type { CookieOptions } from '../core/cookie';
import { checkOptions } from '../core/options';
import type { CsrfOrigin, CsrfSecFetchSite } from './origin-check';

/** The token half of csrf(): a per-browser secret in a cookie and tokens the page sends back. */
export interface CsrfTokenOptions {
  /** The cookie holding the browser's secret (default `__Host-csrf`, which browsers accept only over HTTPS or on localhost). */
  cookie?: string;
  /** Set-Cookie attributes of that cookie (default HttpOnly, SameSite=Lax, Secure, Path=/). */
  cookieOptions?: CookieOptions;
  /** Request headers read for the token, first present wins (default x-csrf-token, csrf-token, x-xsrf-token, xsrf-token). */
  header?: string | string[];
  /** The form field read for the token in urlencoded and multipart bodies (default `_csrf`). */
  field?: string;
  /** Keys that sign tokens (the first signs, all verify); required with `bind`. Without one, the browser's secret signs. */
  secret?: string | string[];
  /** What a token is bound to (a session id, a user id): a token made for another value is refused. */
  bind?: (ctx: Context) => string | null | undefined | Promise<string | null | undefined>;
}

/** Options of csrf(). */
export interface CsrfOptions {
  /** Origins allowed to post forms (default: the request URL's origin). */
  origin?: CsrfOrigin;
  /** Sec-Fetch-Site values allowed to post forms (default `same-origin`). */
  secFetchSite?: CsrfSecFetchSite;
  /** Also require a token on every unsafe request (`true` for the defaults). */
  token?: boolean | CsrfTokenOptions;
}

/** The token settings, defaults applied. */
export interface TokenSettings {
  cookie: string;
  cookieOptions: CookieOptions;
  headers: string[];
  field: string;
  keys: string[];
  bind: CsrfTokenOptions['bind'];
}

const csrfKeys: Record<keyof CsrfOptions, true> = { origin: true, secFetchSite: true, token: true };
const tokenKeys: Record<keyof CsrfTokenOptions, true> = {
  cookie: true,
  cookieOptions: true,
  header: true,
  field: true,
  secret: true,
  bind: true,
};
const defaultHeaders = ['x-csrf-token', 'csrf-token', 'x-xsrf-token', 'xsrf-token'];
const headerName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function names(option: string | string[] | undefined, fallback: string[], what: string): string[] {
  const list = option === undefined ? fallback : Array.isArray(option) ? option : [option];
  if (list.length === 0 || list.some((name) => typeof name !== 'string' || !headerName.test(name)))
    throw new TypeError(`csrf: token.${what} must be a header name or a non-empty list of them, got ${JSON.stringify(option)}`);
  return list.map((name) => name.toLowerCase());
}

function keys(secret: string | string[] | undefined): string[] {
  const list = secret === undefined ? [] : Array.isArray(secret) ? secret : [secret];
  if (list.some((key) => typeof key !== 'string' || key.length < 16))
    throw new TypeError('csrf: token.secret must be a string of 16 characters or more (or a list of them); use 32 random bytes');
  return list;
}

/** Checks the options (an unknown key names the closest one) and returns the token settings, or null without a token. */
export function tokenSettings(options: CsrfOptions): TokenSettings | null {
  checkOptions('csrf()', options, csrfKeys);
  if (options.token === undefined || options.token === false) return null;
  if (options.token !== true && (typeof options.token !== 'object' || options.token === null))
    throw new TypeError(`csrf: token must be true, false or an object of token options, got ${String(options.token)}`);
  const token = options.token === true ? {} : options.token;
  checkOptions('csrf({ token })', token, tokenKeys);
  if (token.bind !== undefined && typeof token.bind !== 'function')
    throw new TypeError('csrf: token.bind must be a function (ctx) => string');
  if (token.bind !== undefined && token.secret === undefined)
    throw new TypeError(
      'csrf: token.bind needs token.secret: without a key of its own, whoever can set the cookie can make tokens for any binding',
    );
  if (token.field !== undefined && (typeof token.field !== 'string' || token.field === ''))
    throw new TypeError(`csrf: token.field must be a non-empty string, got ${JSON.stringify(token.field)}`);
  return {
    cookie: token.cookie ?? '__Host-csrf',
    cookieOptions: { httpOnly: true, sameSite: 'Lax', secure: true, path: '/', ...token.cookieOptions },
    headers: names(token.header, defaultHeaders, 'header'),
    field: token.field ?? '_csrf',
    keys: keys(token.secret),
    bind: token.bind,
  };
}
