import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { RedisKV } from '../../targets/node/redis-kv';
import { cachePlugin } from '../../src/cache';
import { REDIS_URL, requireService, uniqueName } from '../db/services';

const prefix = `${uniqueName('fwcache')}:`;
const stores: RedisKV[] = [];

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  const cleaner = new RedisKV({ url: REDIS_URL, prefix });
  for (const key of await cleaner.list()) await cleaner.delete(key);
  await cleaner.close();
  for (const s of stores) await s.close();
});

describe('cachePlugin on the real Redis', () => {
  it('a response stored by one app instance is replayed by another, with its TTL in Redis', async () => {
    let renders = 0;
    const instance = async () => {
      const kv = new RedisKV({ url: REDIS_URL, prefix });
      stores.push(kv);
      const app = new Fw();
      await app.plugin(cachePlugin({ store: kv, ttl: 120 }));
      app.get('/report', () => ({ renders: ++renders }));
      return app;
    };
    const one = await instance();
    const two = await instance();
    expect((await one.request('/report')).headers.get('x-cache')).toBe('MISS');
    const hit = await two.request('/report');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(await hit.json()).toEqual({ renders: 1 });
    const redis = await stores[0].client();
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(100_000);
  });
});
