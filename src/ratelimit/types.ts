import type { Context } from '../core/context';
import type { BanOptions } from './ban';

/** The outcome of counting one request against a limit. */
export interface RateLimitResult {
  /** Whether the request is within the limit. */
  allowed: boolean;
  /** Requests (or tokens) allowed per window. */
  limit: number;
  /** Requests left in this window after this one (0 when refused). */
  remaining: number;
  /** When the window resets (or the bucket is full again), epoch milliseconds. */
  resetAt: number;
  /** Milliseconds until a refused request may be retried (0 when allowed). */
  retryAfterMs: number;
}

/** A fixed-window limit: `max` requests per `windowMs` per key. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** Where requests are counted; every store answers `hit` and reports what the MCP metrics tool shows. */
export interface RateLimitStore {
  /** The algorithm's name, as metrics report it (`fixed-window`, `token-bucket`, `tenant`, `kv-fixed-window`). */
  readonly kind: string;
  /** Counts one request for `key` and says whether it is allowed. */
  hit(key: string, ctx: Context): RateLimitResult | Promise<RateLimitResult>;
  /** Forgets a key (its next request starts a fresh window or a full bucket). */
  reset(key: string, ctx?: Context): void | Promise<void>;
  /** Number of keys currently tracked. */
  buckets(): number | Promise<number>;
  /** The configured limits, for metrics. */
  limits(): Record<string, unknown>;
}

/** Options of `rateLimit()` and `rateLimitMiddleware()`. */
export interface RateLimitOptions {
  /** Requests per window when no store is given (default 100). */
  max?: number;
  /** Window length in milliseconds when no store is given (default 60000). */
  windowMs?: number;
  /** Where to count (default a `MemoryStore` with `max` and `windowMs`). */
  store?: RateLimitStore;
  /**
   * The client key. Default: `ctx.ip` when `trustProxy()` runs in front, else the peer address the target knows;
   * a request with neither is answered 500 (the logged error says to pass `key`), never counted in a shared bucket.
   */
  key?: (ctx: Context) => string | Promise<string>;
  /** The default key counts an IPv6 client by its `/ipv6Subnet` network (default 56; `false` or 128 for the whole address). */
  ipv6Subnet?: number | false;
  /** Requests for which this returns true are neither counted nor limited. */
  skip?: (ctx: Context) => boolean | Promise<boolean>;
  /**
   * Which rate-limit header fields every counted response carries: `'legacy'` (X-RateLimit-Limit/Remaining/Reset,
   * also `true`, the default), `'draft'` (the IETF RateLimit-Policy and RateLimit fields), `'both'`, or `false`.
   */
  headers?: boolean | 'legacy' | 'draft' | 'both';
  /** The policy name of the draft fields for the app-wide limit (default `default`); a route's own limit is named `<METHOD> <path>`. */
  policyName?: string;
  /** Message of the 429 body (default `Too many requests, retry in N s`). */
  message?: string;
  /** Called for every refused request (logging, alerts). */
  onLimited?: (ctx: Context, result: RateLimitResult) => void;
  /** Called for every request over the limit with the client key (as @fastify/rate-limit's `onExceeded`). */
  onExceeded?: (ctx: Context, key: string, result: RateLimitResult) => void;
  /** After `ban.after` windows over the limit, the key is answered 403 for `ban.durationMs` (default: no bans). */
  ban?: BanOptions;
  /** Called when a key becomes banned (as @fastify/rate-limit's `onBanReach`). */
  onBanned?: (ctx: Context, key: string) => void;
  /**
   * Builds the store of a route's own limit (route option `rateLimit: { max, windowMs }`). Default: a
   * `KVRateLimitStore` on the same KVStore when `store` is one, else a `MemoryStore`.
   */
  routeStore?: (limit: WindowLimit, route: string) => RateLimitStore;
}

/** What `metrics()` returns (and the MCP tool `fw/ratelimit/metrics` shows). */
export interface RateLimitMetrics {
  /** Requests counted in the last second. */
  rps: number;
  /** The store kind and its limits. */
  limits: Record<string, unknown>;
  /** Keys the store currently tracks. */
  buckets: number;
  /** Requests counted since start. */
  total: number;
  /** Requests refused since start. */
  limited: number;
}
