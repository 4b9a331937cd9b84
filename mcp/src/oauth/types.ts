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

/**
 * Why a token was not accepted. `unavailable` is true when it could not be checked at all (the authorization server,
 * its keys or the `introspect` hook failed): that is the server's trouble (503), not the client's (401).
 */
export class TokenError extends Error {
  constructor(
    message: string,
    readonly unavailable = false,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

/** Whether a value is a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text an error message quotes from a token, cut to 100 characters, so that a huge claim makes no huge header. */
export function shown(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}
