interface Bucket {
  tokens: number;
  at: number;
}

const MAX_KEYS = 10_000;

/** A token bucket per key: `max` tokens, refilled continuously at `max` per `windowMs`. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly max: number,
    windowMs: number,
  ) {
    if (!(max > 0) || !(windowMs > 0)) throw new TypeError('rateLimit needs a positive "max" and "windowMs"');
    this.perMs = max / windowMs;
  }

  /** Takes one token for `key`: 0 when allowed, else the milliseconds until a token is available. */
  take(key: string, now = Date.now()): number {
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      if (this.buckets.size >= MAX_KEYS) this.prune(now);
      bucket = { tokens: this.max, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.max, bucket.tokens + (now - bucket.at) * this.perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.perMs);
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.max) this.buckets.delete(key);
    }
    if (this.buckets.size >= MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value as string);
  }
}
