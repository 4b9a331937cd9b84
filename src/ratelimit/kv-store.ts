import { windowResult } from './window-result';
import type { Context } from '../core/context';
import type { KVStore } from '../kv/types';
import type { RateLimitResult, RateLimitStore, WindowLimit } from './types';
import { windowLimit } from './validate';

/** Options of `KVRateLimitStore`. */
export interface KVRateLimitStoreOptions extends WindowLimit {
  /** The shared store (Redis, Workers KV, memory), or a function picking it per request (Workers KV lives on `ctx.env`). */
  kv: KVStore | ((ctx: Context) => KVStore);
  /** Prefix of the counter keys (default `ratelimit:`). */
  prefix?: string;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}

/**
 * Fixed-window counting in a `KVStore`, so every instance of the app shares one count per key: Redis on Node,
 * Bun and Lambda (atomic increments), Workers KV on the edge (increment is read-modify-write there, so bursts
 * racing across isolates can overshoot slightly).
 */
export class KVRateLimitStore implements RateLimitStore {
  readonly kind = 'kv-fixed-window';
  private readonly limit: WindowLimit;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly pick: (ctx: Context) => KVStore;
  private lastKV: KVStore | null;

  constructor(options: KVRateLimitStoreOptions) {
    this.limit = windowLimit('KVRateLimitStore', options);
    const kv = options.kv;
    if (typeof kv === 'function') {
      this.pick = kv;
      this.lastKV = null;
    } else {
      if (!kv || typeof kv.increment !== 'function')
        throw new TypeError('rateLimit: KVRateLimitStore needs a KVStore (kv) or a function returning one');
      this.pick = () => kv;
      this.lastKV = kv;
    }
    this.prefix = options.prefix ?? 'ratelimit:';
    this.now = options.now ?? Date.now;
  }

  async hit(key: string, ctx: Context): Promise<RateLimitResult> {
    const kv = (this.lastKV = this.pick(ctx));
    const now = this.now();
    const window = Math.floor(now / this.limit.windowMs);
    const resetAt = (window + 1) * this.limit.windowMs;
    const count = await kv.increment(`${this.windowPrefix(window)}${key}`, 1, { ttl: (resetAt - now) / 1000 + 1 });
    return windowResult(this.limit.max, count, resetAt, now);
  }

  /** The KVStore this request counts in, lent to the ban list so bans live beside the counts. */
  kvFor(ctx: Context): KVStore {
    return this.pick(ctx);
  }

  async reset(key: string, ctx?: Context): Promise<void> {
    const kv = ctx ? this.pick(ctx) : this.lastKV;
    if (kv === null) return;
    await kv.delete(`${this.windowPrefix(Math.floor(this.now() / this.limit.windowMs))}${key}`);
  }

  async buckets(): Promise<number> {
    if (this.lastKV === null) return 0;
    const keys = await this.lastKV.list({ prefix: this.windowPrefix(Math.floor(this.now() / this.limit.windowMs)) });
    return keys.length;
  }

  limits(): Record<string, unknown> {
    return { kind: this.kind, max: this.limit.max, windowMs: this.limit.windowMs, prefix: this.prefix };
  }

  private windowPrefix(window: number): string {
    return `${this.prefix}${window}:`;
  }
}
