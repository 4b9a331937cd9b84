import type { AfterHook } from '../core/types';
import { appendVary, mutableResponse } from '../security/mutable-response';
import { checkOptions } from '../core/options';

/** Options of `cache()`: the Cache-Control directives to send. */
export interface CacheOptions {
  /** `max-age` in seconds. */
  maxAge?: number;
  /** `s-maxage` in seconds (shared caches, CDNs). */
  sMaxAge?: number;
  /** `public` or `private` (default neither). */
  scope?: 'public' | 'private';
  noCache?: boolean;
  noStore?: boolean;
  mustRevalidate?: boolean;
  immutable?: boolean;
  /** `stale-while-revalidate` in seconds. */
  staleWhileRevalidate?: number;
  /** `stale-if-error` in seconds. */
  staleIfError?: number;
  /** Request headers the response varies on (added to Vary). */
  vary?: string[];
  /** Replace a Cache-Control the handler set (default false: the handler's own wins). */
  override?: boolean;
}

const SECONDS = ['maxAge', 'sMaxAge', 'staleWhileRevalidate', 'staleIfError'] as const;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Renders the Cache-Control value of some options; throws a TypeError for negative or fractional seconds. */
export function cacheControlValue(options: CacheOptions): string {
  for (const name of SECONDS) {
    const v = options[name];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 0))
      throw new TypeError(`cache: ${name} must be a whole number of seconds >= 0, got ${String(v)}`);
  }
  if (options.scope !== undefined && options.scope !== 'public' && options.scope !== 'private')
    throw new TypeError(`cache: scope must be 'public' or 'private'`);
  const parts: string[] = [];
  if (options.scope) parts.push(options.scope);
  if (options.noStore) parts.push('no-store');
  if (options.noCache) parts.push('no-cache');
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  if (options.sMaxAge !== undefined) parts.push(`s-maxage=${options.sMaxAge}`);
  if (options.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${options.staleWhileRevalidate}`);
  if (options.staleIfError !== undefined) parts.push(`stale-if-error=${options.staleIfError}`);
  if (options.mustRevalidate) parts.push('must-revalidate');
  if (options.immutable) parts.push('immutable');
  if (parts.length === 0) throw new TypeError('cache: give at least one directive (maxAge, noStore, ...)');
  return parts.join(', ');
}

/** Every option of cache(), so a mistyped key fails at startup. */
const cacheOptionsKeys: Record<keyof CacheOptions, true> = {
  maxAge: true,
  sMaxAge: true,
  scope: true,
  noCache: true,
  noStore: true,
  mustRevalidate: true,
  immutable: true,
  staleWhileRevalidate: true,
  staleIfError: true,
  vary: true,
  override: true,
};

/**
 * An after-handler that sets Cache-Control (and Vary) on successful GET and HEAD responses:
 * `app.onAfterHandle(cache({ maxAge: 60, scope: 'public' }))` or the route option `afterHandle`.
 * Errors and other methods are left alone. Cache-Control is not set on responses setting cookies when the directives
 * allow shared caches, nor over the handler's own (unless `override`); the `vary` names are merged into the
 * response's Vary in every case, since the answer varies on them whoever chose its caching.
 */
export function cache(options: CacheOptions = { maxAge: 0, noCache: true }): AfterHook {
  checkOptions('cache()', options, cacheOptionsKeys);
  const value = cacheControlValue(options);
  for (const name of options.vary ?? [])
    if (!TOKEN.test(name)) throw new TypeError(`cache: invalid Vary header name ${JSON.stringify(name)}`);
  const shared = options.scope === 'public' || options.sMaxAge !== undefined;
  const vary = options.vary ?? [];
  return (ctx, response) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return response;
    if (response.status < 200 || response.status >= 300) return response;
    const control = !(shared && response.headers.has('set-cookie')) && (options.override || !response.headers.has('cache-control'));
    if (!control && vary.length === 0) return response;
    const out = mutableResponse(response);
    if (control) out.headers.set('cache-control', value);
    for (const name of vary) appendVary(out.headers, name);
    return out;
  };
}
