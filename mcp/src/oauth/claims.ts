import { normalResourceURI, resourceURIProblem } from './audience';
import { checkClaimTypes } from './claim-types';
import { scopesOfClaims } from '../auth/scopes';
import type { MCPAuthInfo } from '../auth/info';
import { shown, TokenError } from './types';

/** What accepted claims must satisfy: trusted issuers, this resource as audience, the clock skew allowed. */
export interface ClaimRules {
  issuers: readonly string[];
  /** Audiences accepted exactly (`oauth.audience`); when empty, the resource identifier, compared in normal form. */
  audiences: readonly string[];
  resource: string;
  /** `resource` in normal form (`normalResourceURI`), worked out once per resource rather than per token. */
  normalResource: string | undefined;
  /** JWTs must name an audience (RFC 9068); an introspection answer may leave it out. */
  audienceRequired: boolean;
  clockToleranceSeconds: number;
}

function isForThisResource(aud: string, rules: ClaimRules): boolean {
  if (rules.audiences.length > 0) return rules.audiences.includes(aud);
  return rules.normalResource !== undefined && normalResourceURI(aud) === rules.normalResource;
}

/** Why no audience matched, with the reason an audience that is no usable resource URI was refused. */
function notForThisResource(audiences: string[], rules: ClaimRules): TokenError {
  const expected = rules.audiences.length > 0 ? rules.audiences.join(', ') : rules.resource;
  let message = `the token was issued for ${audiences.map(shown).join(', ')}, not for this resource (${expected})`;
  if (rules.audiences.length === 0)
    for (const aud of audiences) {
      const problem = resourceURIProblem(aud);
      if (problem !== undefined) message += `; the audience ${shown(aud)} is refused: ${problem}`;
    }
  return new TokenError(message);
}

function checkAudience(claims: Record<string, unknown>, rules: ClaimRules): void {
  const aud = claims.aud;
  if (aud === undefined) {
    if (rules.audienceRequired)
      throw new TokenError(
        'the token names no audience: ask the authorization server for a token for this resource (the resource parameter, RFC 8707)',
      );
    return;
  }
  const audiences = Array.isArray(aud) ? (aud as string[]) : [aud as string];
  if (!audiences.some((one) => isForThisResource(one, rules))) throw notForThisResource(audiences, rules);
}

function checkTimes(claims: Record<string, unknown>, tolerance: number): void {
  const now = Date.now() / 1000;
  if (typeof claims.exp === 'number' && claims.exp + tolerance <= now) throw new TokenError('the token has expired');
  if (typeof claims.nbf === 'number' && claims.nbf - tolerance > now) throw new TokenError('the token is not valid yet (nbf)');
}

/**
 * Checks a token's claims (their types, so that no malformed `sub` makes tokens share an identity; the audience
 * bound to this resource, RFC 8707; issuer; lifetime) and reads who called.
 */
export function authInfoOf(claims: Record<string, unknown>, rules: ClaimRules): MCPAuthInfo {
  checkClaimTypes(claims);
  checkAudience(claims, rules);
  if (claims.iss !== undefined && !rules.issuers.includes(claims.iss as string))
    throw new TokenError(`the token's issuer ${shown(JSON.stringify(claims.iss))} is not an authorization server of this resource`);
  checkTimes(claims, rules.clockToleranceSeconds);
  const info: MCPAuthInfo = { scopes: scopesOfClaims(claims), claims };
  const clientId = (claims.client_id ?? claims.azp) as string | undefined;
  if (claims.sub !== undefined) info.subject = claims.sub as string;
  if (clientId !== undefined) info.clientId = clientId;
  if (claims.iss !== undefined) info.issuer = claims.iss as string;
  if (claims.exp !== undefined) info.expiresAt = claims.exp as number;
  return info;
}
