import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { clearValidatorCache, isValidatorCached } from '../../src/schema/validator-cache';

const itemSchema = {
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
  query: {
    type: 'object',
    properties: {
      limit: { type: 'integer', maximum: 100, default: 10 },
      full: { type: 'boolean' },
      tag: { type: 'array', items: { type: 'string' } },
      ratio: { type: 'number' },
    },
  },
};

const bodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1 },
    count: { type: 'integer', default: 1 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: false,
};

function makeApp(config = {}): Fw {
  const app = new Fw(config);
  app.get('/items/:id', (ctx: Context) => ({ params: ctx.params, query: ctx.query }), { schema: itemSchema });
  app.post('/items', async (ctx: Context) => ({ body: await ctx.body(), json: await ctx.json() }), { schema: { body: bodySchema } });
  app.post('/optional', async (ctx: Context) => ({ body: (await ctx.body()) ?? 'none' }), {
    schema: { body: { type: 'object', default: { empty: true } } },
  });
  return app;
}

async function call(app: Fw, path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const response = await app.request(path, init);
  return { status: response.status, body: await response.json() };
}

const post = (body: string, type = 'application/json'): RequestInit => ({ method: 'POST', body, headers: { 'content-type': type } });

describe.each([
  ['registered routes', false],
  ['after compile()', true],
])('route validation (%s)', (_label, compile) => {
  const app = makeApp();
  if (compile) app.compile();

  it('hands the handler coerced params and query, with defaults and repeated keys as arrays', async () => {
    const { status, body } = await call(app, '/items/42?full=true&tag=a&tag=b&ratio=0.5');
    expect(status).toBe(200);
    expect(body).toEqual({ params: { id: 42 }, query: { limit: 10, full: true, tag: ['a', 'b'], ratio: 0.5 } });
  });

  it('turns a single value of an array key into a one-item array', async () => {
    expect((await call(app, '/items/1?tag=solo')).body.query.tag).toEqual(['solo']);
  });

  it('answers bad params and query with one 400 listing every problem', async () => {
    const { status, body } = await call(app, '/items/0?limit=500&full=maybe');
    expect(status).toBe(400);
    expect(body.error).toBe('Validation failed');
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([
      { path: '/params/id', message: 'params.id must be >= 1, got 0', keyword: 'minimum' },
      { path: '/query/limit', message: 'query.limit must be <= 100, got 500', keyword: 'maximum' },
      { path: '/query/full', message: 'query.full must be boolean, got "maybe"', keyword: 'type' },
    ]);
  });

  it('rejects a non-numeric path parameter', async () => {
    const { status, body } = await call(app, '/items/abc');
    expect(status).toBe(400);
    expect(body.details).toEqual([{ path: '/params/id', message: 'params.id must be integer, got "abc"', keyword: 'type' }]);
  });

  it('validates the body, fills its defaults and gives the handler the result through body() and json()', async () => {
    const { status, body } = await call(app, '/items', post('{"name":"pen","tags":["x"]}'));
    expect(status).toBe(200);
    expect(body).toEqual({ body: { name: 'pen', count: 1, tags: ['x'] }, json: { name: 'pen', count: 1, tags: ['x'] } });
  });

  it('answers an invalid body with 400 and the body paths', async () => {
    const { status, body } = await call(app, '/items', post('{"name":"","extra":1,"count":"x"}'));
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toEqual([
      { path: '/body/name', message: 'body.name must be at least 1 character long, got ""', keyword: 'minLength' },
      { path: '/body/count', message: 'body.count must be integer, got "x"', keyword: 'type' },
      { path: '/body/extra', message: 'body.extra is not allowed', keyword: 'additionalProperties' },
    ]);
  });

  it('answers a missing body with 400 required, and an absent optional body with its default', async () => {
    const missing = await call(app, '/items', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: '/body', message: 'body is required (the request has none)', keyword: 'required' }]);
    expect((await call(app, '/optional', { method: 'POST' })).body).toEqual({ body: { empty: true } });
  });

  it('answers malformed JSON with 400 INVALID_BODY, never a crash', async () => {
    for (const raw of ['{"name":', 'not json', '{"a":1}}']) {
      const { status, body } = await call(app, '/items', post(raw));
      expect(status).toBe(400);
      expect(body.code).toBe('INVALID_BODY');
    }
  });

  it('rejects a body of the wrong JSON type', async () => {
    for (const raw of ['[1,2]', '"text"', 'null', '42']) {
      const { status, body } = await call(app, '/items', post(raw));
      expect(status, raw).toBe(400);
      expect(body.details[0].path).toBe('/body');
    }
  });
});

describe('lruSchemaCache', () => {
  it('caches route validators by default and keeps them out of the LRU when false', async () => {
    clearValidatorCache();
    const cachedSchema = { type: 'object', properties: { id: { type: 'integer' } } };
    const uncachedSchema = { type: 'object', properties: { id: { type: 'integer' } } };
    const cached = new Fw();
    cached.get('/a/:id', (ctx: Context) => ctx.params, { schema: { params: cachedSchema } });
    const uncached = new Fw({ lruSchemaCache: false });
    uncached.get('/a/:id', (ctx: Context) => ctx.params, { schema: { params: uncachedSchema } });
    expect(await (await cached.request('/a/3')).json()).toEqual({ id: 3 });
    expect(await (await uncached.request('/a/3')).json()).toEqual({ id: 3 });
    expect((await uncached.request('/a/x')).status).toBe(400);
    expect(isValidatorCached(cachedSchema)).toBe(true);
    expect(isValidatorCached(uncachedSchema)).toBe(false);
  });
});

describe('headers schema', () => {
  it('validates request headers', async () => {
    const app = new Fw();
    app.get('/h', () => ({ ok: true }), {
      schema: { headers: { type: 'object', required: ['x-key'], properties: { 'x-key': { type: 'string', minLength: 3 } } } },
    });
    expect((await app.request('/h', { headers: { 'x-key': 'abcd' } })).status).toBe(200);
    const bad = await call(app, '/h');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ path: '/headers/x-key', message: 'headers["x-key"] is required', keyword: 'required' }]);
  });
});
