import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';

interface Answer {
  status: number;
  body: any;
}

async function call(app: Fw, path: string, init?: RequestInit): Promise<Answer> {
  const response = await app.request(path, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const send = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** The details of a 400 VALIDATION_ERROR answer (fails when the answer is anything else). */
function details(answer: Answer): { path: string; message: string; keyword: string }[] {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ error: 'Validation failed', code: 'VALIDATION_ERROR' });
  return answer.body.details;
}

const echo = async (ctx: Context) => ({ params: ctx.params, query: ctx.query, body: (await ctx.body()) ?? null });

describe('zod route schemas', () => {
  const app = new Fw();
  app.post('/items/:id', echo, {
    schema: {
      params: z.object({ id: z.coerce.number().int().positive() }),
      query: z.object({ page: z.coerce.number().int().min(1).default(1), tag: z.union([z.string(), z.array(z.string())]).optional() }),
      body: z.object({ name: z.string().min(1), count: z.number().int().default(1) }),
    },
  });
  app.get('/keyed', (ctx: Context) => ({ key: ctx.header('x-api-key') }), {
    schema: { headers: z.object({ 'x-api-key': z.string().min(3) }) },
  });
  app.post('/names', echo, {
    schema: { body: z.object({ name: z.string().refine(async (name) => name !== 'taken', 'name is taken') }) },
  });
  app.post('/optional', echo, { schema: { body: z.object({ a: z.number() }).optional() } });

  it('hands the handler the output: params and query coerced to numbers, defaults filled, body defaults filled', async () => {
    const answer = await call(app, '/items/7?page=2', send({ name: 'pen' }));
    expect(answer).toEqual({ status: 200, body: { params: { id: 7 }, query: { page: 2 }, body: { name: 'pen', count: 1 } } });
    expect((await call(app, '/items/7', send({ name: 'pen', count: 3 }))).body.query).toEqual({ page: 1 });
  });

  it('passes a query key given more than once as an array, once as a string', async () => {
    expect((await call(app, '/items/1?tag=a&tag=b', send({ name: 'x' }))).body.query).toEqual({ page: 1, tag: ['a', 'b'] });
    expect((await call(app, '/items/1?tag=a', send({ name: 'x' }))).body.query).toEqual({ page: 1, tag: 'a' });
  });

  it('answers every failing part in one 400, paths as fw writes them and the library message after the place', async () => {
    const list = details(await call(app, '/items/0?page=abc', send({ name: '', count: 1.5 })));
    expect(list.map((e) => e.path)).toEqual(['/params/id', '/query/page', '/body/name', '/body/count']);
    for (const e of list) expect(e.keyword).toBe('standard-schema');
    expect(list[0].message).toMatch(/^params\.id: \S/);
    expect(list[1].message).toMatch(/^query\.page: .*number/i);
    expect(list[2].message).toMatch(/^body\.name: /);
  });

  it('refuses a body of the wrong kind and an absent body with a 400, not a crash', async () => {
    expect(details(await call(app, '/items/1', send([1, 2])))).toEqual([
      { path: '/body', message: expect.stringMatching(/^body: .*object/), keyword: 'standard-schema' },
    ]);
    const absent = await call(app, '/items/1', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(details(absent)).toEqual([{ path: '/body', message: 'body is required (the request has none)', keyword: 'required' }]);
    expect(
      (await call(app, '/items/1', { method: 'POST', body: '{"name":', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
  });

  it('lets an optional body schema accept a request without one', async () => {
    expect(await call(app, '/optional', { method: 'POST' })).toEqual({ status: 200, body: { params: {}, query: {}, body: null } });
  });

  it('validates headers (lower-case names) and leaves them as they came', async () => {
    expect(await call(app, '/keyed', { headers: { 'X-Api-Key': 'secret' } })).toEqual({ status: 200, body: { key: 'secret' } });
    const missing = details(await call(app, '/keyed'));
    expect(missing).toEqual([
      { path: '/headers/x-api-key', message: expect.stringMatching(/^headers\["x-api-key"\]: /), keyword: 'standard-schema' },
    ]);
    expect(details(await call(app, '/keyed', { headers: { 'x-api-key': 'ab' } }))[0].path).toBe('/headers/x-api-key');
  });

  it('awaits asynchronous validation (an async refinement)', async () => {
    expect((await call(app, '/names', send({ name: 'free' }))).status).toBe(200);
    expect(details(await call(app, '/names', send({ name: 'taken' })))).toEqual([
      { path: '/body/name', message: 'body.name: name is taken', keyword: 'standard-schema' },
    ]);
  });
});

describe('valibot route schemas', () => {
  const app = new Fw();
  const page = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1));
  app.post('/orders', echo, {
    schema: {
      query: v.object({ page: v.optional(page, '1') }),
      body: v.object({ items: v.array(v.object({ name: v.pipe(v.string(), v.minLength(1)), 'a/b': v.optional(v.number()) })) }),
    },
  });
  app.post('/wrapped', echo, { schema: { body: toStandardJsonSchema(v.object({ name: v.string() })) } });

  it('hands the handler the output (the query string transformed to a number, the default too)', async () => {
    expect(await call(app, '/orders?page=3', send({ items: [{ name: 'a' }] }))).toEqual({
      status: 200,
      body: { params: {}, query: { page: 3 }, body: { items: [{ name: 'a' }] } },
    });
    expect((await call(app, '/orders', send({ items: [] }))).body.query).toEqual({ page: 1 });
  });

  it('maps valibot paths ({ key } segments) to pointers: indexes, escaped keys, labels', async () => {
    const list = details(await call(app, '/orders?page=0', send({ items: [{ name: 'a' }, { name: '', 'a/b': 'no' }] })));
    expect(list.map(({ path }) => path)).toEqual(['/query/page', '/body/items/1/name', '/body/items/1/a~1b']);
    expect(list[1].message).toMatch(/^body\.items\[1\]\.name: Invalid length/);
    expect(list[2].message).toMatch(/^body\.items\[1\]\["a\/b"\]: /);
  });

  it('validates through a schema wrapped by toStandardJsonSchema as well', async () => {
    expect((await call(app, '/wrapped', send({ name: 'a' }))).status).toBe(200);
    expect(details(await call(app, '/wrapped', send({ name: 1 })))[0].path).toBe('/body/name');
  });
});

describe('mixed JSON Schema and Standard Schema parts', () => {
  const app = new Fw();
  app.post('/mixed', echo, {
    schema: {
      query: z.object({ limit: z.coerce.number().max(100) }),
      body: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, done: { type: 'boolean', default: false } } },
    },
  });

  it('runs each part through its own kind of schema', async () => {
    expect(await call(app, '/mixed?limit=5', send({ title: 't' }))).toEqual({
      status: 200,
      body: { params: {}, query: { limit: 5 }, body: { title: 't', done: false } },
    });
  });

  it('collects the errors of both kinds into one 400', async () => {
    expect(details(await call(app, '/mixed?limit=500', send({})))).toEqual([
      { path: '/query/limit', message: expect.stringMatching(/^query\.limit: /), keyword: 'standard-schema' },
      { path: '/body/title', message: 'body.title is required', keyword: 'required' },
    ]);
  });
});

describe('issues as the spec allows them (a hand-written Standard Schema)', () => {
  const issues = (list: { message: string; path?: (PropertyKey | { key: PropertyKey })[] }[]) => ({
    '~standard': { version: 1 as const, vendor: 'test', validate: () => Promise.resolve({ issues: list }) },
  });

  it('reads keys, { key } segments and symbols; an issue without a path sits at the part', async () => {
    const app = new Fw();
    app.post('/x', echo, {
      schema: { body: issues([{ message: 'root' }, { message: 'deep', path: ['a', { key: 0 }, Symbol('s'), { key: 'b c' }] }]) },
    });
    expect(details(await call(app, '/x', send({})))).toEqual([
      { path: '/body', message: 'body: root', keyword: 'standard-schema' },
      { path: '/body/a/0/s/b c', message: 'body.a[0].s["b c"]: deep', keyword: 'standard-schema' },
    ]);
  });
});

describe('Standard Schema checks when the route is registered', () => {
  const register = (schema: object, serializers?: object) => () =>
    new Fw().post('/todos', () => 'ok', { schema, serializers } as Parameters<Fw['post']>[2]);

  it('accepts zod and valibot values in every part, response status maps included', () => {
    expect(register({ body: z.string(), query: v.object({}), params: z.object({}), headers: v.object({}) })).not.toThrow();
    expect(register({ response: { 200: z.object({ a: z.number() }), default: { type: 'object' } } })).not.toThrow();
  });

  it.each([
    [
      'another version',
      { version: 2, vendor: 'x', validate: () => ({ value: 1 }) },
      'is a Standard Schema of version 2: fw runs version 1',
    ],
    ['no validate function', { version: 1, vendor: 'x', validate: 'yes' }, 'is a Standard Schema without a "~standard.validate" function'],
    ['~standard that is not an object', 1, 'has a "~standard" property that is not an object'],
  ])('refuses %s, naming the route and the part', (_name, standard, expected) => {
    expect(register({ body: { '~standard': standard } })).toThrow(`POST /todos schema.body: ${expected}`);
    expect(register({ response: { 201: { '~standard': standard } } })).toThrow(`POST /todos schema.response/201: ${expected}`);
  });

  it('refuses a Standard Schema as a serializer (a serializer needs a JSON schema) and a value that is neither', () => {
    expect(register({}, { 'application/json': z.object({}) })).toThrow(
      'POST /todos serializers["application/json"]: is a Standard Schema (zod, valibot, arktype), which this validator cannot run',
    );
    expect(register({ query: 'string' })).toThrow('POST /todos schema.query: must be object or boolean, got "string"');
  });
});

describe('Standard Schema response schemas', () => {
  const app = new Fw();
  const result = { id: 1, secret: 'kept' };
  app.get('/one', () => result, { schema: { response: z.object({ id: z.number() }) } });
  app.get('/map/:status', (ctx: Context) => ctx.status(Number(ctx.params.status)) && result, {
    schema: {
      response: {
        200: z.object({ id: z.number() }),
        201: { type: 'object', properties: { id: { type: 'integer' } } },
        default: { type: 'object', properties: { secret: { type: 'string' } } },
      },
    },
  });

  it('writes the body with JSON.stringify (a Standard Schema neither filters nor serializes)', async () => {
    expect(await call(app, '/one')).toEqual({ status: 200, body: result });
    expect(await call(app, '/map/200')).toEqual({ status: 200, body: result });
  });

  it('leaves the JSON Schema entries of the same map compiled, and a Standard Schema entry still wins its status', async () => {
    expect(await call(app, '/map/201')).toEqual({ status: 201, body: { id: 1 } });
    expect(await call(app, '/map/202')).toEqual({ status: 202, body: { secret: 'kept' } });
  });
});
