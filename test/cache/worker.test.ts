import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('cachePlugin in workerd (miniflare): the Cache API and Workers KV', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/cache/fixtures/cache-worker.ts'), { kvNamespaces: ['CACHE'] });
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; cache: string | null; body: string }> {
    const res = await mf.dispatchFetch(`http://cache.test${path}`, { headers });
    return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
  }

  it('stores in caches.default per Vary value and replays hits', async () => {
    expect(await get('/edge/lang', { 'accept-language': 'fr' })).toEqual({ status: 200, cache: 'MISS', body: '{"n":1,"lang":"fr"}' });
    expect(await get('/edge/lang', { 'accept-language': 'fr' })).toEqual({ status: 200, cache: 'HIT', body: '{"n":1,"lang":"fr"}' });
    expect(await get('/edge/lang', { 'accept-language': 'de' })).toEqual({ status: 200, cache: 'MISS', body: '{"n":2,"lang":"de"}' });
    expect(await get('/edge/lang', { 'accept-language': 'de' })).toMatchObject({ cache: 'HIT', body: '{"n":2,"lang":"de"}' });
  });

  it('never stores a no-store response, and bypasses for Authorization', async () => {
    await get('/edge/nostore');
    await get('/edge/nostore');
    await get('/edge/lang', { 'accept-language': 'fr', authorization: 'Bearer x' });
    const calls = JSON.parse((await get('/calls')).body);
    expect(calls['/edge/nostore']).toBe(2);
    expect(calls['/edge/lang']).toBe(3);
  });

  it('etag answers 304 and cache() sets Cache-Control in workerd (Web Crypto hashing)', async () => {
    const first = await mf.dispatchFetch('http://cache.test/tagged/page');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[0-9a-f]{27}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    await first.text();
    const again = await mf.dispatchFetch('http://cache.test/tagged/page', { headers: { 'if-none-match': tag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=30');
    await again.text();
  });

  it('stores in Workers KV through workersKV(env.CACHE)', async () => {
    expect(await get('/kv/page')).toEqual({ status: 200, cache: 'MISS', body: '<p>1</p>' });
    expect(await get('/kv/page')).toEqual({ status: 200, cache: 'HIT', body: '<p>1</p>' });
    const kv = await mf.getKVNamespace('CACHE');
    expect((await kv.list()).keys.length).toBe(2);
  });
});
