import type { Context } from '../core/context';
import { bearerToken } from '../bearer-auth/bearer-auth';
import { getCookie } from '../cookie/cookies';

/** Where a token middleware reads the token: a header with the Bearer scheme, then (without the header) a cookie. */
export interface TokenSource {
  headerName: string;
  cookie: string | undefined;
}

/**
 * The token of a request: from the header when it holds `Bearer …`, else from the cookie; `missing` when neither
 * has one (another scheme counts as none, RFC 6750 3), `malformed` when the header is `Bearer` without one token.
 */
export function readToken(ctx: Context, source: TokenSource): string | 'missing' | 'malformed' {
  const header = ctx.header(source.headerName);
  if (header !== null && header !== '') {
    const token = bearerToken(header, 'Bearer');
    if (token !== 'other-scheme') return token;
  }
  if (source.cookie === undefined) return 'missing';
  const value = getCookie(ctx, source.cookie);
  return value === null || value === '' ? 'missing' : value;
}
