import type { RateLimitResult, RateLimitStore } from './types';
import { positiveInteger, positiveNumber } from './validate';

/** Options of `TokenBucketStore`. */
export interface TokenBucketOptions {
  /** Bucket size: the longest burst allowed. */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
  /** Most keys tracked; the least recently used goes first (default 10000). */
  maxKeys?: number;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Token-bucket limiting in memory: bursts up to `capacity`, then `refillPerSecond` steady; smoother than fixed windows. */
export class TokenBucketStore implements RateLimitStore {
  readonly kind = 'token-bucket';
  private readonly bucketsByKey = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly perMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: TokenBucketOptions) {
    this.capacity = positiveInteger('TokenBucketStore.capacity', options?.capacity);
    this.perMs = positiveNumber('TokenBucketStore.refillPerSecond', options.refillPerSecond) / 1000;
    this.maxKeys = positiveInteger('TokenBucketStore.maxKeys', options.maxKeys ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  hit(key: string): RateLimitResult {
    const now = this.now();
    const bucket = this.refilled(key, now);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const missing = this.capacity - bucket.tokens;
    return {
      allowed,
      limit: this.capacity,
      remaining: Math.floor(bucket.tokens),
      resetAt: now + Math.ceil(missing / this.perMs),
      retryAfterMs: allowed ? 0 : Math.ceil((1 - bucket.tokens) / this.perMs),
    };
  }

  reset(key: string): void {
    this.bucketsByKey.delete(key);
  }

  buckets(): number {
    return this.bucketsByKey.size;
  }

  limits(): Record<string, unknown> {
    return { kind: this.kind, capacity: this.capacity, refillPerSecond: this.perMs * 1000 };
  }

  private refilled(key: string, now: number): Bucket {
    const found = this.bucketsByKey.get(key);
    this.bucketsByKey.delete(key);
    const bucket = found ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs);
    bucket.at = now;
    this.bucketsByKey.set(key, bucket);
    if (this.bucketsByKey.size > this.maxKeys) this.bucketsByKey.delete(this.bucketsByKey.keys().next().value as string);
    return bucket;
  }
}
