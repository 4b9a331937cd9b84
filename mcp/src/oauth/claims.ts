import { scopesOfClaims } from './scopes';
import { TokenError, type MCPAuthInfo } from './types';

/** What accepted claims must satisfy: trusted issuers, this resource as audience, the clock skew allowed. */
export interface ClaimRules {
  issuers: readonly string[];
  /** Audiences accepted exactly (`oauth.audience`); when empty, the resource identifier, compared canonically. */
  audiences: readonly string[];
  resource: string;
  /** JWTs must name an audience (RFC 9068); an introspection answer may leave it out. */
  audienceRequired: boolean;
  clockToleranceSeconds: number;
}

/** A resource URI with scheme and host lowercased and no trailing slash (the spec's canonical form). */
function canonical(uri: string): string {
  if (!URL.canParse(uri)) return uri;
  const url = new URL(uri);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

function isForThisResource(aud: string, rules: ClaimRules): boolean {
  return rules.audiences.length > 0 ? rules.audiences.includes(aud) : canonical(aud) === canonical(rules.resource);
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
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.some((one) => typeof one === 'string' && isForThisResource(one, rules))) {
    const expected = rules.audiences.length > 0 ? rules.audiences.join(', ') : rules.resource;
    throw new TokenError(`the token was issued for ${audiences.map(String).join(', ')}, not for this resource (${expected})`);
  }
}

function checkTimes(claims: Record<string, unknown>, tolerance: number): void {
  const now = Date.now() / 1000;
  if (typeof claims.exp === 'number' && claims.exp + tolerance <= now) throw new TokenError('the token has expired');
  if (typeof claims.nbf === 'number' && claims.nbf - tolerance > now) throw new TokenError('the token is not valid yet (nbf)');
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Checks a token's claims (audience bound to this resource, RFC 8707; issuer; lifetime) and reads who called. */
export function authInfoOf(claims: Record<string, unknown>, rules: ClaimRules): MCPAuthInfo {
  checkAudience(claims, rules);
  if (claims.iss !== undefined && !rules.issuers.includes(claims.iss as string))
    throw new TokenError(`the token's issuer ${JSON.stringify(claims.iss)} is not an authorization server of this resource`);
  checkTimes(claims, rules.clockToleranceSeconds);
  const info: MCPAuthInfo = { scopes: scopesOfClaims(claims), claims };
  const subject = optionalString(claims.sub);
  const clientId = optionalString(claims.client_id) ?? optionalString(claims.azp);
  const issuer = optionalString(claims.iss);
  if (subject !== undefined) info.subject = subject;
  if (clientId !== undefined) info.clientId = clientId;
  if (issuer !== undefined) info.issuer = issuer;
  if (typeof claims.exp === 'number') info.expiresAt = claims.exp;
  return info;
}
