import { shown, TokenError } from './types';

/**
 * Which verified JWTs count as access tokens. RFC 9068 section 4 types them `at+jwt`, and those are always accepted.
 * Many authorization servers (Keycloak, Entra ID, Auth0) type theirs `JWT` or not at all, so those are accepted too,
 * unless `strict` (`jwt.requireAccessTokenType`) or the token bears the marks of an OpenID Connect ID token, which
 * the same issuer signs with the same keys: a `nonce`, `at_hash`, `c_hash` or `s_hash` claim, Keycloak's own `typ`
 * claim saying anything but `Bearer`, or Cognito's `token_use` anything but `access`. Any other `typ`
 * (`id_token+jwt`, `logout+jwt`, `secevent+jwt`) is refused.
 */

const accessTokenTypes = new Set(['at+jwt', 'application/at+jwt']);
const genericTypes = new Set(['jwt', 'application/jwt']);
/** Claims only an ID token carries (OpenID Connect Core sections 2, 3.1.3.6, 3.3.2.11; FAPI's `s_hash`). */
const idTokenOnly = ['at_hash', 'c_hash', 's_hash'];

/** The `typ` of a JWT header as jose compares it: lowercased (media type names are case-insensitive). */
function typeOf(typ: unknown): string | undefined {
  return typeof typ === 'string' ? typ.toLowerCase() : undefined;
}

/** Refuses a JWT whose claims mark it as an ID token although its `typ` is `JWT` or absent. */
function refuseIDToken(claims: Record<string, unknown>): void {
  const marked = idTokenOnly.find((claim) => claims[claim] !== undefined);
  if (marked !== undefined) throw new TokenError(`the token is an ID token (it has the ${marked} claim), not an access token`);
  if (claims.typ !== undefined && typeOf(claims.typ) !== 'bearer')
    throw new TokenError(
      `the token's typ claim ${shown(JSON.stringify(claims.typ))} says it is not an access token (Keycloak types those Bearer)`,
    );
  if (claims.token_use !== undefined && claims.token_use !== 'access')
    throw new TokenError(`the token's token_use claim ${shown(JSON.stringify(claims.token_use))} says it is not an access token`);
  if (claims.nonce !== undefined && claims.typ === undefined)
    throw new TokenError('the token is an ID token (it has the nonce claim), not an access token');
}

/** Checks that a verified JWT is an access token, by its `typ` header and claims; throws a TokenError saying why not. */
export function checkAccessTokenType(header: { typ?: unknown }, claims: Record<string, unknown>, strict: boolean): void {
  const typ = typeOf(header.typ);
  if (header.typ !== undefined && typ === undefined) throw new TokenError("the token's typ header is not a string");
  if (typ !== undefined && accessTokenTypes.has(typ)) return;
  if (strict)
    throw new TokenError(
      `the token's typ header is ${typ === undefined ? 'absent' : shown(JSON.stringify(header.typ))}, and this server accepts only at+jwt access tokens (RFC 9068)`,
    );
  if (typ !== undefined && !genericTypes.has(typ))
    throw new TokenError(
      `the token's typ header ${shown(JSON.stringify(header.typ))} says it is not an access token (RFC 9068 types those at+jwt)`,
    );
  refuseIDToken(claims);
}
