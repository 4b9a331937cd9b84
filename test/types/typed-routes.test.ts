/**
 * Types inferred for routes, checked by `npm run typecheck` (tsc over test/): `expectTypeOf` for what is inferred,
 * `@ts-expect-error` for what must be refused, so a type that collapses to `any` fails the check. The run-time half
 * only confirms the routes answer as typed.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as v from 'valibot';
import { type Context, Fw, type PathParams } from 'fw';

describe('params from the path', () => {
  it('types each :name, optional ones, multi-param segments and the trailing wildcard', () => {
    expectTypeOf<PathParams<'/users/:id/posts/:postId'>>().toEqualTypeOf<{ id: string; postId: string }>();
    expectTypeOf<PathParams<'/files/*'>>().toEqualTypeOf<{ '*': string }>();
    expectTypeOf<PathParams<'/a/:id?'>>().toEqualTypeOf<{ id?: string }>();
    expectTypeOf<PathParams<'/f/:file.:ext'>>().toEqualTypeOf<{ file: string; ext: string }>();
    expectTypeOf<PathParams<'/n/:id{[0-9]+}'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<PathParams<'/r/:from-:to'>>().toEqualTypeOf<{ from: string; to: string }>();
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>();
  });

  it('gives handlers their params, and refuses a param the path does not have', async () => {
    const app = new Fw();
    app.get('/users/:id/posts/:postId', (ctx) => {
      expectTypeOf(ctx.params).toEqualTypeOf<{ id: string; postId: string }>();
      // @ts-expect-error the path has no :name
      void ctx.params.name;
      return { id: ctx.params.id, post: ctx.params.postId };
    });
    expect(await (await app.request('/users/1/posts/2')).json()).toEqual({ id: '1', post: '2' });
  });
});

describe('types from JSON Schema', () => {
  it('types body, query (after coercion) and params from schemas written inline', async () => {
    const app = new Fw();
    app.post(
      '/items/:id',
      async (ctx) => {
        const body = await ctx.body();
        expectTypeOf(body).toEqualTypeOf<{ name: string; tags?: string[] | undefined; [k: string]: unknown }>();
        expectTypeOf(ctx.query.page).toEqualTypeOf<number | undefined>();
        expectTypeOf(ctx.params.id).toEqualTypeOf<number>();
        return { id: ctx.params.id, name: body.name, page: ctx.query.page ?? 1 };
      },
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          query: { type: 'object', properties: { page: { type: 'integer' } } },
          body: {
            type: 'object',
            properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
            required: ['name'],
          },
        },
      },
    );
    const res = await app.request('/items/7?page=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(await res.json()).toEqual({ id: 7, name: 'x', page: 2 });
  });

  it('checks what the handler returns against schema.response, per status map too', () => {
    const app = new Fw();
    const response = {
      200: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] },
      404: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
    } as const;
    app.get('/ok/:id', (ctx) => (ctx.params.id === '0' ? { error: 'none' } : { id: 1 }), { schema: { response } });
    // @ts-expect-error `id` must be a number
    app.get('/bad', () => ({ id: 'one' }), { schema: { response } });
    expect(app.getRoutes()).toHaveLength(2);
  });
});

describe('headers from schema.headers', () => {
  const headers = {
    type: 'object',
    properties: { 'x-api-key': { type: 'string' }, 'x-mode': { enum: ['fast', 'slow'] }, 'x-count': { type: 'integer' } },
    required: ['x-api-key'],
  } as const;

  it('types ctx.headers.get for the names the schema declares, as text, null unless required', async () => {
    const app = new Fw().get(
      '/h',
      (ctx) => {
        expectTypeOf(ctx.headers.get('x-api-key')).toEqualTypeOf<string>();
        expectTypeOf(ctx.headers.get('x-mode')).toEqualTypeOf<'fast' | 'slow' | null>();
        expectTypeOf(ctx.headers.get('x-count')).toEqualTypeOf<string | null>();
        expectTypeOf(ctx.headers.get('accept')).toEqualTypeOf<string | null>();
        expectTypeOf(ctx.header('x-api-key')).toEqualTypeOf<string | null>();
        expectTypeOf(ctx.headers).toMatchTypeOf<Headers>();
        const key: string = ctx.headers.get('x-api-key');
        // @ts-expect-error an optional header may be absent (null)
        const mode: 'fast' | 'slow' = ctx.headers.get('x-mode');
        // @ts-expect-error header values stay text whatever the schema's type (the validator does not convert them)
        const count: number | null = ctx.headers.get('x-count');
        return { key, mode, count };
      },
      { schema: { headers } },
    );
    const res = await app.request('/h', { headers: { 'x-api-key': 'k', 'x-mode': 'fast', 'x-count': '3' } });
    expect(await res.json()).toEqual({ key: 'k', mode: 'fast', count: '3' });
    expect((await app.request('/h')).status).toBe(400);
  });

  it('types them from a Standard Schema too, and leaves ctx.headers plain Headers without a headers schema', () => {
    const app = new Fw();
    app.get(
      '/z',
      (ctx) => {
        expectTypeOf(ctx.headers.get('x-tenant')).toEqualTypeOf<string>();
        return null;
      },
      { schema: { headers: z.object({ 'x-tenant': z.string() }) } },
    );
    app.get('/plain', (ctx) => {
      expectTypeOf(ctx.headers).toEqualTypeOf<Headers>();
      return null;
    });
    expect(app.getRoutes()).toHaveLength(2);
  });

  it('keeps a route context with typed headers assignable to handlers and helpers annotated (ctx: Context<Env>)', async () => {
    const region = (ctx: Context<{ REGION: string }>) => ctx.env.REGION;
    const apiKey = (ctx: Context) => ctx.headers.get('x-api-key');
    const app = new Fw()
      .get('/annotated', (ctx: Context<{ REGION: string }>) => ({ region: ctx.env.REGION }), { schema: { headers } })
      .get('/helper', (ctx) => ({ region: region(ctx), key: apiKey(ctx) }), { schema: { headers } });
    const call = (path: string) => app.fetch(new Request(`http://localhost${path}`, { headers: { 'x-api-key': 'k' } }), { REGION: 'eu' });
    expect(await (await call('/annotated')).json()).toEqual({ region: 'eu' });
    expect(await (await call('/helper')).json()).toEqual({ region: 'eu', key: 'k' });
  });
});

describe('types from Standard Schema (zod, valibot)', () => {
  it('types the body from a zod schema and the query from a valibot one', () => {
    const app = new Fw();
    app.post(
      '/z',
      async (ctx) => {
        expectTypeOf(await ctx.body()).toEqualTypeOf<{ name: string; age: number }>();
        expectTypeOf(ctx.query).toEqualTypeOf<{ q: string }>();
        return null;
      },
      { schema: { body: z.object({ name: z.string(), age: z.number() }), query: v.object({ q: v.string() }) } },
    );
    expect(app.getRoutes()).toHaveLength(1);
  });
});

describe('decorations, state, plugins and groups in the type', () => {
  it('shows decorate(), setState() and a plugin’s decorate/state on ctx in the handlers after them', async () => {
    const app = new Fw()
      .decorate('greet', (name: string) => `hi ${name}`)
      .setState('version', 3)
      .use({ name: 'clock', decorate: { now: (): number => 42 } })
      .get('/g/:name', (ctx) => {
        expectTypeOf(ctx.greet).toEqualTypeOf<(name: string) => string>();
        expectTypeOf(ctx.now).toEqualTypeOf<() => number>();
        expectTypeOf(ctx.state.version).toEqualTypeOf<number>();
        // @ts-expect-error nothing decorated `missing`
        void ctx.missing;
        return { text: ctx.greet(ctx.params.name), now: ctx.now(), version: ctx.state.version };
      });
    expect(await (await app.request('/g/ada')).json()).toEqual({ text: 'hi ada', now: 42, version: 3 });
  });

  it('carries a group prefix’s params into its routes, nested groups too, and keeps the full app’s methods', async () => {
    const app = new Fw().group('/orgs/:org', (org) =>
      org
        .get('/users/:id', (ctx) => {
          expectTypeOf(ctx.params).toEqualTypeOf<{ org: string; id: string }>();
          return `${ctx.params.org}/${ctx.params.id}`;
        })
        .group('/teams/:team', (team) => {
          team.get('/', (ctx) => {
            expectTypeOf(ctx.params).toEqualTypeOf<{ org: string; team: string }>();
            return ctx.params.team;
          });
          team.ws('/live', {});
        }),
    );
    app.ws('/chat', {});
    expect(await (await app.request('/orgs/a/users/7')).text()).toBe('a/7');
    expect(await (await app.request('/orgs/a/teams/t')).text()).toBe('t');
  });

  it('shows decorations and state registered before a group inside it, nested groups too', async () => {
    const app = new Fw()
      .decorate('tenant', (org: string) => `t-${org}`)
      .setState('region', 'eu' as const)
      .group('/orgs/:org', (org) =>
        org.group('/teams/:team', (team) =>
          team.get('/', (ctx) => {
            expectTypeOf(ctx.tenant).toEqualTypeOf<(org: string) => string>();
            expectTypeOf(ctx.state.region).toEqualTypeOf<'eu'>();
            // @ts-expect-error nothing decorated `missing`
            void ctx.missing;
            return { tenant: ctx.tenant(ctx.params.org), team: ctx.params.team, region: ctx.state.region };
          }),
        ),
      );
    expect(await (await app.request('/orgs/a/teams/t')).json()).toEqual({ tenant: 't-a', team: 't', region: 'eu' });
  });

  it('keeps a typed app assignable where a plain Fw is taken', () => {
    const typed = new Fw().decorate('x', 1).get('/a/:id', (ctx) => ctx.params.id);
    const takesApp = (app: Fw) => app.getRoutes().length;
    expect(takesApp(typed)).toBe(1);
  });
});
