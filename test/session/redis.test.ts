import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { RedisKV } from '../../targets/node/redis-kv';
import { KVSessionStore, session } from '../../src/session';
import { REDIS_URL, requireService, uniqueName } from '../db/services';
import { cookieHeader, secret, signedValue } from './helpers';

const prefix = `${uniqueName('fwsess')}:`;
const stores: RedisKV[] = [];

beforeAll(() => requireService('Redis', REDIS_URL, 6379));
afterAll(async () => {
  const cleaner = new RedisKV({ url: REDIS_URL, prefix });
  for (const key of await cleaner.list()) await cleaner.delete(key);
  expect(await cleaner.list()).toEqual([]);
  await cleaner.close();
  for (const s of stores) await s.close();
});

async function instance(): Promise<{ app: Fw; kv: RedisKV }> {
  const kv = new RedisKV({ url: REDIS_URL, prefix });
  stores.push(kv);
  const app = new Fw();
  await app.plugin(session({ secret, ttl: 120, store: new KVSessionStore(kv) }));
  app.get('/count', (ctx) => {
    ctx.session.count = ((ctx.session.count as number | undefined) ?? 0) + 1;
    return { count: ctx.session.count };
  });
  app.get('/logout', async (ctx) => {
    await ctx.session.destroy();
    return null;
  });
  return { app, kv };
}

describe('sessions in the real Redis (KVSessionStore over RedisKV)', () => {
  it('shares one session between two app instances with separate connections, with the ttl on the key', async () => {
    const one = await instance();
    const two = await instance();
    const first = await one.app.request('/count');
    const cookie = cookieHeader(first);
    expect(await (await two.app.request('/count', { headers: { cookie } })).json()).toEqual({ count: 2 });
    expect(await (await one.app.request('/count', { headers: { cookie } })).json()).toEqual({ count: 3 });
    const keys = await one.kv.list({ prefix: 'session:' });
    expect(keys).toHaveLength(1);
    const client = await one.kv.client();
    const ttl = await client.ttl(`${prefix}${keys[0]}`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);
    await two.app.request('/logout', { headers: { cookie } });
    expect(await one.kv.list({ prefix: 'session:' })).toEqual([]);
    expect(await (await one.app.request('/count', { headers: { cookie } })).json()).toEqual({ count: 1 });
  });

  it('starts fresh when Redis holds garbage under a validly signed id', async () => {
    const { app, kv } = await instance();
    await kv.put('session:garbage', '{"unterminated');
    const res = await app.request('/count', { headers: { cookie: `session=${signedValue('garbage', secret)}` } });
    expect(await res.json()).toEqual({ count: 1 });
  });
});
