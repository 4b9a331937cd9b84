import type { Context } from 'fw';
import type { MCPOAuthOptions } from './options';
import { normalResourceURI } from './audience';
import { authInfoOf, type ClaimRules } from './claims';
import { createDiscovery } from './discovery';
import { createIntrospection, type Introspect } from './introspection';
import { createIntrospectionCache } from './introspection-cache';
import { createJWTCheck, looksLikeJWT } from './jwt';
import type { MCPAuthInfo } from '../auth/info';
import { isRecord, TokenError } from './types';

/** Checks an access token presented to `resource`; rejects with a TokenError. */
export type TokenVerifier = (token: string, ctx: Context, resource: string) => Promise<MCPAuthInfo>;

/** The `introspect` hook as an Introspect: its failures and odd answers are the server's trouble (503), not the client's. */
function fromHook(hook: NonNullable<MCPOAuthOptions['introspect']>, ctx: Context): Introspect {
  return async (token) => {
    let claims: unknown;
    try {
      claims = await hook(token, ctx);
    } catch (error) {
      throw new TokenError(`oauth.introspect threw: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    if (claims === null || (isRecord(claims) && claims.active === false)) return null;
    if (!isRecord(claims)) throw new TokenError(`oauth.introspect must return the token's claims or null, got ${typeof claims}`, true);
    return claims;
  };
}

/**
 * The token check of an OAuth-protected server: a JWT (three base64url parts) is verified against its issuer's keys
 * unless `jwt` is false; any other token goes to `introspect`, else to RFC 7662 introspection, whose answers are
 * cached (`introspectionCache`). Then the claims must be well typed and name someone (`sub` or a client id), name
 * this resource as audience (in RFC 3986 normal form, or exactly one of `audience`), a listed issuer, and a lifetime
 * that includes now (checked on every request, cached answers included).
 */
export function createTokenVerifier(oauth: MCPOAuthOptions): TokenVerifier {
  const discovery = createDiscovery();
  const issuers = oauth.authorizationServers;
  const clockToleranceSeconds = oauth.clockToleranceSeconds ?? 30;
  const audiences = oauth.audience === undefined ? [] : [oauth.audience].flat();
  const jwt = oauth.jwt === false ? null : createJWTCheck({ issuers, jwt: oauth.jwt ?? {}, clockToleranceSeconds }, discovery);
  const introspection = oauth.introspection === undefined ? null : createIntrospection(oauth.introspection, issuers[0], discovery);
  const hook = oauth.introspect;
  const cache = createIntrospectionCache(oauth.introspectionCache);
  const configured = oauth.resource === undefined ? undefined : normalResourceURI(oauth.resource);
  return async (token, ctx, resource) => {
    const normalResource = audiences.length > 0 ? undefined : resource === oauth.resource ? configured : normalResourceURI(resource);
    const rules: ClaimRules = { issuers, audiences, resource, normalResource, audienceRequired: true, clockToleranceSeconds };
    if (jwt !== null && looksLikeJWT(token)) return authInfoOf(await jwt(token), rules);
    const introspect = hook === undefined ? introspection : fromHook(hook, ctx);
    if (introspect === null)
      throw new TokenError(
        'the token is not a JWT, and this server has no introspection to check other tokens (oauth.introspect or oauth.introspection)',
      );
    const claims = await cache(token, () => introspect(token));
    if (claims === null) throw new TokenError('the token is not active (revoked, expired or unknown to the authorization server)');
    return authInfoOf(claims, { ...rules, audienceRequired: false });
  };
}
