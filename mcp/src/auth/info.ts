/**
 * Who called, as the access token says: set for each request an OAuth-protected server accepted, read by handlers as
 * `ctx.auth` and by fw code as `authOf(ctx)`. The token itself is left out on purpose: a server must not pass it on
 * to other services (the spec's token passthrough).
 */
export interface MCPAuthInfo {
  /** The scopes the token carries (`scope`, else `scp`), as the authorization server wrote them. */
  scopes: string[];
  /** `sub`: the user, or the client itself for client-credentials tokens. */
  subject?: string;
  /** `client_id` (RFC 9068, RFC 7662), else `azp`. */
  clientId?: string;
  /** `iss`: the authorization server that issued the token. */
  issuer?: string;
  /** `exp`, in seconds since the epoch. */
  expiresAt?: number;
  /** Every claim: the JWT payload, or the introspection answer. */
  claims: Record<string, unknown>;
}
