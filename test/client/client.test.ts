import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { Fw, NotFoundError } from 'fw';
import { createClient, fillPath, queryString } from 'fw/client';
import { testClient } from 'fw/testing';
import { serve, type NodeServer } from 'fw/node';

const user = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] } as const;
const missing = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
  required: ['error', 'code'],
} as const;

/** The app under test; it accepts `%2F` in a param (allowEncodedSlashes), as a client that sends `o/1` as one param needs. */
function makeApp() {
  return new Fw({ allowEncodedSlashes: true })
    .get('/health', () => ({ ok: true }))
    .get(
      '/users/:id',
      (ctx) => {
        if (ctx.params.id === 0) throw new NotFoundError('No such user');
        return { id: ctx.params.id, name: 'Ada' };
      },
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          response: { 200: user, 404: missing },
        },
      },
    )
    .post('/users', async (ctx) => ({ id: 7, name: (await ctx.body()).name }), {
      schema: { body: z.object({ name: z.string().min(1) }), response: { 201: user } },
    })
    .get('/search', (ctx) => ({ q: ctx.query.q, tags: ctx.queries('tag') }), {
      schema: { query: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
    })
    .group('/orgs/:org', (org) => org.delete('/members/:member', (ctx) => `${ctx.params.org}:${ctx.params.member}`))
    .get('/files/*', (ctx) => ctx.params['*']);
}

describe('createClient<typeof app>: types', () => {
  it('types paths, inputs and results by status, and refuses what the app does not have', () => {
    const client = createClient<ReturnType<typeof makeApp>>('http://example.com');
    type UserResult = Awaited<ReturnType<typeof client.get<'/users/:id'>>>;
    expectTypeOf<Extract<UserResult, { error: undefined }>['data']>().toEqualTypeOf<{ id: number; name: string; [k: string]: unknown }>();
    expectTypeOf<Extract<UserResult, { data: undefined }>['error']>().toMatchTypeOf<{ error: string; code: string }>();
    // Type-checked only, never called (no request leaves the test).
    const refused = () => [
      // @ts-expect-error no such route
      client.get('/nope'),
      // @ts-expect-error /users is registered for POST only
      client.get('/users'),
      // @ts-expect-error the path has params, so they are required
      client.get('/users/:id'),
      // @ts-expect-error the body must have a name
      client.post('/users', { body: { nick: 'x' } }),
      // @ts-expect-error the group prefix's :org is a param of the route
      client.delete('/orgs/:org/members/:member', { params: { member: 'm' } }),
    ];
    expect(typeof refused).toBe('function');
  });
});

describe('createClient: calls', () => {
  let server: NodeServer;
  beforeAll(async () => {
    server = await serve(makeApp(), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.stop();
  });

  for (const mode of ['in process', 'over HTTP'] as const) {
    it(`answers with typed data or a typed error value (${mode})`, async () => {
      const client =
        mode === 'in process'
          ? createClient<ReturnType<typeof makeApp>>(makeApp())
          : createClient<ReturnType<typeof makeApp>>(`http://127.0.0.1:${server.port}/`);

      const found = await client.get('/users/:id', { params: { id: 3 } });
      expect(found).toMatchObject({ status: 200, data: { id: 3, name: 'Ada' }, error: undefined });

      const gone = await client.get('/users/:id', { params: { id: 0 } });
      expect(gone).toMatchObject({ status: 404, data: undefined, error: { error: 'No such user', code: 'NOT_FOUND' } });

      const made = await client.post('/users', { body: { name: 'Grace' } });
      expect(made.status).toBe(200);
      expect(made.data).toEqual({ id: 7, name: 'Grace' });

      const refused = await client.post('/users', { body: { name: '' } });
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({ code: 'VALIDATION_ERROR' });

      const found2 = await client.get('/search', { query: { q: 'a b', tag: ['x', 'y'] } as never });
      expect(found2.data).toEqual({ q: 'a b', tags: ['x', 'y'] });

      const removed = await client.delete('/orgs/:org/members/:member', { params: { org: 'o/1', member: 'm' } });
      expect(removed.data).toBe('o/1:m');
      // Without the opt-in the app refuses %2F in a path (400), so a param holding '/' never reaches a route.
      const strictApp = new Fw().delete('/orgs/:org/members/:member', () => 'reached');
      const strict = createClient<ReturnType<typeof makeApp>>(strictApp as never);
      expect((await strict.delete('/orgs/:org/members/:member', { params: { org: 'o/1', member: 'm' } })).status).toBe(400);

      const file = await client.get('/files/*', { params: { '*': 'a b/c.txt' } });
      expect(file.data).toBe('a b/c.txt');
    });
  }

  it('sends the shared headers and lets a call override them', async () => {
    const app = new Fw().get('/h', (ctx) => ({ a: ctx.header('x-a'), b: ctx.header('x-b') }));
    const client = createClient<typeof app>(app, { headers: { 'x-a': '1', 'x-b': '1' } });
    expect((await client.get('/h', { headers: { 'x-b': '2' } })).data).toEqual({ a: '1', b: '2' });
  });
});

describe('testClient(app).api', () => {
  it('is the typed client over app.fetch, with the test client’s env and headers', async () => {
    const app = new Fw().get('/env/:k', (ctx) => ({
      value: (ctx.env as Record<string, string>)[ctx.params.k],
      auth: ctx.header('authorization'),
    }));
    const api = testClient(app, { env: { region: 'eu' }, headers: { authorization: 'Bearer t' } }).api;
    const res = await api.get('/env/:k', { params: { k: 'region' } });
    expectTypeOf(res.data).toEqualTypeOf<{ value: string; auth: string | null } | undefined>();
    expect(res.data).toEqual({ value: 'eu', auth: 'Bearer t' });
  });
});

describe('fillPath and queryString', () => {
  it('fills params with constraints, optional ones and the wildcard, and names a missing one', () => {
    expect(fillPath('/n/:id{[0-9]+}/:tab?', { id: 5 })).toBe('/n/5');
    expect(fillPath('/f/:file.:ext', { file: 'a', ext: 'txt' })).toBe('/f/a.txt');
    expect(fillPath('/x/:id', { id: 'a/b' })).toBe('/x/a%2Fb');
    expect(() => fillPath('/x/:id', {})).toThrow('The path /x/:id needs the param "id"');
    expect(() => fillPath('/x/:id/y', { id: '..' })).toThrow('The param "id" of /x/:id/y is a dot segment');
    expect(() => fillPath('/files/*', { '*': 'a/../admin' })).toThrow('The param "*" of /files/* is a dot segment');
    expect(fillPath('/x/:id', { id: '...' })).toBe('/x/...');
    expect(queryString({ a: 1, b: [true, 'x'], c: undefined })).toBe('?a=1&b=true&b=x');
    expect(queryString({})).toBe('');
  });
});
