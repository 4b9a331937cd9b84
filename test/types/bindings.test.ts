/**
 * `ctx.env` typed from the app's bindings (`new Fw<{ Bindings: Env }>()`), checked by `npm run typecheck` (tsc over
 * test/): through routes, groups, hooks, middleware, decorations, state and plugins, and `worker(app)`'s env.
 * `@ts-expect-error` marks what must be refused, so a binding type that collapses to `any` fails the check. The
 * run-time half confirms the env a target hands `fetch` is the one handlers read.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AppBindings, type Context, Fw } from 'fw';
import { Fw as CoreFw } from 'fw/core';
import { worker } from 'fw/worker';

interface Env {
  APP_NAME: string;
  LIMIT: number;
}

const env: Env = { APP_NAME: 'notes', LIMIT: 3 };

describe('ctx.env from { Bindings }', () => {
  it('types ctx.env in route handlers and refuses a binding Env does not declare', async () => {
    const app = new Fw<{ Bindings: Env }>();
    app.get('/name', (ctx) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      // @ts-expect-error Env has no MISSING binding
      void ctx.env.MISSING;
      return { name: ctx.env.APP_NAME, limit: ctx.env.LIMIT };
    });
    const res = await app.fetch(new Request('http://localhost/name'), env);
    expect(await res.json()).toEqual({ name: 'notes', limit: 3 });
  });

  it('keeps the bindings through chained registrations, decorations, state, plugins and groups', () => {
    const app = new Fw<{ Bindings: Env }>()
      .decorate('version', '1.0')
      .setState('hits', 0)
      .use({ name: 'tagger', decorate: { tag: 'x' } })
      .get('/a', (ctx) => {
        expectTypeOf(ctx.env).toEqualTypeOf<Env>();
        expectTypeOf(ctx.version).toEqualTypeOf<string>();
        expectTypeOf(ctx.tag).toEqualTypeOf<string>();
        expectTypeOf(ctx.state.hits).toEqualTypeOf<number>();
        return ctx.env.APP_NAME;
      })
      .group('/v1', (g) =>
        g
          .get('/b', (ctx) => {
            expectTypeOf(ctx.env).toEqualTypeOf<Env>();
            return ctx.env.LIMIT;
          })
          .group('/deep', (d) =>
            d.get('/c', (ctx) => {
              expectTypeOf(ctx.env).toEqualTypeOf<Env>();
              // @ts-expect-error Env has no MISSING binding
              return ctx.env.MISSING;
            }),
          ),
      );
    app.post('/d', (ctx) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      return null;
    });
    expect(app.getRoutes().map((r) => r.path)).toEqual(['/a', '/v1/b', '/v1/deep/c', '/d']);
  });

  it('types ctx.env in hooks, middleware, onError, onNotFound and route-option hooks', async () => {
    const app = new Fw<{ Bindings: Env }>();
    app.use(async (ctx, next) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      const response = await next();
      response.headers.set('x-app', ctx.env.APP_NAME);
      return response;
    });
    app.use('/admin', (ctx, next) => {
      // @ts-expect-error Env has no MISSING binding
      void ctx.env.MISSING;
      return next();
    });
    app.onBeforeHandle((ctx) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
    });
    app.onAfterHandle((ctx, response) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      return response;
    });
    app.onError((_error, ctx) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
    });
    app.onNotFound((ctx) => ctx.text(`no ${ctx.env.APP_NAME} route`, 404));
    app.get('/hooked', () => 'ok', {
      beforeHandle: (ctx) => {
        expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      },
    });
    app.group('/g', (g) => {
      g.use((ctx, next) => {
        expectTypeOf(ctx.env).toEqualTypeOf<Env>();
        return next();
      });
    });
    const res = await app.fetch(new Request('http://localhost/nowhere'), env);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-app')).toBe('notes');
    expect(await res.text()).toBe('no notes route');
  });

  it('types the kernel app (fw/core) the same way', async () => {
    const app = new CoreFw<{ Bindings: Env }>();
    app.get('/n', (ctx) => {
      expectTypeOf(ctx.env).toEqualTypeOf<Env>();
      // @ts-expect-error LIMIT is a number
      const limit: string = ctx.env.LIMIT;
      return limit;
    });
    expect(await (await app.fetch(new Request('http://localhost/n'), env)).text()).toBe('3');
  });

  it('is still a plain Fw for functions that take one (plugins, mounts, mcp(app))', async () => {
    const mount = (plain: Fw) => plain.get('/plain', () => 'ok');
    const typed = new Fw<{ Bindings: Env }>().get('/typed', (ctx) => ctx.env.APP_NAME);
    mount(typed);
    mount(new Fw<{ Bindings: Env }>());
    const kernel = (plain: CoreFw) => plain;
    kernel(new CoreFw<{ Bindings: Env }>());
    expect(await (await typed.request('/plain')).text()).toBe('ok');
  });

  it('leaves ctx.env as any without bindings, so untyped apps keep compiling', () => {
    const app = new Fw();
    app.get('/', (ctx) => {
      expectTypeOf(ctx.env).toBeAny();
      return ctx.env.ANYTHING;
    });
    const handler = (ctx: Context) => ctx.env.WHATEVER;
    app.get('/h', handler);
    expectTypeOf<AppBindings<typeof app>>().toBeUnknown();
  });
});

describe('worker(app) env', () => {
  it("takes the app's bindings as its env type", () => {
    const app = new Fw<{ Bindings: Env }>();
    const handlers = worker(app, {
      warmUp: false,
      scheduled: (_controller, cronEnv) => {
        expectTypeOf(cronEnv).toEqualTypeOf<Env>();
      },
    });
    expectTypeOf(handlers.fetch).parameter(1).toEqualTypeOf<Env>();
    expectTypeOf<AppBindings<typeof app>>().toEqualTypeOf<Env>();
    // @ts-expect-error the env misses LIMIT
    void (() => handlers.fetch(new Request('http://localhost/'), { APP_NAME: 'x' }, { waitUntil() {} }));
  });

  it('keeps worker<Env>(app) for apps typed without bindings, and unknown otherwise', () => {
    const untyped = new Fw();
    expectTypeOf(worker<Env>(untyped, { warmUp: false }).fetch)
      .parameter(1)
      .toEqualTypeOf<Env>();
    expectTypeOf(worker(untyped, { warmUp: false }).fetch)
      .parameter(1)
      .toBeUnknown();
  });
});
