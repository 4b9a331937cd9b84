import type { JWK, JWTVerifyGetKey } from 'jose';
import { jose } from '../jwt/jose';
import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { joseOptions } from '../jwt/claims';
import { type JwtClaims, type JwtRequestOptions, requestOptionKeys, requireToken, tokenRefusals, tokenSource } from '../jwt/jwt';
import { readToken } from '../jwt/token';
import { algorithmList, publicKeyAlgorithms, type PublicKeyAlgorithm } from '../jwt/keys';
import { combinedKeySet, KeySetUnavailableError, remoteKeySet, type KeySetTiming } from './key-set';

/** Options of `jwk()`: `alg`, and keys from `jwksUrl`, `keys`, or both. */
export interface JwkOptions extends JwtRequestOptions {
  /** The public-key algorithm(s) tokens are signed with (HS* and `none` are refused). */
  alg: PublicKeyAlgorithm | PublicKeyAlgorithm[];
  /** The JWKS URL (`https://issuer/.well-known/jwks.json`), or a function of the request (a URL from `ctx.env`). */
  jwksUrl?: string | URL | ((ctx: Context) => string | URL);
  /** Public JWKs used before the remote set. */
  keys?: JWK[];
  /** Let requests without a token through (without `ctx.jwtPayload`); a token that is sent must still verify. */
  allowAnonymous?: boolean;
  /** Milliseconds a fetched set is used before it is fetched again (default 600000). */
  cacheMaxAge?: number;
  /** Milliseconds after a fetch during which an unknown `kid` does not fetch again (default 30000). */
  cooldown?: number;
  /** Milliseconds a JWKS fetch may take (default 5000). */
  timeout?: number;
}

const keys: Record<keyof JwkOptions, true> = {
  ...requestOptionKeys,
  alg: true,
  jwksUrl: true,
  keys: true,
  allowAnonymous: true,
  cacheMaxAge: true,
  cooldown: true,
  timeout: true,
};

/** Key sets of a `jwksUrl` function, by URL; bounded, so URLs built from request data cannot grow it without end. */
const maxRemoteSets = 16;

function checkUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`jwk(): \`jwksUrl\` must be an absolute http(s) URL, got ${JSON.stringify(String(url))}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new TypeError(`jwk(): \`jwksUrl\` must use http or https, got ${parsed.protocol}`);
  return parsed;
}

function timingOf(options: JwkOptions): KeySetTiming {
  const timing = { cacheMaxAge: options.cacheMaxAge ?? 600_000, cooldown: options.cooldown ?? 30_000, timeout: options.timeout ?? 5_000 };
  for (const [name, value] of Object.entries(timing))
    if (!(typeof value === 'number' && Number.isInteger(value) && value >= 0))
      throw new TypeError(`jwk(): \`${name}\` must be an integer number of milliseconds >= 0, got ${String(value)}`);
  return timing;
}

function checkKeys(list: unknown): JWK[] | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.some((k) => typeof k !== 'object' || k === null || typeof (k as JWK).kty !== 'string'))
    throw new TypeError('jwk(): `keys` must be a list of JWK objects (each with "kty")');
  if (list.some((k) => (k as JWK).d !== undefined || (k as JWK).kty === 'oct'))
    throw new TypeError('jwk(): `keys` must hold public keys only (no "d", not "oct")');
  return list as JWK[];
}

/** The key lookup of one request: fixed for a URL or keys, per URL (cached) for a `jwksUrl` function. */
function keyLookup(options: JwkOptions, timing: KeySetTiming): (ctx: Context) => JWTVerifyGetKey {
  const fixedKeys = checkKeys(options.keys);
  const url = options.jwksUrl;
  if (url === undefined && fixedKeys === undefined)
    throw new TypeError('jwk(): give `jwksUrl` (the JWKS URL), `keys` (public JWKs), or both');
  if (typeof url !== 'function') {
    const set = combinedKeySet(fixedKeys, url === undefined ? undefined : remoteKeySet(checkUrl(url), timing));
    return () => set;
  }
  const sets = new Map<string, JWTVerifyGetKey>();
  return (ctx) => {
    let href: string;
    try {
      href = new URL(url(ctx)).href;
    } catch (error) {
      throw new KeySetUnavailableError(error);
    }
    let set = sets.get(href);
    if (set === undefined) {
      if (sets.size >= maxRemoteSets) sets.delete(sets.keys().next().value as string);
      set = combinedKeySet(fixedKeys, remoteKeySet(new URL(href), timing));
      sets.set(href, set);
    }
    return set;
  };
}

/**
 * JWT authentication with keys from a JWKS (Hono's `jwk`): the set is fetched with jose, kept `cacheMaxAge`,
 * fetched again for an unknown `kid` at most once per `cooldown` (key rotation). Token refusals are `jwt()`'s 401/400;
 * a key server that cannot be reached gives 503 `JWKS_UNAVAILABLE`. Claims go to `ctx.jwtPayload`.
 */
export function jwk(options: JwkOptions): Middleware {
  checkOptions('jwk()', options, keys);
  const source = tokenSource('jwk()', options);
  const algorithms = algorithmList('jwk()', options.alg, publicKeyAlgorithms);
  if (options.allowAnonymous !== undefined && typeof options.allowAnonymous !== 'boolean')
    throw new TypeError('jwk(): `allowAnonymous` must be a boolean');
  const lookup = keyLookup(options, timingOf(options));
  const verifyOptions = joseOptions(options, algorithms);
  const refusals = tokenRefusals(options.realm);
  const anonymous = options.allowAnonymous === true;

  return async (ctx, next) => {
    if (anonymous && readToken(ctx, source) === 'missing') return next();
    const token = requireToken(ctx, source, refusals);
    const keySet = lookup(ctx);
    try {
      ctx.jwtPayload = (await (await jose()).jwtVerify(token, keySet, verifyOptions)).payload as JwtClaims;
    } catch (error) {
      if (error instanceof KeySetUnavailableError) throw error;
      return refusals.invalid(error);
    }
    return next();
  };
}
