/** Options of `MemoryCache`. */
export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used goes first (default 1000). */
  maxEntries?: number;
  /** Default time to live in seconds (default: none, entries live until evicted). */
  ttl?: number;
  /** Clock in milliseconds (default `Date.now`). */
  now?: () => number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

function checkTtl(ttl: unknown): number | undefined {
  if (ttl === undefined) return undefined;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)
    throw new TypeError(`MemoryCache ttl must be a positive number of seconds, got ${String(ttl)}`);
  return ttl;
}

/**
 * An in-process LRU cache with optional TTL, for values that are costly to build (rendered pages, lookups).
 * Written by hand (a Map keeps insertion order, which is all an LRU needs) so edge bundles carry no dependency.
 */
export class MemoryCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly maxEntries: number;
  private readonly ttl: number | undefined;
  private readonly now: () => number;

  constructor(options: MemoryCacheOptions = {}) {
    const max = options.maxEntries ?? 1000;
    if (!Number.isSafeInteger(max) || max <= 0)
      throw new TypeError(`MemoryCache maxEntries must be a positive integer, got ${String(max)}`);
    this.maxEntries = max;
    this.ttl = checkTtl(options.ttl);
    this.now = options.now ?? Date.now;
  }

  /** Live entries (expired ones are dropped first). */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  /** The value, or undefined when absent or expired; marks it most recently used. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value for `ttl` seconds (default the cache's ttl), evicting the least recently used when full. */
  set(key: string, value: T, ttl?: number): this {
    const seconds = checkTtl(ttl) ?? this.ttl;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: seconds === undefined ? Infinity : this.now() + seconds * 1000 });
    if (this.entries.size > this.maxEntries) this.sweep();
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return this;
  }

  /** Whether a live entry exists (does not change its recency). */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  /** Removes one entry; true when it was there. */
  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  /** Removes every entry. */
  clear(): void {
    this.entries.clear();
  }

  /** The value, building and storing it with `load` when missing; concurrent callers share one load. */
  async getOrSet(key: string, load: () => T | Promise<T>, ttl?: number): Promise<T> {
    const found = this.get(key);
    if (found !== undefined) return found;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = Promise.resolve()
      .then(load)
      .then((value) => {
        this.set(key, value, ttl);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
