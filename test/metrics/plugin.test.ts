/** metrics() in process: options checked at startup, who may read /__fw/metrics, instances merged through a MemoryKV, store bounds. */
import { describe, expect, it } from 'vitest';
import { assignPeerAddress, Fw } from 'fw';
import { MemoryKV, type KVStore } from 'fw/kv';
import { flushMetrics, hasMetrics, MetricsRecorder, metrics, readMetricsView, type MetricsOptions } from 'fw/metrics';
import { encodeInstanceDoc, parseInstanceDoc } from '../../src/metrics/instance-doc';

async function appWith(options: MetricsOptions = {}): Promise<Fw> {
  const app = new Fw({ logErrors: false });
  await app.plugin(metrics(options));
  app.get('/items/:id', (ctx) => ({ id: ctx.params.id }));
  app.post('/items', () => ({ ok: true }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  return app;
}

async function call(app: Fw, path: string, peer: string | null = null, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`http://app.test${path}`, init);
  if (peer !== null) assignPeerAddress(request, peer);
  return app.fetch(request);
}

describe('metrics() options', () => {
  it.each<[MetricsOptions, RegExp]>([
    [{ slotms: 1000 } as never, /unknown option "slotms" \(did you mean "slotMs"\?\)/],
    [{ slotMs: 10 }, /"slotMs" must be an integer from 1000/],
    [{ slots: 0 }, /"slots" must be an integer from 1 to 1440, got 0/],
    [{ maxRoutes: 1.5 }, /"maxRoutes" must be an integer/],
    [{ slotMs: 5000, flushMs: 6000 }, /"flushMs" must be an integer from 100 to 5000/],
    [{ maxStoreBytes: 10 }, /"maxStoreBytes"/],
    [{ name: 'has space' }, /"name" must be 1 to 64 letters/],
    [{ path: 'metrics' }, /"path" must start with "\/"/],
    [{ store: { get() {} } as never }, /"store" must be a KVStore .* or \(env\) => KVStore/],
    [{ access: 'everyone' as never }, /metrics\(\) "access" must be \{ token\?, authorize\?, loopback\? \} or 'public'/],
    [{ access: { token: '' } }, /"token" must be a non-empty string/],
  ])('refuses %j at startup', (options, message) => {
    expect(() => metrics(options)).toThrow(message);
  });

  it('says what to do when an app without metrics() is read', async () => {
    const app = new Fw();
    expect(hasMetrics(app)).toBe(false);
    await expect(readMetricsView(app)).rejects.toThrow(/records no metrics; register the plugin first: await app.plugin\(metrics\(\)\)/);
  });
});

describe('metrics() on an app that has not started', () => {
  it('counts the first answer when the plugin came through use() and the app starts on that request', async () => {
    const app = new Fw({ logErrors: false }).use(metrics());
    app.get('/items/:id', (ctx) => ({ id: ctx.params.id }));
    expect(await (await app.request('/items/1')).json()).toEqual({ id: '1' });
    await app.request('/items/2');
    const view = await readMetricsView(app);
    const items = view.routes.find((r) => r.route === '/items/:id');
    expect(items?.total.count).toBe(2);
  });
});

describe('/__fw/metrics access', () => {
  it('answers a loopback caller and refuses a remote one or one behind an unvouched proxy', async () => {
    const app = await appWith();
    expect((await call(app, '/__fw/metrics', '127.0.0.1')).status).toBe(200);
    expect((await call(app, '/__fw/metrics', '::1')).status).toBe(200);
    const remote = await call(app, '/__fw/metrics', '203.0.113.9');
    expect(remote.status).toBe(401);
    expect(remote.headers.get('www-authenticate')).toBe('Bearer realm="fw metrics"');
    expect((await call(app, '/__fw/metrics', '127.0.0.1', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(401);
  });

  it('answers a caller with the token or one the app authorizes, with the 0.0.4 content type', async () => {
    const app = await appWith({ access: { token: 'scrape-token', authorize: (ctx) => ctx.header('x-role') === 'ops', loopback: false } });
    expect((await call(app, '/__fw/metrics', '127.0.0.1')).status).toBe(401);
    const withToken = await call(app, '/__fw/metrics', '203.0.113.9', { headers: { authorization: 'Bearer scrape-token' } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(withToken.headers.get('cache-control')).toBe('no-store');
    expect((await call(app, '/__fw/metrics', '203.0.113.9', { headers: { 'x-role': 'ops' } })).status).toBe(200);
    expect((await call(app, '/__fw/metrics', '203.0.113.9', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it("serves at the path given, anyone with 'public', and nothing with path: false", async () => {
    const app = await appWith({ path: '/ops/metrics', access: 'public' });
    expect((await call(app, '/ops/metrics', '203.0.113.9')).status).toBe(200);
    expect((await call(app, '/__fw/metrics', '127.0.0.1')).status).toBe(404);
    const none = await appWith({ path: false });
    expect((await call(none, '/__fw/metrics', '127.0.0.1')).status).toBe(404);
  });
});

describe('recording', () => {
  it('keeps the synchronous answer of a started app synchronous', async () => {
    const app = await appWith();
    await app.ready();
    const answer = app.fetch(new Request('http://app.test/items/1'));
    expect(answer).toBeInstanceOf(Response);
    expect((await readMetricsView(app)).routes.map((r) => r.route)).toEqual(['/items/:id']);
  });

  it('counts the first request of an app that was not started, and a malformed path as unmatched', async () => {
    const app = await appWith();
    expect((await app.fetch(new Request('http://app.test/items/1'))).status).toBe(200);
    expect((await app.fetch(new Request('http://app.test/a%2Fb'))).status).toBe(400);
    const view = await readMetricsView(app);
    expect(view.routes.map((r) => `${r.method} ${r.route} ${r.total.count}`)).toEqual(['* (unmatched) 1', 'GET /items/:id 1']);
  });

  it('counts each of two apps on its own, also when one calls the other', async () => {
    const inner = await appWith();
    const outer = new Fw();
    await outer.plugin(metrics());
    outer.get('/proxy/:id', async (ctx) => {
      await Promise.resolve();
      return inner.fetch(new Request(`http://inner.test/items/${ctx.params.id}`));
    });
    expect((await outer.request('/proxy/5')).status).toBe(200);
    expect((await readMetricsView(outer)).routes.map((r) => `${r.route} ${r.total.count}`)).toEqual(['/proxy/:id 1']);
    expect((await readMetricsView(inner)).routes.map((r) => `${r.route} ${r.total.count}`)).toEqual(['/items/:id 1']);
  });

  it('measures latency from fetch to the answer', async () => {
    const app = await appWith();
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 30));
      return 'late';
    });
    await app.request('/slow');
    const slow = (await readMetricsView(app)).routes.find((r) => r.route === '/slow')!;
    expect(slow.total.sumMs).toBeGreaterThanOrEqual(25);
    expect(slow.total.buckets.slice(0, 4).reduce((s, n) => s + n, 0)).toBe(0); // nothing at or under 10 ms
  });
});

describe('readMetricsView', () => {
  it('counts route patterns, never raw paths, and unmatched requests under one (unmatched) route', async () => {
    const app = await appWith();
    for (const id of ['1', '2', 'x%20y']) await call(app, `/items/${id}`);
    await call(app, '/items', null, { method: 'POST' });
    await call(app, '/boom');
    await call(app, '/nowhere/1');
    await call(app, '/nowhere/2', null, { method: 'PATCH' });
    const view = await readMetricsView(app);
    expect(view.routes.map((r) => `${r.method} ${r.route} ${r.total.count}`)).toEqual([
      '* (unmatched) 2',
      'GET /boom 1',
      'POST /items 1',
      'GET /items/:id 3',
    ]);
    expect(view.routes.find((r) => r.route === '/boom')!.total.status['5xx']).toBe(1);
    expect(view.instances).toHaveLength(1);
    expect(view.instances[0].requests).toBe(7);
    expect(view.instances[0].errorRate).toBeCloseTo(1 / 7);
  });

  it('merges two instances that share a store; each reads the other from its last write', async () => {
    const store = new MemoryKV();
    const a = await appWith({ store, flushMs: 100 });
    const b = await appWith({ store, flushMs: 100 });
    for (let i = 0; i < 4; i++) await call(a, `/items/${i}`);
    for (let i = 0; i < 6; i++) await call(b, `/items/${i}`);
    await flushMetrics(a);
    await flushMetrics(b);
    const fromA = await readMetricsView(a);
    const fromB = await readMetricsView(b);
    for (const view of [fromA, fromB]) {
      expect(view.instances).toHaveLength(2);
      expect(view.routes.find((r) => r.route === '/items/:id')!.total.count).toBe(10);
    }
    expect((await store.list({ prefix: 'fw:metrics:app:' })).length).toBe(2);
  });

  it('keeps apps with different names apart in one store', async () => {
    const store = new MemoryKV();
    const shop = await appWith({ store, name: 'shop' });
    const blog = await appWith({ store, name: 'blog' });
    await call(shop, '/items/1');
    await call(blog, '/items/1');
    await flushMetrics(shop);
    await flushMetrics(blog);
    expect((await readMetricsView(shop)).instances).toHaveLength(1);
    expect(await store.list({ prefix: 'fw:metrics:' })).toHaveLength(2);
  });

  it('writes after a response once flushMs has passed, with a TTL of the retention window', async () => {
    const puts: { key: string; ttl?: number }[] = [];
    const memory = new MemoryKV();
    const store: KVStore = {
      get: (key) => memory.get(key),
      put: (key, value, options) => {
        puts.push({ key, ttl: options?.ttl });
        return memory.put(key, value, options);
      },
      delete: (key) => memory.delete(key),
      list: (options) => memory.list(options),
      increment: (key, by, options) => memory.increment(key, by, options),
    };
    const app = await appWith({ store, slotMs: 2000, slots: 90, flushMs: 2000 });
    await call(app, '/items/1');
    await call(app, '/items/2');
    await new Promise((r) => setTimeout(r, 20));
    expect(puts).toHaveLength(1);
    expect(puts[0].ttl).toBe(180);
    expect(puts[0].key).toMatch(/^fw:metrics:app:[\w-]+$/);
  });

  it('ignores documents in the store that are not metrics (another version, garbage)', async () => {
    const store = new MemoryKV();
    await store.put('fw:metrics:app:junk', '{"v":99}');
    await store.put('fw:metrics:app:broken', 'not json');
    const app = await appWith({ store });
    await call(app, '/items/1');
    expect((await readMetricsView(app)).instances).toHaveLength(1);
  });

  it('says what to do when a document does not fit in maxStoreBytes even without slots', async () => {
    const app = await appWith({ store: new MemoryKV(), maxStoreBytes: 4096 });
    for (let i = 0; i < 30; i++) app.get(`/r${i}`, () => 'ok');
    for (let i = 0; i < 30; i++) await call(app, `/r${i}`);
    await expect(flushMetrics(app)).rejects.toThrow(/do not fit in maxStoreBytes \(4096\); raise it or lower maxRoutes/);
  });

  it('drops whole slot times, oldest first, and keeps lifetime counts, to fit a document in maxStoreBytes', () => {
    const recorder = new MetricsRecorder({ slotMs: 60_000, slots: 60, maxRoutes: 10 });
    recorder.record('GET', '/a', 200, 1);
    recorder.record('GET', '/b', 200, 1);
    const doc = recorder.snapshot();
    const now = doc.routes[0].slots[0].t;
    for (const route of doc.routes) route.slots = Array.from({ length: 60 }, (_, i) => ({ ...route.slots[0], t: now - (59 - i) * 60_000 }));
    const full = JSON.stringify(doc).length;
    const text = encodeInstanceDoc(doc, Math.floor(full / 2))!;
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(full / 2);
    const kept = parseInstanceDoc(text)!;
    for (const route of kept.routes) {
      expect(route.slots.length).toBeGreaterThan(20);
      expect(route.slots.length).toBeLessThan(60);
      expect(route.slots.at(-1)!.t).toBe(now);
      expect(route.lifetime.count).toBe(1);
    }
    expect(kept.routes[0].slots.length).toBe(kept.routes[1].slots.length);
  });
});
