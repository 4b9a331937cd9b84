/** Signed cookies on a request's context: `getSignedCookie` and `setSignedCookie` (HMAC-SHA256 through WebCrypto). */
import type { Context } from '../core/context';
import { readCookie } from '../core/cookie';
import { readCookies } from './cookie-parse';
import { type CookiePrefix, prefixedName, type SetCookieOptions } from './cookie-prefix';
import { type CookieSecret, secretList, signCookieValue, unsignCookieValue } from './cookie-signature';
import { setCookie } from './cookies';

/** Every signed-looking request cookie, by name: its value when a secret signed it, false when none did. */
export function getSignedCookie(ctx: Context, secret: CookieSecret): Promise<Record<string, string | false>>;
/** One signed request cookie: its value when a secret signed it, false when it is there but no secret signed it, null when absent. */
export function getSignedCookie(ctx: Context, secret: CookieSecret, name: string, prefix?: CookiePrefix): Promise<string | false | null>;
export async function getSignedCookie(
  ctx: Context,
  secret: CookieSecret,
  name?: string,
  prefix?: CookiePrefix,
): Promise<string | false | null | Record<string, string | false>> {
  secretList(secret, 'getSignedCookie()');
  const header = ctx.request.headers.get('cookie');
  if (name === undefined) return readAllSigned(header, secret);
  const raw = readCookie(header, prefixedName(name, prefix));
  if (raw === null) return null;
  const { valid, value } = await unsignCookieValue(raw, secret);
  return valid ? (value as string) : false;
}

async function readAllSigned(header: string | null, secret: CookieSecret): Promise<Record<string, string | false>> {
  const signed: Record<string, string | false> = Object.create(null);
  for (const [name, raw] of Object.entries(readCookies(header))) {
    if (!/\.[A-Za-z0-9+/]{43}=$/.test(raw)) continue;
    const { valid, value } = await unsignCookieValue(raw, secret);
    signed[name] = valid ? (value as string) : false;
  }
  return signed;
}

/** Adds a Set-Cookie header whose value is signed with the first secret (`value.signature`); options as `setCookie`. */
export async function setSignedCookie(
  ctx: Context,
  name: string,
  value: string,
  secret: CookieSecret,
  options?: SetCookieOptions,
): Promise<void> {
  if (typeof value !== 'string')
    throw new TypeError(`setSignedCookie(${JSON.stringify(name)}): the value must be a string, got ${typeof value}`);
  setCookie(ctx, name, await signCookieValue(value, secret), options);
}
