import { checkScopes } from '../auth/scopes';
import { isRecord } from './types';

/**
 * OAuth scopes for what the app bridge registers at run time (runtime tools such as `fw/state/set`, workflow tools,
 * built-in prompts), by exact name or by a name prefix ending in `*` (`'fw/circuit-breakers/*'`, `'*'` for all);
 * the exact name wins, then the longest prefix. The server option `builtinScopes`.
 */
export type BuiltinScopes = Record<string, string[]>;

/** Checks `builtinScopes` at construction: an object of scope lists, each key a name or a prefix with one final `*`. */
export function checkBuiltinScopes(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value))
    throw new TypeError(
      `builtinScopes must map a built-in tool or prompt name (or a prefix ending in *) to its scopes, got ${JSON.stringify(value)}`,
    );
  for (const [name, scopes] of Object.entries(value)) {
    const star = name.indexOf('*');
    if (name === '' || (star !== -1 && star !== name.length - 1))
      throw new TypeError(`builtinScopes: ${JSON.stringify(name)} must be a tool or prompt name, or a prefix with one * at its end`);
    checkScopes(`builtinScopes[${JSON.stringify(name)}]`, scopes);
  }
}

/** The scopes `builtinScopes` gives an item of that name (undefined when no key matches). */
export function builtinScopesOf(map: BuiltinScopes | undefined, name: string): string[] | undefined {
  if (map === undefined) return undefined;
  if (Object.hasOwn(map, name) && !name.endsWith('*')) return map[name];
  let best: string | undefined;
  for (const key of Object.keys(map))
    if (key.endsWith('*') && name.startsWith(key.slice(0, -1)) && (best === undefined || key.length > best.length)) best = key;
  return best === undefined ? undefined : map[best];
}

/**
 * Refuses an exact name of `builtinScopes` that names none of the bridge's items (`known`): a typo would leave the
 * item it meant unprotected, and a tool registered with `addTool` declares its own `scopes`.
 */
export function checkBuiltinNames(map: BuiltinScopes | undefined, known: ReadonlySet<string>): void {
  if (map === undefined) return;
  for (const name of Object.keys(map))
    if (!name.endsWith('*') && !known.has(name))
      throw new TypeError(
        `builtinScopes: ${JSON.stringify(name)} is not a built-in tool, workflow or prompt of this server (give a tool registered with addTool its own scopes; the built-in names are ${[...known].sort().join(', ')})`,
      );
}
