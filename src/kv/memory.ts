import { assertKey, assertValue, counterOf, limitOf, stepOf, ttlOf } from './validate';
import type { KVListOptions, KVPutOptions, KVStore } from './types';

/** Options of the in-memory store. */
export interface MemoryKVOptions {
  /** Most entries kept; the least recently used goes first when full (default 10000). */
  maxEntries?: number;
  /** Clock in milliseconds (default `Date.now`); tests pass a fake one to expire entries without waiting. */
  now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/** A KVStore in this process's memory: TTL per entry and a least-recently-used bound; the default store. */
export class MemoryKV implements KVStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryKVOptions = {}) {
    const max = options.maxEntries ?? 10_000;
    if (!Number.isInteger(max) || max <= 0) throw new TypeError(`MemoryKV maxEntries must be a positive integer, got ${max}`);
    this.maxEntries = max;
    this.now = options.now ?? Date.now;
  }

  /** Number of live entries (expired ones are dropped first). */
  get size(): number {
    this.sweep();
    return this.entries.size;
  }

  async get(key: string): Promise<string | null> {
    assertKey(key);
    return this.read(key)?.value ?? null;
  }

  async put(key: string, value: string, options?: KVPutOptions): Promise<void> {
    assertKey(key);
    assertValue(value);
    this.write(key, value, ttlOf(options));
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    this.entries.delete(key);
  }

  async list(options: KVListOptions = {}): Promise<string[]> {
    const limit = limitOf(options.limit);
    const prefix = options.prefix ?? '';
    this.sweep();
    const keys: string[] = [];
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) keys.push(key);
    keys.sort();
    return keys.length > limit ? keys.slice(0, limit) : keys;
  }

  async increment(key: string, by?: number, options?: KVPutOptions): Promise<number> {
    assertKey(key);
    const step = stepOf(by);
    const ttl = ttlOf(options);
    const entry = this.read(key);
    const next = counterOf(key, entry?.value ?? null) + step;
    if (entry) entry.value = String(next);
    else this.write(key, String(next), ttl);
    return next;
  }

  /** Removes every entry. */
  clear(): void {
    this.entries.clear();
  }

  private read(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry;
  }

  private write(key: string, value: string, ttl: number | undefined): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: ttl === undefined ? Infinity : this.now() + ttl * 1000 });
    if (this.entries.size > this.maxEntries) this.sweep();
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
