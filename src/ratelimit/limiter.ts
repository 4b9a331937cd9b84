import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import type { Middleware } from '../core/types';
import { mutableResponse } from '../security/mutable-response';
import { ExemptRoutes } from './exempt-routes';
import { defaultKey, storeKey } from './key';
import { MemoryStore } from './memory-store';
import { RateMeter } from './rate-meter';
import type { RateLimitMetrics, RateLimitOptions, RateLimitResult, RateLimitStore } from './types';
import { ipv6Subnet, positiveInteger } from './validate';

/** Counts requests through a store, answers 429 past the limit, and keeps the metrics the MCP tool reads. */
export class RateLimiter {
  readonly store: RateLimitStore;
  private readonly options: RateLimitOptions;
  private readonly key: (ctx: Context) => string | Promise<string>;
  private readonly meter = new RateMeter();
  private readonly exempt = new ExemptRoutes();
  private total = 0;
  private refused = 0;

  constructor(options: RateLimitOptions = {}) {
    if (options.store !== undefined && (typeof options.store !== 'object' || typeof options.store.hit !== 'function')) {
      throw new TypeError('rateLimit: store must be a RateLimitStore (MemoryStore, TokenBucketStore, TenantStore, KVRateLimitStore)');
    }
    for (const name of ['key', 'skip', 'onLimited'] as const) {
      if (options[name] !== undefined && typeof options[name] !== 'function') throw new TypeError(`rateLimit: ${name} must be a function`);
    }
    this.options = options;
    this.store =
      options.store ??
      new MemoryStore({
        max: positiveInteger('max', options.max ?? 100),
        windowMs: positiveInteger('windowMs', options.windowMs ?? 60_000),
      });
    this.key = options.key ?? defaultKey(ipv6Subnet(options.ipv6Subnet));
  }

  /** Counts one request; throws the 429 HttpError (with Retry-After and X-RateLimit-*) when it is over the limit. */
  async check(ctx: Context): Promise<RateLimitResult> {
    const key = await this.key(ctx);
    if (typeof key !== 'string' || key === '') throw new TypeError('rateLimit: the key function must return a non-empty string');
    const result = await this.hit(await storeKey(key), ctx);
    this.total++;
    this.meter.mark();
    if (result.allowed) return result;
    this.refused++;
    this.options.onLimited?.(ctx, result);
    const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
    throw new HttpError(429, this.options.message ?? `Too many requests, retry in ${seconds} s`, {
      code: 'RATE_LIMITED',
      retryable: true,
      headers: { 'retry-after': String(seconds), ...this.headersFor(result) },
    });
  }

  /** The middleware: skip (a `rateLimit: false` route, `skip`), count, refuse with 429, or pass on with X-RateLimit-*. */
  middleware(): Middleware {
    return async (ctx, next) => {
      if (this.exempt.has(ctx) || (this.options.skip && (await this.options.skip(ctx)))) return next();
      const result = await this.check(ctx);
      const response = await next();
      if (this.options.headers === false) return response;
      const out = mutableResponse(response);
      for (const [name, value] of Object.entries(this.headersFor(result))) out.headers.set(name, value);
      return out;
    };
  }

  /** Forgets a client key (its next request starts afresh). */
  async reset(key: string, ctx?: Context): Promise<void> {
    await this.store.reset(await storeKey(key), ctx);
  }

  /** Current requests per second, the store's limits and tracked buckets, and totals since start. */
  async metrics(): Promise<RateLimitMetrics> {
    return {
      rps: this.meter.perSecond(),
      limits: this.store.limits(),
      buckets: await this.store.buckets(),
      total: this.total,
      limited: this.refused,
    };
  }

  /** Asks the store; a store that fails (Redis down) becomes a 503 the client may retry, not an opaque 500. */
  private async hit(key: string, ctx: Context): Promise<RateLimitResult> {
    try {
      return await this.store.hit(key, ctx);
    } catch (cause) {
      throw new HttpError(503, 'Rate limit store unavailable', {
        code: 'RATE_LIMIT_STORE_UNAVAILABLE',
        retryable: true,
        cause,
        headers: { 'retry-after': '1' },
      });
    }
  }

  private headersFor(result: RateLimitResult): Record<string, string> {
    if (this.options.headers === false) return {};
    return {
      'x-ratelimit-limit': String(result.limit),
      'x-ratelimit-remaining': String(result.remaining),
      'x-ratelimit-reset': String(Math.ceil(result.resetAt / 1000)),
    };
  }
}
