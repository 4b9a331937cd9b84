import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import type { Middleware } from '../core/types';
import { mutableResponse } from '../security/mutable-response';
import { BanList, type KVBacked } from './ban';
import { headerSet, policyName, rateLimitHeaders, storeWindowMs, type HeaderSet } from './headers';
import { defaultKey, storeKey } from './key';
import { KVRateLimitStore } from './kv-store';
import { MemoryStore } from './memory-store';
import { RateMeter } from './rate-meter';
import { RouteLimits, type RouteRule } from './route-limits';
import type { RateLimitMetrics, RateLimitOptions, RateLimitResult, RateLimitStore, WindowLimit } from './types';
import { ipv6Subnet, positiveInteger } from './validate';

/** The limit one request counts against: the app-wide store, or the store of its route's own limit. */
interface Policy {
  store: RateLimitStore;
  name: string;
  windowMs: number | undefined;
}

const callbacks = ['key', 'skip', 'onLimited', 'onExceeded', 'onBanned', 'routeStore'] as const;

/** Seconds a client should wait, at least one. */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The store a route's own limit counts in: beside the app-wide KV store when there is one, else in memory. */
function defaultRouteStore(appStore: RateLimitStore): (limit: WindowLimit, route: string) => RateLimitStore {
  if (appStore instanceof KVRateLimitStore) {
    const settings = appStore.limits() as { prefix: string };
    return (limit, route) =>
      new KVRateLimitStore({ ...limit, kv: (ctx) => appStore.kvFor(ctx), prefix: `${settings.prefix}route:${route}:` });
  }
  return (limit) => new MemoryStore(limit);
}

/**
 * Counts requests through a store, answers 429 past the limit (403 while a key is banned), sends the chosen
 * rate-limit header fields, and keeps the metrics the MCP tool reads.
 */
export class RateLimiter {
  readonly store: RateLimitStore;
  private readonly options: RateLimitOptions;
  private readonly key: (ctx: Context) => string | Promise<string>;
  private readonly meter = new RateMeter();
  private readonly routes = new RouteLimits();
  private readonly routePolicies = new Map<string, Policy>();
  private readonly appPolicy: Policy;
  private readonly headers: HeaderSet | null;
  private readonly ban: BanList | null;
  private readonly routeStore: (limit: WindowLimit, route: string) => RateLimitStore;
  private total = 0;
  private refused = 0;

  constructor(options: RateLimitOptions = {}) {
    if (options.store !== undefined && (typeof options.store !== 'object' || typeof options.store.hit !== 'function')) {
      throw new TypeError('rateLimit: store must be a RateLimitStore (MemoryStore, TokenBucketStore, TenantStore, KVRateLimitStore)');
    }
    for (const name of callbacks) {
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
    this.headers = headerSet(options.headers);
    this.appPolicy = { store: this.store, name: policyName(options.policyName), windowMs: storeWindowMs(this.store.limits()) };
    const kvBacked = typeof (this.store as Partial<KVBacked>).kvFor === 'function' ? (this.store as unknown as KVBacked) : null;
    this.ban = options.ban === undefined ? null : new BanList(options.ban, kvBacked && ((ctx) => kvBacked.kvFor(ctx)));
    this.routeStore = options.routeStore ?? defaultRouteStore(this.store);
  }

  /** Reads the `rateLimit` route options of an app now, so a bad one registered before the limiter fails at setup. */
  checkRoutes(app: Fw<any, any>): void {
    this.routes.index(app);
  }

  /**
   * Counts one request against its limit (its route's own, else the app-wide one); throws the 429 HttpError (with
   * Retry-After and the chosen header fields) past the limit, and a 403 while the key is banned.
   */
  async check(ctx: Context): Promise<RateLimitResult> {
    return (await this.count(ctx, this.routes.ruleFor(ctx))).result;
  }

  /** The middleware: skip (a `rateLimit: false` route, `skip`), count, refuse, or pass on with the header fields. */
  middleware(): Middleware {
    return async (ctx, next) => {
      const rule = this.routes.ruleFor(ctx);
      if (rule.kind === 'exempt' || (this.options.skip && (await this.options.skip(ctx)))) return next();
      const { result, policy } = await this.count(ctx, rule);
      const response = await next();
      if (this.headers === null) return response;
      const out = mutableResponse(response);
      for (const [name, value] of Object.entries(this.headersFor(result, policy))) out.headers.set(name, value);
      return out;
    };
  }

  /** Forgets a client key (its next request starts afresh) and lifts its ban. */
  async reset(key: string, ctx?: Context): Promise<void> {
    const stored = await storeKey(key);
    await this.store.reset(stored, ctx);
    for (const policy of this.routePolicies.values()) await policy.store.reset(stored, ctx);
    await this.ban?.lift(stored, ctx);
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

  private async count(ctx: Context, rule: RouteRule): Promise<{ result: RateLimitResult; policy: Policy }> {
    const key = await this.key(ctx);
    if (typeof key !== 'string' || key === '') throw new TypeError('rateLimit: the key function must return a non-empty string');
    const stored = await storeKey(key);
    const policy = rule.kind === 'own' ? this.routePolicy(rule.id, rule.limit) : this.appPolicy;
    const now = Date.now();
    this.total++;
    this.meter.mark();
    if (this.ban !== null) {
      const until = await this.guarded(() => this.ban!.bannedUntil(stored, ctx, now));
      if (until !== null) {
        this.refused++;
        throw new HttpError(403, 'Too many requests: this client is banned for now', {
          code: 'RATE_LIMIT_BANNED',
          retryable: true,
          headers: { 'retry-after': String(seconds(until - now)) },
        });
      }
    }
    const result = await this.guarded(() => policy.store.hit(stored, ctx));
    if (result.allowed) return { result, policy };
    this.refused++;
    this.options.onLimited?.(ctx, result);
    this.options.onExceeded?.(ctx, key, result);
    if (this.ban !== null && (await this.guarded(() => this.ban!.strike(stored, result.resetAt, ctx, now))))
      this.options.onBanned?.(ctx, key);
    const wait = seconds(result.retryAfterMs);
    throw new HttpError(429, this.options.message ?? `Too many requests, retry in ${wait} s`, {
      code: 'RATE_LIMITED',
      retryable: true,
      headers: { 'retry-after': String(wait), ...this.headersFor(result, policy) },
    });
  }

  /** The policy of a route's own limit, its store built on first use. */
  private routePolicy(id: string, limit: WindowLimit): Policy {
    let policy = this.routePolicies.get(id);
    if (policy === undefined) {
      policy = { store: this.routeStore(limit, id), name: id, windowMs: limit.windowMs };
      this.routePolicies.set(id, policy);
    }
    return policy;
  }

  /** Runs a store call; a store that fails (Redis down) becomes a 503 the client may retry, not an opaque 500. */
  private async guarded<T>(call: () => T | Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (cause) {
      throw new HttpError(503, 'Rate limit store unavailable', {
        code: 'RATE_LIMIT_STORE_UNAVAILABLE',
        retryable: true,
        cause,
        headers: { 'retry-after': '1' },
      });
    }
  }

  private headersFor(result: RateLimitResult, policy: Policy): Record<string, string> {
    return rateLimitHeaders(this.headers, policy.name, result, policy.windowMs, Date.now());
  }
}
