/** Options of a KV write: `ttl` in seconds (the entry disappears after it). */
export interface KVPutOptions {
  ttl?: number;
}

/** Options of a KV listing. */
export interface KVListOptions {
  prefix?: string;
  limit?: number;
}

/**
 * The key-value store shared state goes through (sessions, rate limits, response cache, event-bus and
 * trace bridges, MCP sessions): in memory by default, Workers KV on the edge, Redis on Node, Bun and Lambda.
 * Values are strings; `getJSON`/`putJSON` in `src/kv/json.ts` wrap them for objects.
 */
export interface KVStore {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Writes a value, optionally expiring after `ttl` seconds. */
  put(key: string, value: string, options?: KVPutOptions): Promise<void>;
  /** Removes a key (no error when absent). */
  delete(key: string): Promise<void>;
  /** Keys, optionally under a prefix, in lexical order. */
  list(options?: KVListOptions): Promise<string[]>;
  /**
   * Adds `by` to a counter and returns the new value, starting from 0; `ttl` applies when the key is created.
   * Atomic on memory and Redis; read-modify-write (best effort) on Workers KV, which has no atomic increment.
   */
  increment(key: string, by?: number, options?: KVPutOptions): Promise<number>;
}
