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
