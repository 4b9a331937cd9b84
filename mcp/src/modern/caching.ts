import type { Registry } from '../registry';
import type { CacheHint } from '../types';

/** The freshness hints of a 2026-07-28 cacheable result (the spec's CacheableResult). */
export interface CacheHints {
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/** Methods whose results carry `ttlMs` and `cacheScope`. */
const CACHEABLE = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/** Checks a definition's `cache` hint at registration; throws naming the definition. */
export function checkCacheHint(label: string, hint: CacheHint | undefined): void {
  if (hint === undefined) return;
  const ttl = hint?.ttlMs;
  if (!(typeof ttl === 'number' && Number.isInteger(ttl) && ttl >= 0) || (hint.scope !== 'public' && hint.scope !== 'private'))
    throw new TypeError(`${label} needs "cache" as { ttlMs: integer >= 0, scope: "public" | "private" }`);
}

function readHints(registry: Registry, uri: unknown, listTtlMs: number): CacheHints {
  const fixed = typeof uri === 'string' ? registry.resources.get(uri) : undefined;
  const hint = fixed ? fixed.cache : typeof uri === 'string' ? registry.matchTemplate(uri)?.entry.definition.cache : undefined;
  if (hint !== undefined) return { ttlMs: hint.ttlMs, cacheScope: hint.scope };
  // Constant contents (docs included) change only when re-registered; a handler may answer anything, per caller.
  return fixed !== undefined && fixed.handler === undefined
    ? { ttlMs: listTtlMs, cacheScope: 'public' }
    : { ttlMs: 0, cacheScope: 'private' };
}

/**
 * The hints of a method's result, or null when it is not cacheable. Lists and discovery are the same for every
 * caller (`public`) and change only when something is registered: route tools follow the app's route table, runtime
 * tools and prompts are fixed once the app is bound; `listTtlMs` says how long to trust them (listeners also hear
 * `list_changed`). A read is a resource's own `cache` hint, else `listTtlMs` and `public` for constant contents,
 * else 0 and `private` (a handler may read the caller's headers).
 */
export function cacheHints(
  method: string,
  params: Record<string, any> | undefined,
  registry: Registry,
  listTtlMs: number,
): CacheHints | null {
  if (!CACHEABLE.has(method)) return null;
  if (method === 'resources/read') return readHints(registry, params?.uri, listTtlMs);
  // A list that depends on who asks (runtime tools, built-in prompts for trusted callers only) must not be shared.
  const varies = (method === 'tools/list' && registry.toolsVaryByCaller) || (method === 'prompts/list' && registry.promptsVaryByCaller);
  return { ttlMs: listTtlMs, cacheScope: varies ? 'private' : 'public' };
}
