/**
 * `createJsonSchemaCompiler(parts)`: a JSON Schema compiler made of the parts an app imports. Without parts it answers
 * every request exactly as `jsonSchemaCompiler` does (same 400 bodies, coercion, 415s, Standard Schema parts); the
 * response serializer, the meta-schema check and the quick check come only when passed, and what a compiler without
 * them cannot do is refused when the route is registered.
 */
import { Fw } from 'fw/core';
import {
  compileObjectSerializer,
  compileQuickCheck,
  createJsonSchemaCompiler,
  jsonSchemaCompiler,
  metaSchemaProblems,
  validate,
} from 'fw/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteOptions } from '../../src/core/types';
import { clearValidatorCache, validatorFor } from '../../src/schema/validator-cache';

const item = {
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
  query: {
    type: 'object',
    properties: { limit: { type: 'integer', maximum: 100, default: 10 }, tag: { type: 'array', items: { type: 'string' } } },
  },
} as const;

const user = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0 },
    kind: { anyOf: [{ type: 'integer' }, { type: 'string', format: 'uuid' }] },
  },
  required: ['name', 'email'],
  additionalProperties: false,
} as const;

/** The same routes on fw/core with a given compiler. */
function appWith(compiler: Parameters<Fw['setSchemaCompiler']>[0]): Fw {
  const app = new Fw().setSchemaCompiler(compiler);
  app.get('/items/:id', (ctx) => ({ params: ctx.params, query: ctx.query }), { schema: item });
  app.post('/users', (ctx) => ctx.body(), { schema: { body: user }, status: 201 });
  app.post('/optional', async (ctx) => ({ body: (await ctx.body()) ?? 'none' }), {
    schema: { body: { type: 'object', default: { empty: true } } },
  });
  app.post('/zod/:id', (ctx) => ({ params: ctx.params, body: ctx.body() }), {
    schema: { params: z.object({ id: z.coerce.number().int().positive() }), body: { type: 'object', required: ['a'] } },
  });
  return app;
}

const json = (body: string, type: string | null = 'application/json'): RequestInit => ({
  method: 'POST',
  body,
  headers: type === null ? {} : { 'content-type': type },
});

/** Requests that cover coercion, defaults, every error kind of the example schemas, 415s and missing bodies. */
const requests: [string, RequestInit?][] = [
  ['/items/42?limit=5&tag=a&tag=b'],
  ['/items/7?tag=solo'],
  ['/items/0?limit=abc'],
  ['/items/x?limit=500'],
  ['/users', json('{"name":"Ada","email":"ada@example.com","age":36}')],
  ['/users', json('{"name":"","email":"nope","age":-1,"isAdmin":true}')],
  ['/users', json('{"email":"ada@example.com","age":1.5,"kind":"x"}')],
  ['/users', json('{"name":"Ada","email":"ada@example.com","kind":true}')],
  ['/users', json('[1,2]')],
  ['/users', json('{"name":', 'application/json')],
  ['/users', json('name=Ada', 'application/x-www-form-urlencoded')],
  ['/users', json('{"name":"Ada"}', null)],
  ['/users', { method: 'POST' }],
  ['/optional', { method: 'POST' }],
  ['/optional', json('{"x":1}')],
  ['/zod/3', json('{"a":1}')],
  ['/zod/-1', json('{}')],
  ['/zod/2', { method: 'POST' }],
];

async function answer(app: Fw, [path, init]: [string, RequestInit?]): Promise<[number, string | null, unknown]> {
  const response = await app.request(path, init);
  return [response.status, response.headers.get('accept-post'), await response.json()];
}

describe('createJsonSchemaCompiler() without parts', () => {
  it.each([
    ['no parts', {}],
    ['the quick check', { quickCheck: compileQuickCheck }],
  ])('answers every request exactly as jsonSchemaCompiler does (%s)', async (_label, parts) => {
    const full = appWith(jsonSchemaCompiler);
    const light = appWith(createJsonSchemaCompiler(parts));
    const statuses = new Set<number>();
    for (const request of requests) {
      const expected = await answer(full, request);
      statuses.add(expected[0]);
      expect(await answer(light, request), `${request[0]} ${request[1]?.body ?? ''}`).toEqual(expected);
    }
    expect([...statuses].sort()).toEqual([200, 201, 400, 415]);
    const refused = await answer(light, requests[5]);
    expect(refused[0]).toBe(400);
    expect((refused[2] as { details: { message: string }[] }).details.map((d) => d.message)).toEqual([
      'body.name must be at least 1 character long, got ""',
      'body.email must be a valid email, got "nope"',
      'body.age must be >= 0, got -1',
      'body.isAdmin is not allowed',
    ]);
  });

  it('refuses a JSON response schema, a status map entry and serializers at registration, naming the route and the way out', () => {
    const light = new Fw().setSchemaCompiler(createJsonSchemaCompiler());
    const way =
      'would go out unfiltered: this compiler has no serializer; pass createJsonSchemaCompiler({ serializer: compileObjectSerializer })';
    expect(() => light.get('/a', () => ({}), { schema: { response: { type: 'object' } } })).toThrow(`GET /a schema.response: ${way}`);
    expect(() => light.get('/b', () => ({}), { schema: { response: { 200: z.object({}), 404: { type: 'object' } } } as never })).toThrow(
      `GET /b schema.response/404: ${way}`,
    );
    expect(() => light.get('/c', () => ({}), { serializers: { 'text/csv': () => 'a,b' } })).toThrow(
      `GET /c serializers["text/csv"]: ${way}`,
    );
  });

  it('accepts a Standard Schema response, which no compiler runs, and writes the body as JSON', async () => {
    const light = new Fw().setSchemaCompiler(createJsonSchemaCompiler());
    light.get('/a', () => ({ n: 1, extra: true }), { schema: { response: z.object({ n: z.number() }) } });
    expect(await (await light.request('/a')).json()).toEqual({ n: 1, extra: true });
  });

  it('checks only that a JSON schema is an object or a boolean; the meta-schema part checks its keywords', () => {
    const light = new Fw().setSchemaCompiler(createJsonSchemaCompiler());
    expect(() => light.post('/a', () => 'ok', { schema: { body: 3 as never } })).toThrow(
      'Invalid route schema (checked when the route is registered; fix the schema):\nPOST /a schema.body: must be object or boolean, got 3',
    );
    expect(() => light.post('/b', () => 'ok', { schema: { body: [] as never } })).toThrow(
      'POST /b schema.body: must be object or boolean, got an array',
    );
    const typo = { schema: { body: { type: 'objekt' } } } as unknown as RouteOptions;
    expect(() => light.post('/c', () => 'ok', typo)).not.toThrow();
    const checked = new Fw().setSchemaCompiler(createJsonSchemaCompiler({ metaSchema: metaSchemaProblems }));
    expect(() => checked.post('/c', () => 'ok', typo)).toThrow(/POST \/c schema\.body\/type: must be one of "array", .* got "objekt"/);
    expect(() => new Fw().setSchemaCompiler(jsonSchemaCompiler).post('/c', () => 'ok', typo)).toThrow(/POST \/c schema\.body\/type/);
  });

  it('writes responses through the serializer part when passed', async () => {
    const app = new Fw().setSchemaCompiler(createJsonSchemaCompiler({ serializer: compileObjectSerializer }));
    app.get('/me', () => ({ id: 1, password: 'x' }), { schema: { response: { type: 'object', properties: { id: { type: 'integer' } } } } });
    expect(await (await app.request('/me')).text()).toBe('{"id":1}');
  });
});

describe('the quick check part', () => {
  it('is added to a cached schema first compiled without it, by the next caller that has it', () => {
    clearValidatorCache();
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const compiled = validatorFor(schema, true, null);
    expect(compiled.quick).toBeUndefined();
    expect(validate(schema, { n: 1 }).valid).toBe(true);
    expect(typeof validatorFor(schema, true, null).quick).toBe('function');
    expect(compiled.quick?.({ n: 'x' })).toBe(false);
  });
});
