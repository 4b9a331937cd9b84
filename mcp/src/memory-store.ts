import type { KVListOptions, KVPutOptions, KVStore } from 'fw';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Most entries one store keeps; the least recently used goes first when full. */
const MAX_ENTRIES = 10_000;

/**
 * The in-memory `KVStore` a server falls back to for tasks and `subscriptions/listen` when no store is given: TTL per
 * entry and a least-recently-used bound. fw-mcp's own, so the plain server runs without fw installed.
 */
export class MemoryStore implements KVStore {
  private readonly entries = new Map<string, Entry>();

  async get(key: string): Promise<string | null> {
    return this.read(key)?.value ?? null;
  }

  async put(key: string, value: string, options?: KVPutOptions): Promise<void> {
    this.write(key, value, options?.ttl);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async list(options: KVListOptions = {}): Promise<string[]> {
    const prefix = options.prefix ?? '';
    const keys = [...this.entries.keys()].filter((key) => key.startsWith(prefix) && this.read(key, false) !== undefined).sort();
    return options.limit === undefined ? keys : keys.slice(0, options.limit);
  }

  async increment(key: string, by = 1, options?: KVPutOptions): Promise<number> {
    const entry = this.read(key);
    const current = entry === undefined ? 0 : Number(entry.value);
    if (!Number.isSafeInteger(current)) throw new TypeError(`Key "${key}" holds "${entry?.value.slice(0, 40)}", not an integer counter`);
    const next = current + by;
    if (entry === undefined) this.write(key, String(next), options?.ttl);
    else entry.value = String(next);
    return next;
  }

  /** The live entry of a key (an expired one is dropped); `touch` marks it most recently used. */
  private read(key: string, touch = true): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    if (touch) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  private write(key: string, value: string, ttl: number | undefined): void {
    if (ttl !== undefined && !(typeof ttl === 'number' && ttl > 0 && Number.isFinite(ttl)))
      throw new TypeError(`A ttl must be a positive number of seconds, got ${String(ttl)}`);
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: ttl === undefined ? Number.POSITIVE_INFINITY : Date.now() + ttl * 1000 });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}
