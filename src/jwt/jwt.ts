import type { JWTPayload } from 'jose';
import { jose } from './jose';
import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { authError, challenge } from '../bearer-auth/challenge';
import { checkClaimChecks, claimCheckKeys, failureDescription, joseOptions, type JwtClaimChecks } from './claims';
import { algorithmList, hmacAlgorithms, prepareKey, publicKeyAlgorithms, type JwtAlgorithm, type PublicKey } from './keys';
import { readToken, type TokenSource } from './token';

/** The claims of a verified token; add your own with `declare module 'fw/jwt' { interface JwtClaims { role: string } }`. */
export interface JwtClaims extends JWTPayload {}

declare module '../core/context' {
  interface Context<Env, State> {
    /** The claims of the token `jwt()` or `jwk()` verified for this request. */
    jwtPayload: JwtClaims;
  }
}

/** Where the token is read and how failures are answered (shared by `jwt()` and `jwk()`). */
export interface JwtRequestOptions extends JwtClaimChecks {
  /** The header holding `Bearer <token>` (default `Authorization`). */
  headerName?: string;
  /** A cookie holding the token, read when the header is absent. */
  cookie?: string;
  /** The `realm` of the `WWW-Authenticate` challenge (default: none). */
  realm?: string;
}

/** Options of `jwt()`: `alg`, then `secret` for HS* or `key` for the public-key algorithms. */
export interface JwtOptions extends JwtRequestOptions {
  /** The algorithm(s) tokens are signed with; any other (and `none`) is refused. */
  alg: JwtAlgorithm | JwtAlgorithm[];
  /** The shared secret of HS256/384/512. */
  secret?: string | Uint8Array;
  /** The public key of RS*, PS*, ES*, EdDSA: a CryptoKey, a public JWK or an SPKI PEM text. */
  key?: PublicKey;
}

/** The option names of `JwtRequestOptions`, for the option checks of both middleware. */
export const requestOptionKeys: Record<keyof JwtRequestOptions, true> = { ...claimCheckKeys, headerName: true, cookie: true, realm: true };
const keys: Record<keyof JwtOptions, true> = { ...requestOptionKeys, alg: true, secret: true, key: true };

/** Throws at startup when the request options have the wrong type; returns where to read the token. */
export function tokenSource(where: string, options: JwtRequestOptions): TokenSource {
  checkClaimChecks(where, options);
  for (const name of ['headerName', 'cookie', 'realm'] as const)
    if (options[name] !== undefined && typeof options[name] !== 'string') throw new TypeError(`${where}: \`${name}\` must be a string`);
  if (options.headerName === '' || options.cookie === '') throw new TypeError(`${where}: \`headerName\` and \`cookie\` must not be empty`);
  return { headerName: options.headerName ?? 'authorization', cookie: options.cookie };
}

/** The three refusals of a token middleware, as RFC 6750 spells them. */
export interface TokenRefusals {
  missing(): never;
  malformed(): never;
  invalid(error: unknown): never;
}

/** Builds the refusals of a realm: 401 without credentials, 400 for a malformed header, 401 `invalid_token`. */
export function tokenRefusals(realm: string | undefined): TokenRefusals {
  const missing = challenge('Bearer', { realm });
  const malformed = challenge('Bearer', { realm, error: 'invalid_request', error_description: 'malformed bearer credentials' });
  return {
    missing: () => {
      throw authError(401, 'Authentication required', 'UNAUTHORIZED', missing);
    },
    malformed: () => {
      throw authError(400, 'Malformed bearer credentials', 'INVALID_REQUEST', malformed);
    },
    invalid: (error) => {
      const description = failureDescription(error);
      throw authError(
        401,
        `Invalid token: ${description}`,
        'INVALID_TOKEN',
        challenge('Bearer', { realm, error: 'invalid_token', error_description: description }),
      );
    },
  };
}

/** The token of the request, or the refusal thrown for a missing or malformed one. */
export function requireToken(ctx: Context, source: TokenSource, refusals: TokenRefusals): string {
  const token = readToken(ctx, source);
  if (token === 'missing') return refusals.missing();
  if (token === 'malformed') return refusals.malformed();
  return token;
}

/**
 * JWT authentication: verifies the token of `Authorization: Bearer` (or of a cookie) with jose, checks `exp`/`nbf`
 * (with `clockTolerance`) and the configured `iss`, `aud`, `sub`, age and required claims, and puts the claims on
 * `ctx.jwtPayload`. Refusals are 401 (400 for a malformed header) with an RFC 6750 `WWW-Authenticate`.
 */
export function jwt(options: JwtOptions): Middleware {
  checkOptions('jwt()', options, keys);
  const source = tokenSource('jwt()', options);
  const algorithms = algorithmList('jwt()', options.alg, [...hmacAlgorithms, ...publicKeyAlgorithms]);
  const key = prepareKey('jwt()', options.secret, options.key, algorithms);
  const verifyOptions = joseOptions(options, algorithms);
  const refusals = tokenRefusals(options.realm);

  return async (ctx, next) => {
    const token = requireToken(ctx, source, refusals);
    const verifyKey = await key();
    let payload: JWTPayload;
    try {
      payload = (await (await jose()).jwtVerify(token, verifyKey, verifyOptions)).payload;
    } catch (error) {
      return refusals.invalid(error);
    }
    ctx.jwtPayload = payload as JwtClaims;
    return next();
  };
}
