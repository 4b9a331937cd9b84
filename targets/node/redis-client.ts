/**
 * The part of an ioredis client that fw's Redis store and bus transport use, declared here so that fw's types
 * never name ioredis (an optional peer dependency), and the run-time loading of ioredis when fw opens the client.
 */

/** The commands of a `multi()` transaction that the store queues. */
export interface RedisTransaction {
  set(key: string, value: string, px: 'PX', milliseconds: number, nx: 'NX'): RedisTransaction;
  incrby(key: string, increment: number): RedisTransaction;
  exec(): Promise<[error: Error | null, result: unknown][] | null>;
}

/** What fw calls on a Redis client (and the key inspection commands apps run on `RedisKV.client()`): an ioredis `Redis` fits it. */
export interface RedisClient {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
  set(key: string, value: string, px: 'PX', milliseconds: number): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
  scan(cursor: string, match: 'MATCH', pattern: string, count: 'COUNT', size: number): Promise<[cursor: string, keys: string[]]>;
  keys(pattern: string): Promise<string[]>;
  ttl(key: string): Promise<number>;
  pttl(key: string): Promise<number>;
  multi(): RedisTransaction;
  publish(channel: string, message: string): Promise<number>;
  subscribe(...channels: string[]): Promise<unknown>;
  duplicate(): RedisClient;
  on(event: string, listener: (...args: any[]) => void): unknown;
  connect(): Promise<void>;
  disconnect(): void;
  quit(): Promise<unknown>;
}

/** Options handed to the ioredis constructor for clients fw opens (`retryStrategy`, `password`, `tls`, …). */
export type RedisClientOptions = Record<string, unknown>;

type RedisConstructor = new (url: string, options: RedisClientOptions) => RedisClient;

async function loadIoredis(): Promise<RedisConstructor> {
  const specifier = 'ioredis';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { Redis?: RedisConstructor; default?: RedisConstructor };
    const Redis = mod.Redis ?? mod.default;
    if (typeof Redis !== 'function') throw new Error('the module has no Redis export');
    return Redis;
  } catch (cause) {
    throw new Error(
      `fw's Redis store and bus need the ioredis package to open a connection: npm install ioredis, or pass { client: new Redis(url) } made by your own ioredis import (${(cause as Error).message})`,
      { cause },
    );
  }
}

/** Opens an ioredis client on `url` (ioredis is imported by name only now, so apps and bundles that never call this do not need it). */
export async function openRedis(url: string, options: RedisClientOptions | undefined): Promise<RedisClient> {
  const Redis = await loadIoredis();
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, ...options });
  client.on('error', () => {
    // Connection errors reach callers as rejected commands; the listener keeps ioredis from printing them.
  });
  try {
    await client.connect();
  } catch (cause) {
    client.disconnect();
    throw new Error(`Redis is not reachable at ${url}: ${(cause as Error).message}`, { cause });
  }
  return client;
}
