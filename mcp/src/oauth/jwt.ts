import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { MCPJWTOptions } from './options';
import { AS_TIMEOUT_MS, type Discovery } from './discovery';
import { checkAccessTokenType } from './token-type';
import { TokenError } from './types';

/** Verifies a JWT access token's signature, issuer and lifetime; resolves with its claims. */
export type JWTCheck = (token: string) => Promise<Record<string, unknown>>;

/** What the JWT check needs: the trusted issuers, the `jwt` options and the clock skew allowed. */
export interface JWTCheckOptions {
  issuers: readonly string[];
  jwt: MCPJWTOptions;
  clockToleranceSeconds: number;
}

/** A JWS in compact form (three base64url parts); anything else is an opaque token. */
export function looksLikeJWT(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

const notAccepted: Record<string, string> = {
  ERR_JWT_EXPIRED: 'the token has expired',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'the token signature does not verify',
  ERR_JWKS_NO_MATCHING_KEY: 'the token is signed with a key its issuer does not publish (unknown kid)',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: "the token's header matches several of the issuer's keys and none verifies it",
  ERR_JOSE_ALG_NOT_ALLOWED: 'the token is signed with an algorithm this server does not accept',
};

/** A jose failure as a TokenError: the keys could not be had (503), or the token is not valid (401). */
function tokenErrorOf(error: unknown, keysURL: string): TokenError {
  const code = error instanceof errors.JOSEError ? error.code : undefined;
  if (code === undefined || code === 'ERR_JOSE_GENERIC' || code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JWKS_INVALID') {
    const reason =
      code === 'ERR_JWKS_TIMEOUT' ? `no answer within ${AS_TIMEOUT_MS} ms` : error instanceof Error ? error.message : String(error);
    return new TokenError(`the issuer's keys at ${keysURL} could not be fetched: ${reason}`, true);
  }
  return new TokenError(notAccepted[code] ?? `the token is not valid: ${(error as Error).message}`);
}

/**
 * Checks JWT access tokens (RFC 9068) with jose: the `iss` must be one of the listed authorization servers (read
 * before any fetch, so no token makes this server fetch from a host it does not trust); the issuer's key set comes
 * from its metadata's `jwks_uri` (or `jwt.jwksUri`), kept by jose's `createRemoteJWKSet`, which fetches it again when
 * a token names an unknown `kid` (key rotation) and works on workers; `exp` is required; the token must be an access
 * token, not an ID token the same issuer signed (`checkAccessTokenType`). The audience is checked by the caller
 * against this resource.
 */
export function createJWTCheck(options: JWTCheckOptions, discovery: Discovery): JWTCheck {
  const keySets = new Map<string, { keys: JWTVerifyGetKey; url: string }>();
  const keysOf = async (issuer: string) => {
    const known = keySets.get(issuer);
    if (known !== undefined) return known;
    const url = options.jwt.jwksUri ?? (await discovery(issuer)).jwks_uri;
    if (typeof url !== 'string' || !URL.canParse(url))
      throw new TokenError(`the metadata of ${issuer} names no jwks_uri: set oauth.jwt.jwksUri`, true);
    const keys = createRemoteJWKSet(new URL(url), {
      timeoutDuration: AS_TIMEOUT_MS,
      cacheMaxAge: (options.jwt.cacheMaxAgeSeconds ?? 600) * 1000,
      cooldownDuration: (options.jwt.cooldownSeconds ?? 30) * 1000,
    });
    keySets.set(issuer, { keys, url });
    return { keys, url };
  };
  return async (token) => {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new TokenError('the token is not a well-formed JWT');
    }
    if (typeof issuer !== 'string' || !options.issuers.includes(issuer))
      throw new TokenError(`the token's issuer ${JSON.stringify(issuer ?? null)} is not an authorization server of this resource`);
    const { keys, url } = await keysOf(issuer);
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(token, keys, {
        issuer,
        algorithms: options.jwt.algorithms,
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['exp'],
      });
    } catch (error) {
      throw tokenErrorOf(error, url);
    }
    checkAccessTokenType(verified.protectedHeader, verified.payload, options.jwt.requireAccessTokenType === true);
    return verified.payload;
  };
}
