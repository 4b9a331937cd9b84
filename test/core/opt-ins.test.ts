/**
 * A fw/core app with the modules but without fw: the kernel has none of fw's opt-ins (this file never loads fw),
 * and the modules that used them work on the kernel's own API (query arrays in schemas, session cookies, health,
 * OpenAPI), and fw/node serves it with `serve(app)`, adding nothing to the kernel. @isolated: it checks what the imports install, so it needs a fresh
 * module graph.
 */
import { describe, expect, it } from 'vitest';
import { Context, Fw, appConfigInfo, checkFwConfig, middlewareInfo, routeInfos } from 'fw/core';
import { getCookie } from 'fw/cookie';
import { jsonSchemaCompiler } from 'fw/schema';
import { session } from '../../src/session';
import { buildHealthSnapshot } from '../../src/health/snapshot';
import { collectRoutes } from '../../src/openapi/collect';
import { cookieHeader, secret } from '../session/helpers';

describe('fw/core without fw', () => {
  it("has none of the members fw's Fw installs", () => {
    for (const name of ['listen', 'stop', 'getRoutes', 'getMiddlewareInfo', 'getAppConfig', 'queryCacheSize']) {
      expect(name in Fw.prototype).toBe(false);
    }
    for (const name of ['cookie', 'setCookie', 'deleteCookie', 'queries', 'formData', 'parseBody']) {
      expect(name in Context.prototype).toBe(false);
    }
    expect(() => new Fw({ typo: 1 } as never)).toThrow(
      /^new Fw\(\): unknown option "typo"; the options are queryCache, .*logErrors, routeSyntax$/,
    );
    expect(() => new Fw({ maxBodySise: 1 } as never)).toThrow(TypeError);
    expect(() => checkFwConfig({ maxBodySise: 1 } as never)).toThrow(/unknown option "maxBodySise" \(did you mean "maxBodySize"\?\)/);
  });

  it('validates a query array through fw/schema, each request with its own copy', async () => {
    const app = new Fw().setSchemaCompiler(jsonSchemaCompiler);
    const schema = { query: { type: 'object', properties: { tag: { type: 'array', items: { type: 'integer' } } } } } as const;
    app.get('/', (ctx) => ctx.query, { schema });
    expect(await (await app.request('/?tag=1&tag=2')).json()).toEqual({ tag: [1, 2] });
    expect(await (await app.request('/?tag=1&tag=2')).json()).toEqual({ tag: [1, 2] });
    const bad = await app.request('/?tag=x');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('VALIDATION_ERROR');
  });

  it('keeps a session across requests through its cookie', async () => {
    const app = new Fw();
    await app.plugin(session({ secret }));
    app.get('/', (ctx) => {
      ctx.session.count = ((ctx.session.count as number | undefined) ?? 0) + 1;
      return { count: ctx.session.count, cookie: getCookie(ctx, 'session') !== null };
    });
    const first = await app.request('/');
    expect(await first.json()).toEqual({ count: 1, cookie: false });
    const second = await app.request('/', { headers: { cookie: cookieHeader(first) } });
    expect(await second.json()).toEqual({ count: 2, cookie: true });
  });

  it('reports health and lists routes for OpenAPI', async () => {
    const app = new Fw({ development: true });
    app.get('/users/:id', () => ({}), { summary: 'one user' });
    app.get('/secret', () => 'x', { hidden: true });
    const snapshot = await buildHealthSnapshot(app);
    expect(snapshot.app).toEqual({ routes: 2, plugins: [], development: true });
    expect(collectRoutes(app).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /users/:id']);
  });

  it('answers an unhandled error with a 500 and writes the error itself', async () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(...args);
    try {
      const error = new Error('boom');
      const res = await new Fw()
        .get('/', () => {
          throw error;
        })
        .request('/');
      expect(res.status).toBe(500);
      expect(logged).toEqual([error]);
    } finally {
      console.error = original;
    }
  });

  it('is served by serve(app) from fw/node, which adds no method to the kernel; routeInfos(app) lists its routes', async () => {
    const { serve } = await import('fw/node');
    for (const name of ['listen', 'stop', 'getRoutes', 'getMiddlewareInfo', 'getAppConfig']) expect(name in Fw.prototype).toBe(false);
    const app = new Fw().get('/', 'up').get('/users/:id', 'user');
    const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    try {
      expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).text()).toBe('up');
    } finally {
      await server.stop();
    }
    expect(routeInfos(app).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /', 'GET /users/:id']);
    expect(middlewareInfo(app.use('/users', (_ctx, next) => next()))).toEqual({ global: 0, pathBased: 1 });
    expect(appConfigInfo(app)).toEqual({ port: 3000, hostname: '0.0.0.0', development: false });
  });
});
