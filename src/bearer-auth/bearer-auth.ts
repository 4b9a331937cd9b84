import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { authError, challenge } from './challenge';
import { digest, sameDigest } from './timing-safe';

declare module '../core/context' {
  interface Context<Env, State> {
    /** The bearer token `bearerAuth()` accepted for this request. */
    bearerToken: string;
  }
}

/** Options of `bearerAuth()`: `token` (one or a list) or `verify`, exactly one of them. */
export interface BearerAuthOptions {
  /** The accepted token, or a list of them (compared in constant time). */
  token?: string | string[];
  /** Decides whether a well-formed token is valid (a database or introspection lookup). */
  verify?: (token: string, ctx: Context) => boolean | Promise<boolean>;
  /** The `realm` of the `WWW-Authenticate` challenge (default: none). */
  realm?: string;
  /** The scheme before the token (default `Bearer`, matched case-insensitively); `''` reads the whole header. */
  prefix?: string;
  /** The header holding the credentials (default `Authorization`). */
  headerName?: string;
}

const keys: Record<keyof BearerAuthOptions, true> = { token: true, verify: true, realm: true, prefix: true, headerName: true };

/** RFC 6750's b64token: the only characters a bearer token may hold. */
const tokenSyntax = /^[A-Za-z0-9._~+/-]+=*$/;

function checkBearerOptions(options: BearerAuthOptions): void {
  checkOptions('bearerAuth()', options, keys);
  const tokens = options.token === undefined ? undefined : Array.isArray(options.token) ? options.token : [options.token];
  if ((tokens === undefined) === (options.verify === undefined))
    throw new TypeError('bearerAuth(): give either `token` (a string or a list) or `verify` (a function), exactly one of them');
  if (tokens !== undefined && (tokens.length === 0 || tokens.some((t) => typeof t !== 'string' || !tokenSyntax.test(t))))
    throw new TypeError(
      'bearerAuth(): `token` must be a non-empty token or list of them, each made of A-Z a-z 0-9 . _ ~ + / - (then = padding)',
    );
  if (options.verify !== undefined && typeof options.verify !== 'function')
    throw new TypeError(`bearerAuth(): \`verify\` must be a function (token, ctx) => boolean, got ${typeof options.verify}`);
  for (const name of ['realm', 'prefix', 'headerName'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'string')
      throw new TypeError(`bearerAuth(): \`${name}\` must be a string, got ${typeof options[name]}`);
  if (options.prefix !== undefined && /\s/.test(options.prefix))
    throw new TypeError('bearerAuth(): `prefix` is a single word such as "Bearer"');
  if (options.headerName === '') throw new TypeError('bearerAuth(): `headerName` must not be empty');
}

/**
 * The token of an Authorization value: `other-scheme` when the first word is not `prefix` (RFC 6750 3: another
 * method counts as no credentials), `malformed` when it is but no single well-formed token follows.
 */
export function bearerToken(value: string, prefix: string): string | 'other-scheme' | 'malformed' {
  if (prefix !== '') {
    const space = value.indexOf(' ');
    const scheme = space < 0 ? value : value.slice(0, space);
    if (scheme.toLowerCase() !== prefix.toLowerCase()) return 'other-scheme';
    if (space < 0) return 'malformed';
    value = value.slice(space + 1).trim();
  }
  return tokenSyntax.test(value) ? value : 'malformed';
}

/**
 * Bearer token authentication (RFC 6750): no credentials get 401 with `WWW-Authenticate: Bearer realm=…`, a
 * malformed header 400 with `error="invalid_request"`, a wrong token 401 with `error="invalid_token"`. A valid token
 * is `ctx.bearerToken`; another scheme (`Basic …`) counts as no credentials. Fixed tokens are compared as SHA-256 digests in constant time.
 */
export function bearerAuth(options: BearerAuthOptions): Middleware {
  checkBearerOptions(options);
  const prefix = options.prefix ?? 'Bearer';
  const scheme = prefix === '' ? 'Bearer' : prefix;
  const headerName = options.headerName ?? 'authorization';
  const realm = options.realm;
  const verify = options.verify;
  const expected =
    options.token === undefined ? null : Promise.all((Array.isArray(options.token) ? options.token : [options.token]).map(digest));
  const missing = challenge(scheme, { realm });
  const malformed = challenge(scheme, { realm, error: 'invalid_request', error_description: 'malformed bearer credentials' });
  const invalid = challenge(scheme, { realm, error: 'invalid_token', error_description: 'the token is not valid' });

  const valid = async (token: string, ctx: Context): Promise<boolean> => {
    if (verify !== undefined) return (await verify(token, ctx)) === true;
    const given = await digest(token);
    let found = false;
    for (const d of (await expected) as Uint8Array[]) found = sameDigest(d, given) || found;
    return found;
  };

  return async (ctx, next) => {
    const header = ctx.header(headerName);
    const token = header === null || header === '' ? 'other-scheme' : bearerToken(header, prefix);
    if (token === 'other-scheme') throw authError(401, 'Authentication required', 'UNAUTHORIZED', missing);
    if (token === 'malformed') throw authError(400, 'Malformed bearer credentials', 'INVALID_REQUEST', malformed);
    if (!(await valid(token, ctx))) throw authError(401, 'Invalid token', 'INVALID_TOKEN', invalid);
    ctx.bearerToken = token;
    return next();
  };
}
