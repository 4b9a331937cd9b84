import { afterEach, describe, expect, it } from 'vitest';
import { CircuitBreakerRegistry, Fw, circuitBreakerPlugin, getCircuitBreakerRegistry, resetCircuitBreakerRegistry } from 'fw';
import { resetColdStartStats, startInvocation } from 'fw/serverless';
import { runtimeTools } from '../../mcp/src/bridge/runtime-tools';
import type { BridgeTool } from '../../mcp/src/bridge/bridge-tool';

function byName(tools: BridgeTool[], name: string): BridgeTool {
  const found = tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

function appWithThings(): Fw {
  const app = new Fw();
  app.get('/users', () => []);
  app.post('/users', () => ({}));
  app.get('/getUser', () => ({}));
  app.get('/items/:id', (ctx) => ({ id: ctx.params.id }), { summary: 'One item', tags: ['items'] });
  app.get('/Items_Archive', () => ({}));
  app.use(async (_ctx, next) => next());
  app.use('/admin', async (_ctx, next) => next());
  void app.plugin({ name: 'db', state: { pool: 'main' } });
  void app.plugin({ name: 'auth', dependencies: ['db'], decorate: { user: null } });
  app.setState('counter', 1);
  app.setState('fn', function fn() {
    return 1;
  });
  return app;
}

afterEach(() => {
  resetCircuitBreakerRegistry();
  resetColdStartStats();
});

describe('runtime tools', () => {
  it('lists mutating tools only with allowMutation', () => {
    const readOnly = runtimeTools(new Fw()).map((t) => t.name);
    expect(readOnly).not.toContain('fw/state/set');
    expect(readOnly).not.toContain('fw/circuit-breakers/reset');
    expect(readOnly).toContain('fw/serverless/status');
    const all = runtimeTools(new Fw(), {}, true).map((t) => t.name);
    expect(all).toEqual(expect.arrayContaining(['fw/state/set', 'fw/circuit-breakers/reset', 'fw/hot-reload/trigger', 'fw/ssg/render']));
  });

  it('reports routes, analysis and REST suggestions from the live app', async () => {
    const tools = runtimeTools(appWithThings());
    const list = await byName(tools, 'fw/routes/list').handler({});
    expect((list.structuredContent!.routes as unknown[]).length).toBe(5);
    const analysis = (await byName(tools, 'fw/routes/analyze').handler({})).structuredContent!;
    expect(analysis.total).toBe(5);
    const kinds = (analysis.findings as Array<{ kind: string }>).map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['missing-validation', 'path-case', 'verb-in-path']));
    const suggestions = (await byName(tools, 'fw/routes/suggest').handler({})).structuredContent!.suggestions as Array<{
      suggestion: string;
    }>;
    expect(suggestions.map((s) => s.suggestion)).toEqual(expect.arrayContaining(['GET /users/:id', 'GET /users']));
    const described = (await byName(tools, 'fw/routes/describe').handler({ path: '/items/:id' })).structuredContent!;
    expect(described).toMatchObject({ toolName: 'get_items_by_id', method: 'GET' });
    expect((await byName(tools, 'fw/routes/describe').handler({ path: '/nope' })).isError).toBe(true);
  });

  it('invokes routes, refusing mutations unless allowed', async () => {
    const app = appWithThings();
    const invoked = await byName(runtimeTools(app), 'fw/routes/invoke').handler({ path: '/items/42' });
    expect(invoked.structuredContent).toEqual({ id: '42' });
    const refused = await byName(runtimeTools(app), 'fw/routes/invoke').handler({ method: 'POST', path: '/users' });
    expect(refused.isError).toBe(true);
    const allowed = await byName(runtimeTools(app, {}, true), 'fw/routes/invoke').handler({ method: 'POST', path: '/users', body: {} });
    expect(allowed.isError).toBeUndefined();
  });

  it('shows plugins, their graph, middleware counts and state', async () => {
    const app = appWithThings();
    await app.ready();
    const tools = runtimeTools(app, {}, true);
    expect((await byName(tools, 'fw/plugins/list').handler({})).structuredContent!.plugins).toEqual([
      { name: 'db', dependencies: [], decorates: [], state: ['pool'] },
      { name: 'auth', dependencies: ['db'], decorates: ['user'], state: [] },
    ]);
    expect((await byName(tools, 'fw/plugins/graph').handler({})).structuredContent!.edges).toEqual([{ from: 'auth', to: 'db' }]);
    expect((await byName(tools, 'fw/middleware/info').handler({})).structuredContent).toEqual({ global: 1, pathBased: 1 });
    const state = (await byName(tools, 'fw/state/get').handler({})).structuredContent!.state as Record<string, unknown>;
    expect(state).toMatchObject({ counter: 1, pool: 'main', fn: '[function fn]' });
    await byName(tools, 'fw/state/set').handler({ key: 'counter', value: 2 });
    expect(app.state('counter')).toBe(2);
    expect((await byName(tools, 'fw/state/set').handler({ key: 'fw:rooms', value: 1 })).isError).toBe(true);
  });

  it('shows shared objects twice and only real cycles as [circular]', async () => {
    const app = new Fw();
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    app.setState('pair', { a: shared, b: shared, when: new Date(0), big: 10n, cyclic });
    const value = (await byName(runtimeTools(app), 'fw/state/get').handler({ key: 'pair' })).structuredContent!.value;
    expect(value).toEqual({
      a: { n: 1 },
      b: { n: 1 },
      when: '1970-01-01T00:00:00.000Z',
      big: '10',
      cyclic: { name: 'loop', self: '[circular]' },
    });
  });

  it('reads and resets circuit breakers from the shared registry', async () => {
    const breaker = getCircuitBreakerRegistry().get({ name: 'payments', threshold: 1 });
    await expect(breaker.execute(() => Promise.reject(new Error('down')))).rejects.toThrow();
    const tools = runtimeTools(new Fw(), {}, true);
    const listed = (await byName(tools, 'fw/circuit-breakers/list').handler({})).structuredContent!.breakers as Array<{
      name: string;
      state: string;
    }>;
    expect(listed).toEqual([expect.objectContaining({ name: 'payments', state: 'OPEN' })]);
    expect((await byName(tools, 'fw/circuit-breakers/reset').handler({ name: 'payments' })).structuredContent).toEqual({
      name: 'payments',
      state: 'CLOSED',
    });
    expect(breaker.metrics().state).toBe('CLOSED');
    expect((await byName(tools, 'fw/circuit-breakers/reset').handler({ name: 'nope' })).isError).toBe(true);
  });

  it('reads the registry circuitBreakerPlugin keeps in app state, not only the process-wide one', async () => {
    const registry = new CircuitBreakerRegistry();
    const app = new Fw();
    await app.plugin(circuitBreakerPlugin({ registry }));
    registry.get({ name: 'search' });
    const tools = runtimeTools(app, {}, true);
    expect(byName(tools, 'fw/circuit-breakers/list').available?.()).toBe(true);
    const listed = (await byName(tools, 'fw/circuit-breakers/list').handler({})).structuredContent!.breakers;
    expect(listed).toEqual([expect.objectContaining({ name: 'search', state: 'CLOSED' })]);
    expect(getCircuitBreakerRegistry().has('search')).toBe(false);
  });

  it('answers { available: false } for absent subsystems and reads present ones', async () => {
    const bare = runtimeTools(new Fw());
    for (const name of [
      'fw/ws/rooms',
      'fw/hot-reload/status',
      'fw/ssg/paths',
      'fw/ratelimit/metrics',
      'fw/openapi/get',
      'fw/serverless/status',
    ]) {
      const result = await byName(bare, name).handler({});
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ available: false });
    }
    const app = new Fw();
    app.setState('fw:ratelimit', { metrics: () => ({ rps: 3 }) });
    const tools = runtimeTools(app, {
      rooms: { rooms: () => [{ room: 'lobby', members: 2 }], presence: (room) => [`${room}-a`], connections: () => 2 },
      ssg: { paths: () => ['/', '/about'] },
    });
    expect((await byName(tools, 'fw/ws/rooms').handler({})).structuredContent).toEqual({ rooms: [{ room: 'lobby', members: 2 }] });
    expect((await byName(tools, 'fw/ws/presence').handler({ room: 'lobby' })).structuredContent).toEqual({
      room: 'lobby',
      presence: ['lobby-a'],
    });
    expect((await byName(tools, 'fw/ssg/paths').handler({})).structuredContent).toEqual({ paths: ['/', '/about'] });
    expect((await byName(tools, 'fw/ratelimit/metrics').handler({})).structuredContent).toEqual({ rps: 3 });
  });

  it('reports the cold start of this instance once a target has served a request', async () => {
    startInvocation('lambda')();
    startInvocation('lambda')();
    const stats = (await byName(runtimeTools(new Fw()), 'fw/serverless/status').handler({})).structuredContent!;
    expect(stats).toMatchObject({ target: 'lambda', coldStarts: 1, invocations: 2, warmInvocations: 1, coldStart: false });
  });
});
