/** Shared pieces of the session tests: secrets, cookie jar helpers, and HMAC cookies signed the way the module does. */
import { createHmac } from 'node:crypto';

export const secret = 'a-test-secret-of-at-least-32-characters!';
export const otherSecret = 'another-secret-that-is-32-chars-or-more';

/** The `name=value` part of a response's Set-Cookie for one cookie name, or null. */
export function setCookieOf(response: Response, name = 'session'): string | null {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line ?? null;
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: Response, name = 'session'): string {
  const line = setCookieOf(response, name);
  if (line === null) throw new Error(`no ${name} cookie set`);
  return line.split(';')[0];
}

/** A cookie value signed with node:crypto (an independent HMAC-SHA256 implementation). */
export function signedValue(id: string, key: string): string {
  return `${id}.${createHmac('sha256', key).update(id).digest('base64url')}`;
}
