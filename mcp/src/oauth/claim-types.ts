import { shown, TokenError } from './types';

/** Claims that name someone (RFC 7519 StringOrURI; RFC 9068 and RFC 7662 client ids): a non-empty string each. */
const nameClaims = ['sub', 'client_id', 'azp', 'iss'];
/** Claims that are a time (RFC 7519 NumericDate). */
const timeClaims = ['exp', 'nbf', 'iat'];

function isStrings(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function malformed(claim: string, value: unknown, expected: string): TokenError {
  return new TokenError(`the token's ${claim} claim must be ${expected}, got ${shown(JSON.stringify(value))}`);
}

/**
 * Checks the types of the claims this server reads, for a JWT and an introspection answer alike, so that no
 * malformed claim is read as something else (a numeric `sub` would give every such token one identity; a `scope`
 * object no scopes but no error either). A token must name a subject (`sub`) or a client (`client_id`, `azp`):
 * without either, every such token would be one principal.
 */
export function checkClaimTypes(claims: Record<string, unknown>): void {
  for (const claim of nameClaims) {
    const value = claims[claim];
    if (value !== undefined && (typeof value !== 'string' || value === ''))
      throw malformed(claim, value, 'a non-empty string (RFC 7519 section 4.1)');
  }
  for (const claim of timeClaims) {
    const value = claims[claim];
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value)))
      throw malformed(claim, value, 'a number of seconds since the epoch (RFC 7519 NumericDate)');
  }
  const aud = claims.aud;
  if (aud !== undefined && typeof aud !== 'string' && !(isStrings(aud) && (aud as string[]).length > 0))
    throw malformed('aud', aud, 'a string or a non-empty list of strings (RFC 7519 section 4.1.3)');
  for (const claim of ['scope', 'scp'])
    if (claims[claim] !== undefined && typeof claims[claim] !== 'string' && !isStrings(claims[claim]))
      throw malformed(claim, claims[claim], 'a space-separated string of scopes or a list of them');
  if (claims.sub === undefined && claims.client_id === undefined && claims.azp === undefined)
    throw new TokenError(
      'the token names neither a subject (sub) nor a client (client_id or azp), so it cannot tell who called: tokens must name one',
    );
}
