import type { Context } from '../core/context';
import { getCookie } from '../cookie/cookies';

/** Where a token middleware reads the token: a header with the Bearer scheme, then (without the header) a cookie. */
export interface TokenSource {
  headerName: string;
  cookie: string | undefined;
}

/** The token of a request, `missing` when none was sent, `malformed` when the header is not `Bearer <token>`. */
export function readToken(ctx: Context, source: TokenSource): string | 'missing' | 'malformed' {
  const header = ctx.header(source.headerName);
  if (header !== null && header !== '') {
    const match = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
    return match === null ? 'malformed' : match[1];
  }
  if (source.cookie === undefined) return 'missing';
  const value = getCookie(ctx, source.cookie);
  return value === null || value === '' ? 'missing' : value;
}
