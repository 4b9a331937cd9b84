/** OAuth scopes: checking declared lists, what a token's scopes grant (with implied scopes), and what is missing. */

const scopeToken = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** Whether a string is a scope token (RFC 6749 section 3.3: visible ASCII without space, `"` and `\`). */
export function isScopeToken(value: unknown): value is string {
  return typeof value === 'string' && scopeToken.test(value);
}

/** Checks a declared scope list (`where` names its owner in the TypeError); undefined passes. */
export function checkScopes(where: string, scopes: unknown): void {
  if (scopes === undefined) return;
  if (!Array.isArray(scopes)) throw new TypeError(`${where}: scopes must be a list of scope strings, got ${JSON.stringify(scopes)}`);
  for (const scope of scopes)
    if (!isScopeToken(scope))
      throw new TypeError(
        `${where}: ${JSON.stringify(scope)} is not a valid scope token (visible ASCII without spaces, quotes or backslashes)`,
      );
}

/** The scopes a token's scopes grant: each one and, through `implies` (broader to narrower), all it implies, transitively. */
export function grantedScopes(scopes: readonly string[], implies: Readonly<Record<string, readonly string[]>> | undefined): Set<string> {
  const granted = new Set<string>();
  const pending = [...scopes];
  while (pending.length > 0) {
    const scope = pending.pop()!;
    if (granted.has(scope)) continue;
    granted.add(scope);
    if (implies !== undefined && Object.hasOwn(implies, scope)) pending.push(...implies[scope]);
  }
  return granted;
}

/** The required scopes not in `granted`. */
export function missingScopes(required: readonly string[], granted: ReadonlySet<string>): string[] {
  return required.filter((scope) => !granted.has(scope));
}

/** The scopes of a token claim set: `scope` (space-delimited, RFC 9068 and RFC 7662), else `scp` (a list or a string). */
export function scopesOfClaims(claims: Record<string, unknown>): string[] {
  const value = claims.scope ?? claims.scp;
  if (typeof value === 'string') return value.split(' ').filter((scope) => scope !== '');
  if (Array.isArray(value)) return value.filter((scope): scope is string => typeof scope === 'string');
  return [];
}

/**
 * A definition with its scopes checked and shown to clients in `_meta.securitySchemes` (`[{ type: 'oauth2', scopes }]`,
 * the form OpenAI's Apps SDK reads), so a client can tell which scopes an item needs before calling it. Returns the
 * definition itself when it declares no scopes; otherwise an object inheriting from it (its handler unchanged).
 */
export function withScopeMarker<T extends { scopes?: string[]; _meta?: Record<string, unknown> }>(where: string, definition: T): T {
  checkScopes(where, definition.scopes);
  if (definition.scopes === undefined || definition.scopes.length === 0) return definition;
  const marked = Object.create(definition) as T;
  marked._meta = { ...definition._meta, securitySchemes: [{ type: 'oauth2', scopes: [...definition.scopes] }] };
  return marked;
}

const grantedByToken = new WeakMap<object, ReadonlySet<string>>();

/** Records what an accepted token grants (implied scopes included), so in-process calls made for its holder check the same set. */
export function rememberGranted(info: object, granted: ReadonlySet<string>): void {
  grantedByToken.set(info, granted);
}

/** The scopes an accepted token grants: what the resource server recorded for it, else the token's own scopes. */
export function grantedOf(info: { scopes: readonly string[] }): ReadonlySet<string> {
  return grantedByToken.get(info) ?? new Set(info.scopes);
}
