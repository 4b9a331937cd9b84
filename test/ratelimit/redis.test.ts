import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { RedisKV } from '../../targets/node/redis-kv';
import { KVRateLimitStore, rateLimit } from '../../src/ratelimit';
import { REDIS_URL, requireService, uniqueName } from '../db/services';

const prefix = `${uniqueName('fwrl')}:`;
const stores: RedisKV[] = [];

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  const cleaner = new RedisKV({ url: REDIS_URL, prefix });
  for (const key of await cleaner.list()) await cleaner.delete(key);
  expect(await cleaner.list()).toEqual([]);
  await cleaner.close();
  for (const s of stores) await s.close();
});

/** One clock for every instance, so concurrent requests never straddle a window edge. */
const startedAt = Date.now();

async function instance(max: number): Promise<Fw> {
  const kv = new RedisKV({ url: REDIS_URL, prefix });
  stores.push(kv);
  const app = new Fw();
  await app.plugin(
    rateLimit({
      store: new KVRateLimitStore({ kv, max, windowMs: 60_000, prefix: 'limit:', now: () => startedAt }),
      key: (ctx) => ctx.header('x-client') ?? 'anonymous',
    }),
  );
  app.get('/', () => 'ok');
  return app;
}

describe('KVRateLimitStore on the real Redis', () => {
  it('holds one limit across two app instances with separate connections, even for concurrent requests', async () => {
    const one = await instance(5);
    const two = await instance(5);
    const init = { headers: { 'x-client': '203.0.113.7' } };
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? one : two).request('/', init)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    expect((await one.request('/', { headers: { 'x-client': '203.0.113.8' } })).status).toBe(200);
  });

  it('counts buckets from the shared store and expires counters with their window', async () => {
    const app = await instance(1);
    await app.request('/', { headers: { 'x-client': '198.51.100.1' } });
    const metrics = await app.state<{ metrics(): Promise<{ buckets: number }> }>('fw:ratelimit')!.metrics();
    expect(metrics.buckets).toBeGreaterThanOrEqual(1);
    const redis = await stores[stores.length - 1].client();
    const [key] = await redis.keys(`${prefix}limit:*:198.51.100.1`);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });
});
