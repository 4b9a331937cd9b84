import { afterEach, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { MemoryKV, type KVStore } from '../../src/kv';
import { cachePlugin, RESPONSE_CACHE_STATE_KEY, ResponseCache } from '../../src/cache';

async function counted(options: Parameters<typeof cachePlugin>[0] = {}) {
  const calls: Record<string, number> = {};
  const count = (name: string) => (calls[name] = (calls[name] ?? 0) + 1);
  const app = new Fw();
  await app.plugin(cachePlugin(options));
  app.get('/', (ctx) => ({ n: count('/'), q: ctx.query.q ?? null }));
  app.get('/lang', (ctx) => ctx.setHeader('vary', 'Accept-Language') && { n: count('/lang'), lang: ctx.header('accept-language') });
  app.get('/nostore', (ctx) => ctx.setHeader('cache-control', 'no-store') && { n: count('/nostore') });
  app.get('/private', (ctx) => ctx.setHeader('cache-control', 'private, max-age=60') && { n: count('/private') });
  app.get('/cookie', (ctx) => {
    ctx.setCookie('sid', String(count('/cookie')));
    return 'c';
  });
  app.get('/star', (ctx) => ctx.setHeader('vary', '*') && { n: count('/star') });
  app.get('/fail', (ctx) => ctx.status(500).jsonResponse({ n: count('/fail') }));
  app.get('/short', (ctx) => ctx.setHeader('cache-control', 'public, s-maxage=5, max-age=100') && { n: count('/short') });
  app.get('/zero', (ctx) => ctx.setHeader('cache-control', 'max-age=0') && { n: count('/zero') });
  app.get('/big', () => {
    count('/big');
    return 'x'.repeat(2000);
  });
  app.post('/', () => ({ n: count('POST') }));
  return { app, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cachePlugin over a KVStore', () => {
  it('rejects bad options', () => {
    expect(() => cachePlugin({ ttl: 0 })).toThrow('ttl must be a positive number');
    expect(() => cachePlugin({ maxBodyBytes: -1 })).toThrow('maxBodyBytes must be a positive integer');
    expect(() => cachePlugin({ store: new MemoryKV(), cacheApi: true })).toThrow('either store or cacheApi');
    expect(() => cachePlugin({ cacheApi: true })).toThrow('needs the worker Cache API');
  });

  it('stores a GET, replays it with X-Cache HIT and Age, and keys by the full URL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(2_000_000);
    const { app, calls } = await counted();
    const miss = await app.request('/?q=1');
    expect(miss.headers.get('x-cache')).toBe('MISS');
    expect(await miss.json()).toEqual({ n: 1, q: '1' });
    const hit = await app.request('/?q=1');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('age')).toBe('0');
    expect(hit.headers.get('content-type')).toContain('application/json');
    expect(await hit.json()).toEqual({ n: 1, q: '1' });
    expect(await (await app.request('/?q=2')).json()).toEqual({ n: 2, q: '2' });
    expect(calls['/']).toBe(2);
  });

  it('keeps one variant per value of the headers named in Vary', async () => {
    const { app, calls } = await counted();
    const ask = async (lang: string) => (await app.request('/lang', { headers: { 'accept-language': lang } })).json();
    expect(await ask('fr')).toEqual({ n: 1, lang: 'fr' });
    expect(await ask('de')).toEqual({ n: 2, lang: 'de' });
    expect(await ask('fr')).toEqual({ n: 1, lang: 'fr' });
    expect(await ask('de')).toEqual({ n: 2, lang: 'de' });
    expect(calls['/lang']).toBe(2);
  });

  it('never stores no-store, private, Set-Cookie, Vary *, errors, max-age=0, oversized bodies or POSTs', async () => {
    const { app, calls } = await counted({ maxBodyBytes: 1000 });
    for (const path of ['/nostore', '/private', '/cookie', '/star', '/fail', '/zero', '/big']) {
      const a = await app.request(path);
      const b = await app.request(path);
      expect(a.headers.has('x-cache')).toBe(false);
      expect(b.headers.has('x-cache')).toBe(false);
      expect(calls[path]).toBe(2);
    }
    expect(await (await app.request('/big')).text()).toBe('x'.repeat(2000));
    expect((await app.request('/cookie')).headers.getSetCookie()).toEqual(['sid=3; Path=/']);
    await app.request('/', { method: 'POST' });
    await app.request('/', { method: 'POST' });
    expect(calls.POST).toBe(2);
  });

  it("bypasses the cache for requests with Authorization (one user's page never reaches another)", async () => {
    const { app, calls } = await counted();
    await app.request('/', { headers: { authorization: 'Bearer alice' } });
    await app.request('/', { headers: { authorization: 'Bearer alice' } });
    expect(calls['/']).toBe(2);
    expect((await app.request('/', { headers: { authorization: 'Bearer bob' } })).headers.has('x-cache')).toBe(false);
  });

  it('answers HEAD from the GET entry without a body', async () => {
    const { app } = await counted();
    await app.request('/');
    const head = await app.request('/', { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(await head.text()).toBe('');
  });

  it('expires entries after s-maxage (over max-age) or ttl', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const { app, calls } = await counted({ ttl: 30 });
    await app.request('/short');
    await app.request('/');
    vi.setSystemTime(1_000_000 + 4_000);
    expect((await app.request('/short')).headers.get('age')).toBe('4');
    vi.setSystemTime(1_000_000 + 6_000);
    expect((await app.request('/short')).headers.get('x-cache')).toBe('MISS');
    expect((await app.request('/')).headers.get('x-cache')).toBe('HIT');
    vi.setSystemTime(1_000_000 + 31_000);
    expect((await app.request('/')).headers.get('x-cache')).toBe('MISS');
    expect(calls).toMatchObject({ '/short': 2, '/': 2 });
  });

  it('purges every variant of a URL', async () => {
    const { app, calls } = await counted();
    await app.request('/lang', { headers: { 'accept-language': 'fr' } });
    const responseCache = app.state<ResponseCache>(RESPONSE_CACHE_STATE_KEY)!;
    const probe = new Fw();
    probe.get('/', (ctx) => responseCache.purge('http://localhost/lang', ctx).then(() => 'purged'));
    expect(await (await probe.request('/')).text()).toBe('purged');
    await app.request('/lang', { headers: { 'accept-language': 'fr' } });
    expect(calls['/lang']).toBe(2);
  });

  it('treats a failing store as a miss and still answers', async () => {
    const broken: KVStore = {
      get: () => Promise.reject(new Error('store down')),
      put: () => Promise.reject(new Error('store down')),
      delete: () => Promise.reject(new Error('store down')),
      list: () => Promise.reject(new Error('store down')),
      increment: () => Promise.reject(new Error('store down')),
    };
    const { app } = await counted({ store: broken });
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 1, q: null });
  });

  it('ignores corrupt entries in the store', async () => {
    const kv = new MemoryKV();
    const { app, calls } = await counted({ store: kv });
    await app.request('/');
    for (const key of await kv.list()) await kv.put(key, '{not json');
    expect((await app.request('/')).headers.get('x-cache')).toBe('MISS');
    expect(calls['/']).toBe(2);
  });
});
