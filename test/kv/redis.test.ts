import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisKV } from '../../targets/node/redis-kv';
import { REDIS_URL, requireService, uniqueName } from '../db/services';
import { runKVConformance } from './conformance';

const stores: RedisKV[] = [];
const sleep = (seconds: number): Promise<void> => new Promise((r) => setTimeout(r, seconds * 1000));

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  for (const s of stores) await s.close();
});

runKVConformance(
  'redis',
  () => {
    const store = new RedisKV({ url: REDIS_URL, prefix: `${uniqueName('fwkv')}:` });
    stores.push(store);
    return store;
  },
  { minTtl: 0.3, elapse: sleep },
);

describe('RedisKV', () => {
  it('shares state between two stores on the same prefix (two instances of an app)', async () => {
    const prefix = `${uniqueName('fwkv')}:`;
    const one = new RedisKV({ url: REDIS_URL, prefix });
    const two = new RedisKV({ url: REDIS_URL, prefix });
    stores.push(one, two);
    await one.put('session', 'abc');
    expect(await two.get('session')).toBe('abc');
    await Promise.all([one.increment('hits'), two.increment('hits'), one.increment('hits')]);
    expect(await two.get('hits')).toBe('3');
    await one.delete('session');
    await one.delete('hits');
  });

  it('uses a client passed in without closing it', async () => {
    const { Redis } = await import('ioredis');
    const client = new Redis(REDIS_URL);
    const prefix = `${uniqueName('fwkv')}:`;
    const kv = new RedisKV({ client, prefix });
    await kv.put('x', '1');
    await kv.close();
    expect(await client.get(`${prefix}x`)).toBe('1');
    await kv.delete('x');
    await client.quit();
  });

  it('fails with a clear error when Redis is not reachable', async () => {
    const kv = new RedisKV({ url: 'redis://127.0.0.1:1', redisOptions: { retryStrategy: () => null } });
    await expect(kv.get('k')).rejects.toThrow(/Redis is not reachable at redis:\/\/127.0.0.1:1/);
  });
});
