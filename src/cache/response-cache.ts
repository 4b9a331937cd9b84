import type { Context } from '../core/context';
import type { FwPluginConfig, Middleware } from '../core/types';
import { MemoryKV } from '../kv/memory';
import type { KVStore } from '../kv/types';
import { cacheApiBackend, kvBackend, type CacheLike, type CachedResponse, type ResponseCacheBackend } from './backends';
import { digestHex, isStreamingType, readBounded } from './body';
import { checkOptions } from '../core/options';

/** Every option of cachePlugin(), so a mistyped key fails at startup. */
const cachePluginKeys: Record<keyof CachePluginOptions, true> = {
  store: true,
  cacheApi: true,
  ttl: true,
  statuses: true,
  maxBodyBytes: true,
  prefix: true,
  key: true,
  skip: true,
};

/** Options of `cachePlugin()`. */
export interface CachePluginOptions {
  /** Where entries go (default a `MemoryKV`); a function picks it per request (bindings live on `ctx.env`). */
  store?: KVStore | ((ctx: Context) => KVStore);
  /** Use the worker Cache API instead of a KVStore: `true` for `caches.default`, or a cache (or a function returning one). */
  cacheApi?: true | CacheLike | ((ctx: Context) => CacheLike);
  /** Lifetime in seconds when the response gives no `s-maxage`/`max-age` (default 60). */
  ttl?: number;
  /** Statuses stored (default [200]). */
  statuses?: number[];
  /** Largest body stored, in bytes (default 1 MiB); larger ones pass through uncached. */
  maxBodyBytes?: number;
  /** Prefix of the store keys (default `fw-cache:`). */
  prefix?: string;
  /** The cache key of a request (default its full URL); GET and HEAD share entries. */
  key?: (ctx: Context) => string;
  /** Requests for which this returns true bypass the cache. */
  skip?: (ctx: Context) => boolean;
}

interface VaryMeta {
  vary: string[];
}

/** The app state key the plugin registers its cache under (for `purge`). */
export const RESPONSE_CACHE_STATE_KEY = 'fw:cache';

function noStore(cacheControl: string | null): boolean {
  return cacheControl !== null && /(^|,)\s*(no-store|private|no-cache)\b/i.test(cacheControl);
}

function lifetime(cacheControl: string | null, fallback: number): number {
  const shared = cacheControl?.match(/(?:^|,)\s*s-maxage\s*=\s*(\d+)/i) ?? cacheControl?.match(/(?:^|,)\s*max-age\s*=\s*(\d+)/i);
  return shared ? Number(shared[1]) : fallback;
}

function varyNames(vary: string | null): string[] | null {
  if (vary === null) return [];
  const names = vary
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  return names.includes('*') ? null : [...new Set(names)].sort();
}

function resolve<T>(value: T | ((ctx: Context) => T)): (ctx: Context) => T {
  return typeof value === 'function' ? (value as (ctx: Context) => T) : () => value;
}

function defaultCacheApi(): CacheLike {
  const cachesGlobal = (globalThis as { caches?: { default?: CacheLike } }).caches;
  if (!cachesGlobal?.default)
    throw new TypeError('cachePlugin: cacheApi: true needs the worker Cache API (caches.default); pass a store elsewhere');
  return cachesGlobal.default;
}

/**
 * A shared response cache keyed by URL plus the request headers the response varies on (like the HTTP cache):
 * GET responses with an allowed status, no Set-Cookie, no `no-store`/`private`/`no-cache` and no `Vary: *`
 * are stored for `s-maxage`, `max-age` or `ttl` seconds and replayed with `X-Cache: HIT` and `Age`.
 * Requests carrying Authorization never read or fill it. The cache is best effort: a store that fails to
 * answer counts as a miss, and a failed write leaves the response as it is.
 */
export class ResponseCache {
  private readonly backend: ResponseCacheBackend;
  private readonly ttl: number;
  private readonly statuses: Set<number>;
  private readonly maxBodyBytes: number;
  private readonly prefix: string;
  private readonly options: CachePluginOptions;

  constructor(options: CachePluginOptions = {}) {
    checkOptions('cachePlugin()', options, cachePluginKeys);
    this.options = options;
    this.ttl = options.ttl ?? 60;
    if (!Number.isFinite(this.ttl) || this.ttl <= 0)
      throw new TypeError(`cachePlugin: ttl must be a positive number of seconds, got ${String(options.ttl)}`);
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    if (!Number.isSafeInteger(this.maxBodyBytes) || this.maxBodyBytes <= 0)
      throw new TypeError('cachePlugin: maxBodyBytes must be a positive integer');
    this.statuses = new Set(options.statuses ?? [200]);
    this.prefix = options.prefix ?? 'fw-cache:';
    if (options.cacheApi !== undefined && options.store !== undefined)
      throw new TypeError('cachePlugin: give either store or cacheApi, not both');
    this.backend =
      options.cacheApi !== undefined
        ? cacheApiBackend(resolve(options.cacheApi === true ? defaultCacheApi() : options.cacheApi))
        : kvBackend(resolve(options.store ?? new MemoryKV()));
  }

  /** The middleware: replay a fresh entry, or run the route and store what may be stored. */
  middleware(): Middleware {
    return async (ctx, next) => {
      if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.header('authorization') !== null || this.options.skip?.(ctx))
        return next();
      const base = this.baseKey(ctx);
      const hit = await this.lookup(ctx, base).catch(() => null);
      if (hit !== null) return this.replay(ctx, hit);
      const response = await next();
      if (ctx.method !== 'GET') return response;
      return this.store(ctx, base, response);
    };
  }

  /** Forgets every variant stored for a URL (or custom key). */
  async purge(key: string, ctx: Context): Promise<void> {
    await this.backend.delete(await this.metaKey(key), ctx);
  }

  private baseKey(ctx: Context): string {
    const key = this.options.key ? this.options.key(ctx) : ctx.request.url;
    if (typeof key !== 'string' || key === '') throw new TypeError('cachePlugin: the key function must return a non-empty string');
    return key;
  }

  private async metaKey(base: string): Promise<string> {
    return `${this.prefix}m:${await digestHex('SHA-256', base)}`;
  }

  private async entryKey(ctx: Context, base: string, vary: string[]): Promise<string> {
    const parts = [base, ...vary.map((name) => `${name}:${ctx.header(name) ?? ''}`)];
    return `${this.prefix}e:${await digestHex('SHA-256', parts.join('\n'))}`;
  }

  private async lookup(ctx: Context, base: string): Promise<CachedResponse | null> {
    const meta = await this.backend.get(await this.metaKey(base), ctx);
    if (meta === null || meta.expiresAt <= Date.now()) return null;
    let vary: string[];
    try {
      vary = (JSON.parse(new TextDecoder().decode(meta.body)) as VaryMeta).vary;
    } catch {
      return null;
    }
    if (!Array.isArray(vary)) return null;
    const entry = await this.backend.get(await this.entryKey(ctx, base, vary), ctx);
    return entry === null || entry.expiresAt <= Date.now() ? null : entry;
  }

  private replay(ctx: Context, entry: CachedResponse): Response {
    const headers = new Headers(entry.headers);
    headers.set('x-cache', 'HIT');
    headers.set('age', String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
    return new Response(ctx.method === 'HEAD' ? null : entry.body, { status: entry.status, headers });
  }

  private async store(ctx: Context, base: string, response: Response): Promise<Response> {
    const cacheControl = response.headers.get('cache-control');
    const vary = varyNames(response.headers.get('vary'));
    const seconds = lifetime(cacheControl, this.ttl);
    if (
      !this.statuses.has(response.status) ||
      response.body === null ||
      vary === null ||
      seconds <= 0 ||
      noStore(cacheControl) ||
      response.headers.has('set-cookie') ||
      isStreamingType(response.headers.get('content-type'))
    ) {
      return response;
    }
    const read = await readBounded(response.body, this.maxBodyBytes);
    const init = { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) };
    if ('stream' in read) return new Response(read.stream, init);
    const now = Date.now();
    const expiresAt = now + seconds * 1000;
    const headers: [string, string][] = [];
    init.headers.forEach((value, name) => headers.push([name, value]));
    const meta = new TextEncoder().encode(JSON.stringify({ vary } satisfies VaryMeta));
    const [entryKey, metaKey] = [await this.entryKey(ctx, base, vary), await this.metaKey(base)];
    await Promise.all([
      this.backend.put(entryKey, { status: response.status, headers, body: read.bytes, storedAt: now, expiresAt }, ctx),
      this.backend.put(metaKey, { status: 200, headers: [], body: meta, storedAt: now, expiresAt }, ctx),
    ]).catch(() => undefined);
    init.headers.set('x-cache', 'MISS');
    return new Response(read.bytes, init);
  }
}

/** The response cache as a plugin: middleware for every request, and the cache as app state `fw:cache`. */
export function cachePlugin(options: CachePluginOptions = {}): FwPluginConfig {
  const responseCache = new ResponseCache(options);
  return {
    name: 'response-cache',
    setup(app) {
      app.setState(RESPONSE_CACHE_STATE_KEY, responseCache);
      app.use(responseCache.middleware());
    },
  };
}
