import { assertKey, assertValue, limitOf, stepOf, ttlOf } from '../../src/kv/validate';
import type { KVListOptions, KVPutOptions, KVStore } from '../../src/kv/types';
import { openRedis, type RedisClient, type RedisClientOptions } from './redis-client';

/** Options of the Redis store: a client of your own, or a URL for one the store opens (and closes). */
export interface RedisKVOptions {
  /** An ioredis client to use (`new Redis(url)` from your own `import { Redis } from 'ioredis'`, which bundles it); the store never closes it. */
  client?: RedisClient;
  /** A `redis://` URL to connect to when no client is given (default redis://127.0.0.1:6379). */
  url?: string;
  /** ioredis options for the client the store opens. */
  redisOptions?: RedisClientOptions;
  /** Prefix of every key this store writes, so several apps or tests can share one server. */
  prefix?: string;
  /** Keys asked for per SCAN round trip when listing (default 500). */
  scanCount?: number;
}

/** A KVStore on Redis (ioredis): shared state across processes on Node, Bun and Lambda; atomic increments. */
export class RedisKV implements KVStore {
  private clientPromise: Promise<RedisClient> | null;
  private readonly owned: boolean;
  private readonly prefix: string;
  private readonly scanCount: number;
  private readonly options: RedisKVOptions;

  constructor(options: RedisKVOptions = {}) {
    this.options = options;
    this.owned = !options.client;
    this.clientPromise = options.client ? Promise.resolve(options.client) : null;
    this.prefix = options.prefix ?? '';
    this.scanCount = options.scanCount ?? 500;
  }

  /** The ioredis client, opened on first use (ioredis is imported by name only then). */
  client(): Promise<RedisClient> {
    return (this.clientPromise ??= openRedis(this.options.url ?? 'redis://127.0.0.1:6379', this.options.redisOptions));
  }

  async get(key: string): Promise<string | null> {
    assertKey(key);
    return (await this.client()).get(this.prefix + key);
  }

  async put(key: string, value: string, options?: KVPutOptions): Promise<void> {
    assertKey(key);
    assertValue(value);
    const ttl = ttlOf(options);
    const redis = await this.client();
    if (ttl === undefined) await redis.set(this.prefix + key, value);
    else await redis.set(this.prefix + key, value, 'PX', Math.ceil(ttl * 1000));
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await (await this.client()).del(this.prefix + key);
  }

  async list(options: KVListOptions = {}): Promise<string[]> {
    const limit = limitOf(options.limit);
    const redis = await this.client();
    const match = `${escapeGlob(this.prefix + (options.prefix ?? ''))}*`;
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', match, 'COUNT', this.scanCount);
      for (const k of batch) keys.add(k.slice(this.prefix.length));
      cursor = next;
    } while (cursor !== '0');
    const sorted = [...keys].sort();
    return sorted.length > limit ? sorted.slice(0, limit) : sorted;
  }

  async increment(key: string, by?: number, options?: KVPutOptions): Promise<number> {
    assertKey(key);
    const step = stepOf(by);
    const ttl = ttlOf(options);
    const redis = await this.client();
    const full = this.prefix + key;
    const multi = redis.multi();
    if (ttl !== undefined) multi.set(full, '0', 'PX', Math.ceil(ttl * 1000), 'NX');
    multi.incrby(full, step);
    const results = (await multi.exec()) ?? [];
    const [error, value] = results[results.length - 1] ?? [new Error('no reply'), null];
    if (error) throw new TypeError(`KV key "${key}" is not an integer counter (${error.message})`, { cause: error });
    return Number(value);
  }

  /** Closes the connection if this store opened it (a client passed in is left to its owner). */
  async close(): Promise<void> {
    if (!this.owned || !this.clientPromise) return;
    const redis = await this.clientPromise;
    this.clientPromise = null;
    await redis.quit();
  }
}

/** Creates a Redis-backed KVStore (see `RedisKV`). */
export function redisKV(options: RedisKVOptions = {}): RedisKV {
  return new RedisKV(options);
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
