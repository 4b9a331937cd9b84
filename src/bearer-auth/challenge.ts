import { HttpError } from '../core/errors';

/**
 * A `WWW-Authenticate` challenge: the scheme, then each defined parameter as `name="value"` with `\` and `"`
 * escaped (RFC 9110 quoted-string), so a realm or description holding a quote cannot cut the header short.
 */
export function challenge(scheme: string, params: Record<string, string | undefined>): string {
  const parts: string[] = [];
  for (const name in params) {
    const value = params[name];
    if (value !== undefined) parts.push(`${name}="${value.replace(/[\\"]/g, '\\$&')}"`);
  }
  return parts.length === 0 ? scheme : `${scheme} ${parts.join(', ')}`;
}

/**
 * The error an auth middleware throws: fw answers it with `{ error, code }` at `status` and the challenge in
 * `WWW-Authenticate` (an `onError` hook may answer it differently, as with any HttpError).
 */
export function authError(status: 400 | 401, message: string, code: string, wwwAuthenticate: string): HttpError {
  return new HttpError(status, message, { code, headers: { 'www-authenticate': wwwAuthenticate } });
}
