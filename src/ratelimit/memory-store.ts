import { windowResult } from './window-result';
import type { RateLimitResult, RateLimitStore, WindowLimit } from './types';
import { positiveInteger, windowLimit } from './validate';

/** Options of `MemoryStore`. */
export interface MemoryStoreOptions extends WindowLimit {
  /** Most keys tracked; expired windows go first, then the oldest (default 10000), so a key flood cannot exhaust memory. */
  maxKeys?: number;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Fixed-window counting in this process's memory: `max` requests per `windowMs` per key. */
export class MemoryStore implements RateLimitStore {
  readonly kind = 'fixed-window';
  private readonly windows = new Map<string, Window>();
  private readonly limit: WindowLimit;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions) {
    this.limit = windowLimit('MemoryStore', options);
    this.maxKeys = positiveInteger('MemoryStore.maxKeys', options.maxKeys ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  hit(key: string): RateLimitResult {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.evict(now);
    }
    window.count++;
    return windowResult(this.limit.max, window.count, window.resetAt, now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  buckets(): number {
    const now = this.now();
    let live = 0;
    for (const window of this.windows.values()) if (window.resetAt > now) live++;
    return live;
  }

  limits(): Record<string, unknown> {
    return { kind: this.kind, max: this.limit.max, windowMs: this.limit.windowMs };
  }

  private evict(now: number): void {
    if (this.windows.size <= this.maxKeys) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    while (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
  }
}
