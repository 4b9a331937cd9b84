/**
 * One contestant of the kv bench in its own process: `tsx bench/kv/contestant.ts <contestant> <n> <redis url>`.
 * Does n rounds of put(key, value) then get(key) over 100 keys after a checked warm-up; prints `{ usPerOp }`.
 */
export type Store = {
  put(key: string, value: string): Promise<unknown>;
  get(key: string): Promise<string | null | undefined>;
  close(): Promise<unknown>;
};

const [contestant, count, url] = process.argv.slice(2);
const n = Number(count);
const prefix = `fwbench:${process.pid}:`;

async function open(): Promise<Store> {
  switch (contestant) {
    case 'fw-memory': {
      const { MemoryKV } = await import('../../src/kv/memory');
      const kv = new MemoryKV();
      return { put: (k, v) => kv.put(k, v), get: (k) => kv.get(k), close: async () => kv.clear() };
    }
    case 'keyv-memory': {
      const { default: Keyv } = await import('keyv');
      const kv = new Keyv();
      return { put: (k, v) => kv.set(k, v), get: (k) => kv.get<string>(k), close: () => kv.disconnect() };
    }
    case 'fw-redis': {
      const { RedisKV } = await import('../../targets/node/redis-kv');
      const kv = new RedisKV({ url, prefix });
      return {
        put: (k, v) => kv.put(k, v),
        get: (k) => kv.get(k),
        close: async () => {
          for (const key of await kv.list()) await kv.delete(key);
          await kv.close();
        },
      };
    }
    case 'ioredis': {
      const { Redis } = await import('ioredis');
      const redis = new Redis(url);
      return {
        put: (k, v) => redis.set(prefix + k, v),
        get: (k) => redis.get(prefix + k),
        close: async () => {
          const keys = await redis.keys(`${prefix}*`);
          if (keys.length) await redis.del(...keys);
          await redis.quit();
        },
      };
    }
    case 'keyv-redis': {
      const { default: Keyv } = await import('keyv');
      const { default: KeyvRedis } = await import('@keyv/redis');
      const kv = new Keyv({ store: new KeyvRedis(url), namespace: prefix.slice(0, -1) });
      return {
        put: (k, v) => kv.set(k, v),
        get: (k) => kv.get<string>(k),
        close: async () => {
          await kv.clear();
          await kv.disconnect();
        },
      };
    }
    default:
      throw new Error(`unknown contestant ${contestant}`);
  }
}

const store = await open();
const value = JSON.stringify({ user: 42, roles: ['admin', 'editor'], at: '2026-01-01T00:00:00Z' });
for (let i = 0; i < Math.min(1000, n); i++) {
  const key = `k${i % 100}`;
  await store.put(key, `${value}${i}`);
  const got = await store.get(key);
  if (got !== `${value}${i}`) throw new Error(`${contestant}: wrong answer for ${key}: ${got}`);
}
const started = performance.now();
for (let i = 0; i < n; i++) {
  const key = `k${i % 100}`;
  await store.put(key, value);
  await store.get(key);
}
const elapsed = performance.now() - started;
await store.close();
process.stdout.write(JSON.stringify({ usPerOp: (elapsed * 1000) / (2 * n) }));
