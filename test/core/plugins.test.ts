import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { call } from './helpers';

describe('plugins', () => {
  it('decorate adds ctx.<key>; functions run with the context as this', async () => {
    const app = new Fw();
    await app.plugin({
      name: 'greeter',
      decorate: {
        greeting: 'hello',
        greet(this: Context, who: string) {
          return `${(this as Context & { greeting: string }).greeting} ${who} at ${this.path}`;
        },
      },
    });
    app.get('/g', (ctx) => (ctx as Context & { greet(w: string): string }).greet('ann'));
    expect((await call(app, '/g')).text).toBe('hello ann at /g');
    expect(app.decorator('greeting')).toBe('hello');
  });

  it('state becomes ctx.state.<key>, shared across requests; per-request writes stay local', async () => {
    const app = new Fw();
    await app.plugin({ name: 'counter', state: { counter: { hits: 0 }, label: 'plugin' } });
    app.get('/hit', (ctx) => {
      ctx.state.counter.hits++;
      ctx.state.label = 'changed in one request';
      return { hits: ctx.state.counter.hits, label: ctx.state.label };
    });
    app.get('/label', (ctx) => ctx.state.label);
    await call(app, '/hit');
    expect((await call(app, '/hit')).json).toEqual({ hits: 2, label: 'changed in one request' });
    expect((await call(app, '/label')).text).toBe('plugin');
    expect(app.state('counter')).toEqual({ hits: 2 });
  });

  it('setup runs with the app and may register routes; an async setup is awaited before the first request', async () => {
    const app = new Fw();
    const order: string[] = [];
    app.use({
      name: 'slow',
      async setup(a) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        a.setState('ready', true);
        a.get('/from-plugin', () => 'registered by plugin');
        order.push('setup done');
      },
    });
    app.get('/ready', (ctx) => {
      order.push('request');
      return String(ctx.state.ready);
    });
    expect((await call(app, '/ready')).text).toBe('true');
    expect((await call(app, '/from-plugin')).text).toBe('registered by plugin');
    expect(order).toEqual(['setup done', 'request']);
  });

  it("a setup that wraps app.fetch sees the request that starts the app, which the app's first fetch answers", async () => {
    const app = new Fw();
    const seen: string[] = [];
    app.use({
      name: 'wraps-fetch',
      setup(a) {
        const inner = a.fetch;
        a.fetch = (request, env, executionCtx) => {
          seen.push(new URL(request.url).pathname);
          return inner(request, env, executionCtx);
        };
      },
    });
    app.get('/', () => 'Hi');
    expect((await call(app, '/')).text).toBe('Hi');
    expect(seen).toEqual(['/']);
  });

  it('use(plugin) is an alias of plugin(); plugin() resolves to the app', async () => {
    const app = new Fw();
    expect(app.use({ name: 'a' })).toBe(app);
    expect(await app.plugin({ name: 'b' })).toBe(app);
    expect(app.getPlugins()).toEqual(['a', 'b']);
    expect(app.hasPlugin('a')).toBe(true);
    expect(app.hasPlugin('zzz')).toBe(false);
  });

  it('a missing dependency is a clear error naming it', () => {
    const app = new Fw();
    expect(() => app.plugin({ name: 'auth', dependencies: ['session'] })).toThrow(
      'Plugin "auth" depends on "session", which is not registered',
    );
    expect(() => app.use({ name: 'auth', dependencies: ['session'] })).toThrow(/"session"/);
    expect(app.hasPlugin('auth')).toBe(false);
  });

  it('dependencies registered first are satisfied', async () => {
    const app = new Fw();
    await app.plugin({ name: 'session' });
    await app.plugin({ name: 'auth', dependencies: ['session'] });
    expect(app.getPlugins()).toEqual(['session', 'auth']);
  });

  it('plugin([...]) orders a list by dependencies', async () => {
    const app = new Fw();
    const setups: string[] = [];
    const mk = (name: string, dependencies: string[] = []) => ({ name, dependencies, setup: () => void setups.push(name) });
    await app.plugin([mk('c', ['b']), mk('b', ['a']), mk('a')]);
    expect(app.getPlugins()).toEqual(['a', 'b', 'c']);
    expect(setups).toEqual(['a', 'b', 'c']);
  });

  it('plugin([...]) detects cycles and names them, registering nothing', () => {
    const app = new Fw();
    expect(() =>
      app.plugin([
        { name: 'a', dependencies: ['c'] },
        { name: 'b', dependencies: ['a'] },
        { name: 'c', dependencies: ['b'] },
      ]),
    ).toThrow('Plugin dependency cycle: a -> c -> b -> a');
    expect(() => app.plugin({ name: 'self', dependencies: ['self'] })).toThrow(/cycle: self -> self/);
    expect(app.getPlugins()).toEqual([]);
  });

  it('rejects a plugin without a name, a duplicate and malformed dependencies', async () => {
    const app = new Fw();
    expect(() => app.plugin({ name: '' })).toThrow(/non-empty string "name"/);
    expect(() => app.plugin({} as never)).toThrow(/non-empty string "name"/);
    expect(() => app.plugin({ name: 'x', dependencies: 'y' as never })).toThrow(/must be a list/);
    await app.plugin({ name: 'dup' });
    expect(() => app.plugin({ name: 'dup' })).toThrow(/already registered/);
    expect(() => app.plugin(null as never)).toThrow(/non-empty string "name"/);
    expect(() => app.plugin([{ name: 'twin' }, { name: 'twin', setup: () => undefined }])).toThrow(/Plugin "twin" is already registered/);
  });

  it('onStart runs once before serving, onStop on stop() in reverse order', async () => {
    const app = new Fw();
    const seen: string[] = [];
    await app.plugin({ name: 'one', onStart: () => void seen.push('start one'), onStop: () => void seen.push('stop one') });
    await app.plugin({ name: 'two', onStart: async () => void seen.push('start two'), onStop: () => void seen.push('stop two') });
    app.get('/', () => 'x');
    await call(app, '/');
    await call(app, '/');
    await app.plugin({ name: 'three', onStart: () => void seen.push('start three') });
    await call(app, '/');
    await app.stop();
    expect(seen).toEqual(['start one', 'start two', 'start three', 'stop two', 'stop one']);
  });

  it('a plugin whose setup fails answers 500 with a clear error instead of crashing or hanging', async () => {
    const app = new Fw({ development: true });
    app.use({
      name: 'broken',
      setup: async () => {
        throw new Error('no database');
      },
    });
    app.get('/', () => 'x');
    const res = await call(app, '/');
    expect(res.status).toBe(500);
    expect(res.json.error).toMatch(/no database/);
    await expect(app.ready()).rejects.toThrow(/no database/);
  });
});

describe('app state and decorators', () => {
  it('state/setState read and write shared state seen as ctx.state', async () => {
    const app = new Fw();
    expect(app.state('missing')).toBeUndefined();
    expect(app.setState('version', '1.2')).toBe(app);
    app.get('/v', (ctx) => ctx.state.version);
    expect((await call(app, '/v')).text).toBe('1.2');
    app.setState('version', '1.3');
    expect((await call(app, '/v')).text).toBe('1.3');
  });

  it('decorate/decorator add and read context members; a clash with a context member is refused', async () => {
    const app = new Fw();
    expect(app.decorate('db', { name: 'memory' })).toBe(app);
    app.get('/db', (ctx) => (ctx as Context & { db: { name: string } }).db.name);
    expect((await call(app, '/db')).text).toBe('memory');
    expect(app.decorator('db')).toEqual({ name: 'memory' });
    expect(app.decorator('none')).toBeUndefined();
    expect(() => app.decorate('json', 1)).toThrow(/already has a member/);
    expect(() => app.decorate('params', 1)).toThrow(/already has a member/);
  });

  it('decorations of one app never show on another', async () => {
    const a = new Fw();
    const b = new Fw();
    a.decorate('only', 'a');
    b.get('/', (ctx) => String((ctx as Context & { only?: string }).only));
    expect((await call(b, '/')).text).toBe('undefined');
  });
});

describe('introspection', () => {
  it('getRoutes lists every route, group routes included', () => {
    const app = new Fw();
    app.use('/api', (ctx, next) => next());
    app.get('/', () => 1);
    app.post('/api/items', () => 1, { schema: { body: { type: 'object' } }, tags: ['items'] });
    app.group('/admin', (g) => g.delete('/x/:id', () => 1, { beforeHandle: () => undefined }).all('/any', () => 1));
    const routes = app
      .getRoutes()
      .map(({ method, path, hasValidation, hasMiddleware }) => ({ method, path, hasValidation, hasMiddleware }));
    expect(routes).toEqual([
      { method: 'GET', path: '/', hasValidation: false, hasMiddleware: false },
      { method: 'POST', path: '/api/items', hasValidation: true, hasMiddleware: true },
      { method: 'DELETE', path: '/admin/x/:id', hasValidation: false, hasMiddleware: true },
      { method: 'ALL', path: '/admin/any', hasValidation: false, hasMiddleware: false },
    ]);
    expect(app.getRoutes()[1].options?.tags).toEqual(['items']);
  });

  it('getMiddlewareInfo counts global and path middleware', () => {
    const app = new Fw();
    app
      .use((c, n) => n())
      .use('/a', (c, n) => n())
      .use('/*', (c, n) => n());
    app.group('/g', (g) => g.use((c, n) => n()));
    expect(app.getMiddlewareInfo()).toEqual({ global: 2, pathBased: 2 });
  });

  it('getAppConfig reports port, hostname and mode', () => {
    expect(new Fw().getAppConfig()).toEqual({ port: 3000, hostname: '0.0.0.0', development: false });
    expect(new Fw({ port: 8787, hostname: '127.0.0.1', development: true }).getAppConfig()).toEqual({
      port: 8787,
      hostname: '127.0.0.1',
      development: true,
    });
  });
});
