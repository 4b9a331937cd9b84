import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from '../../src/core/types';
import { EventBus } from '../../src/event-bus';
import { createWorkspace, WORKSPACE_BUS_STATE_KEY, type Workspace } from 'fw';

function req(ws: Workspace, path: string, init: RequestInit & { host?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.host) headers.set('host', init.host);
  return ws.fetch(new Request(`http://localhost${path}`, { ...init, headers }));
}

/** The operator's token: the metrics and the dashboard answer an in-process request (no peer address) only with it. */
const operator = { authorization: 'Bearer workspace-test-token' };

function shop() {
  const ws = createWorkspace({ access: { token: 'workspace-test-token' } });
  ws.app('api', { prefix: '/api' }, (app) => {
    app.get('/users/:id', (ctx: any) => ({ app: 'api', id: ctx.params.id, q: ctx.query.q ?? null }));
    app.post('/echo', async (ctx: any) => ({ got: await ctx.json() }));
    app.get('/', () => 'api root');
  });
  ws.app('admin', { prefix: '/api/admin' }, (app) => {
    app.get('/stats', () => ({ app: 'admin' }));
  });
  ws.app('tenant', { host: '*.shop.test' }, (app) => {
    app.get('/', (ctx: any) => ({ app: 'tenant', host: ctx.header('host') }));
  });
  ws.app('docs', { host: 'docs.test', prefix: '/v1' }, (app) => {
    app.get('/page', () => ({ app: 'docs' }));
  });
  return ws;
}

describe('workspace routing', () => {
  it('mounts by prefix (stripped, longest first) and by host; query and body pass through', async () => {
    const ws = shop();
    expect(await (await req(ws, '/api/users/7?q=x')).json()).toEqual({ app: 'api', id: '7', q: 'x' });
    expect(await (await req(ws, '/api')).text()).toBe('api root');
    expect(
      await (await req(ws, '/api/echo', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })).json(),
    ).toEqual({ got: { a: 1 } });
    expect(await (await req(ws, '/api/admin/stats')).json()).toEqual({ app: 'admin' });
    expect(await (await req(ws, '/', { host: 'acme.shop.test:8080' })).json()).toEqual({ app: 'tenant', host: 'acme.shop.test:8080' });
    expect(await (await req(ws, '/v1/page', { host: 'docs.test' })).json()).toEqual({ app: 'docs' });
    const none = await req(ws, '/nothing');
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await req(ws, '/apix')).status).toBe(404);
    expect((await req(ws, '/', { host: 'shop.test' })).status).toBe(404);
  });

  it('shares one bus between apps', async () => {
    const bus = new EventBus();
    const ws = createWorkspace({ bus });
    const seen: unknown[] = [];
    ws.app('orders', { prefix: '/orders' }, (app, { bus: b }) => {
      app.post('/', async () => {
        b.emit('order.created', { id: 1 });
        return { ok: true };
      });
    });
    ws.app('mail', { prefix: '/mail' }, (app) => {
      app.state<EventBus>(WORKSPACE_BUS_STATE_KEY)!.on('order.*', (p) => {
        seen.push(p);
      });
    });
    await ws.ready();
    await req(ws, '/orders', { method: 'POST' });
    expect(seen).toEqual([{ id: 1 }]);
    expect(ws.getBus()).toBe(bus);
    expect(ws.getBusStats()).toEqual({ topics: 1, handlers: 1, emitted: 1 });
  });

  it('serves Prometheus metrics per app at /__fw/metrics', async () => {
    const ws = shop();
    await req(ws, '/api/users/1');
    await req(ws, '/api/users/2');
    await req(ws, '/api/admin/stats');
    await req(ws, '/api/missing');
    const res = await req(ws, '/__fw/metrics', { headers: operator });
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('fw_http_requests_total{app="api",method="GET",route="/users/:id",status="200"} 2');
    expect(text).toContain('fw_http_requests_total{app="admin",method="GET",route="/stats",status="200"} 1');
    expect(text).toContain('fw_http_requests_total{app="api",method="GET",route="(unmatched)",status="404"} 1');
    expect(text.match(/# TYPE fw_http_requests_total counter/g)).toHaveLength(1);
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+\{.*\} [\d.e+-]+)$/);
    expect(ws.getCollector('api')?.snapshot().requests).toBe(3);
    expect(ws.getApps().map((a) => a.name)).toEqual(['api', 'admin', 'tenant', 'docs']);
  });

  it('aggregates one OpenAPI document and serves a dashboard', async () => {
    const ws = shop();
    const doc = (await (await req(ws, '/__fw/openapi.json')).json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/users/{id}', '/api/echo', '/api', '/api/admin/stats', '/v1/page', '/']),
    );
    expect(doc.paths['/api/users/{id}'].get).toMatchObject({ tags: ['api'], parameters: [{ name: 'id', in: 'path', required: true }] });
    expect(doc.tags.map((t: any) => t.name)).toEqual(['api', 'admin', 'tenant', 'docs']);
    const page = await req(ws, '/__fw/workspace', { headers: operator });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('fw-workspace-config');
    const snap = (await (await req(ws, '/__fw/workspace.json', { headers: operator })).json()) as any;
    expect(snap.apps.map((a: any) => [a.name, a.prefix, a.host])).toEqual([
      ['api', '/api', null],
      ['admin', '/api/admin', null],
      ['tenant', null, '*.shop.test'],
      ['docs', '/v1', 'docs.test'],
    ]);
  });

  it('built-ins can be turned off or moved', async () => {
    const ws = createWorkspace({ metrics: false, dashboard: false, openapi: true, openapiPath: '/spec.json' });
    ws.app('a', { prefix: '/' }, (app) => {
      app.get('/x', () => 'x');
    });
    expect((await req(ws, '/__fw/metrics')).status).toBe(404);
    expect((await req(ws, '/spec.json')).status).toBe(200);
    expect(await (await req(ws, '/x')).text()).toBe('x');
  });

  it('an error escaping an app goes to onError and becomes a 500', async () => {
    const errors: unknown[] = [];
    const ws = createWorkspace({ onError: (e) => errors.push(e) });
    const app = ws.app('a', { prefix: '/a' }, () => {});
    app.fetch = () => {
      throw new Error('broken adapter');
    };
    const res = await req(ws, '/a/x');
    expect(res.status).toBe(500);
    expect(errors).toHaveLength(1);
  });

  it('rejects bad configuration with clear errors', () => {
    const ws = createWorkspace();
    ws.app('a', { prefix: '/a' }, () => {});
    expect(() => ws.app('a', { prefix: '/b' }, () => {})).toThrow(/already exists/);
    expect(() => ws.app('b', { prefix: '/a/' }, () => {})).toThrow(/same mount as "a"/);
    expect(() => ws.app('c', {}, () => {})).toThrow(/needs a "prefix", a "host", or both/);
    expect(() => ws.app('d', { prefix: 'nope' }, () => {})).toThrow(/must be a path starting with/);
    expect(() => ws.app('e', { prefix: '/:id' }, () => {})).toThrow(/may not contain/);
    expect(() => ws.app('f', { host: 'bad host!' }, () => {})).toThrow(/host name/);
    expect(() => ws.app('bad name', { prefix: '/g' }, () => {})).toThrow(/name of letters/);
    expect(() => ws.app('h', { prefix: '/h' }, 'x' as never)).toThrow(/setup must be a function/);
    expect(() => ws.appWith({ name: 'i', app: {} as never, prefix: '/i' })).toThrow(/fw app/);
    expect(() => createWorkspace({ shutdownTimeoutMs: 0 })).toThrow(/shutdownTimeoutMs/);
  });
});

describe('workspace server and graceful stop', () => {
  let server: Server | null = null;
  afterEach(async () => {
    await server?.stop().catch(() => undefined);
    server = null;
  });

  it('serves every app on one port and finishes in-flight requests when stopped', async () => {
    const ws = createWorkspace({ shutdownTimeoutMs: 5000 });
    let release!: () => void;
    ws.app('slow', { prefix: '/slow' }, (app) => {
      app.get(
        '/',
        () =>
          new Promise<string>((r) => {
            release = () => r('finished');
          }),
      );
    });
    ws.app('fast', { prefix: '/fast' }, (app) => {
      app.get('/', () => 'fast');
    });
    server = await ws.listen(0);
    const base = `http://127.0.0.1:${server.port}`;
    expect(await (await fetch(`${base}/fast`)).text()).toBe('fast');
    const slow = fetch(`${base}/slow`);
    while (!release) await new Promise((r) => setTimeout(r, 5));
    const stopping = ws.stop();
    const refused = await ws.fetch(new Request('http://localhost/fast'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('finished');
    expect(await stopping).toEqual({ drained: true });
    server = null;
  });

  it('stops within shutdownTimeoutMs when a request hangs', async () => {
    const ws = createWorkspace({ shutdownTimeoutMs: 100 });
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    ws.app('hang', { prefix: '/hang' }, (app) => {
      app.get('/', () => {
        arrive();
        return new Promise(() => {});
      });
    });
    server = await ws.listen(0);
    const hanging = fetch(`http://127.0.0.1:${server.port}/hang`).catch(() => 'cut');
    await arrived;
    expect(await ws.stop()).toEqual({ drained: false });
    expect(await hanging).toBe('cut');
    server = null;
  });
});
