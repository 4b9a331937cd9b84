/** Bans and per-route limits kept in the real Redis beside the counts, shared by two app instances. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { RedisKV } from '../../targets/node/redis-kv';
import { KVRateLimitStore, rateLimit } from '../../src/ratelimit';
import { REDIS_URL, requireService, uniqueName } from '../db/services';

const prefix = `${uniqueName('fwban')}:`;
const stores: RedisKV[] = [];

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  const cleaner = new RedisKV({ url: REDIS_URL, prefix });
  for (const key of await cleaner.list()) await cleaner.delete(key);
  await cleaner.close();
  for (const s of stores) await s.close();
});

let now = Date.now();

async function instance(): Promise<Fw> {
  const kv = new RedisKV({ url: REDIS_URL, prefix });
  stores.push(kv);
  const app = new Fw();
  await app.plugin(
    rateLimit({
      store: new KVRateLimitStore({ kv, max: 1, windowMs: 1_000, prefix: 'limit:', now: () => now }),
      key: (ctx) => ctx.header('x-client') ?? 'anonymous',
      ban: { after: 2, durationMs: 60_000 },
      headers: 'both',
    }),
  );
  app.get('/', () => 'ok');
  app.get('/login', () => 'in', { rateLimit: { max: 2, windowMs: 60_000 } });
  return app;
}

describe('bans on the real Redis', () => {
  it('a key over the limit in two windows on two instances is banned on both', async () => {
    const one = await instance();
    const two = await instance();
    const init = { headers: { 'x-client': '198.51.100.9' } };
    expect((await one.request('/', init)).status).toBe(200);
    expect((await two.request('/', init)).status).toBe(429);
    now += 1_000;
    expect((await two.request('/', init)).status).toBe(200);
    expect((await one.request('/', init)).status).toBe(429);
    const banned = await two.request('/', init);
    expect(banned.status).toBe(403);
    expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((await one.request('/', init)).status).toBe(403);
    const check = new RedisKV({ url: REDIS_URL, prefix });
    stores.push(check);
    expect(Number(await check.get('ban:198.51.100.9'))).toBeGreaterThan(Date.now());
    expect((await one.request('/', { headers: { 'x-client': 'someone-else' } })).status).toBe(200);
  });

  it('counts a route with its own limit in Redis too, across instances', async () => {
    const one = await instance();
    const two = await instance();
    const init = { headers: { 'x-client': '198.51.100.20' } };
    const statuses = [
      (await one.request('/login', init)).status,
      (await two.request('/login', init)).status,
      (await one.request('/login', init)).status,
    ];
    expect(statuses).toEqual([200, 200, 429]);
    const check = new RedisKV({ url: REDIS_URL, prefix });
    stores.push(check);
    expect((await check.list({ prefix: 'limit:route:GET /login:' })).length).toBe(1);
  });
});
