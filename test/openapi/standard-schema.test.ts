import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { Fw, generateSpec, type OpenAPI31Document } from 'fw';
import { z } from 'zod';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';

function documented(): Fw {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id, name: 'Ann' }), {
    schema: {
      params: z.object({ id: z.coerce.number().int().positive().describe('The user id') }),
      query: z.object({ fields: z.string().optional(), limit: z.coerce.number().int().max(100) }),
      headers: z.object({ 'x-tenant': z.string() }),
      response: { 200: z.object({ id: z.number(), name: z.string() }), 404: { type: 'object', properties: { error: { type: 'string' } } } },
    },
  });
  app.post('/orders', () => ({ ok: true }), {
    schema: {
      body: toStandardJsonSchema(v.object({ item: v.pipe(v.string(), v.minLength(1)), count: v.optional(v.number()) })),
      response: z.object({ ok: z.boolean() }),
    },
  });
  app.post('/plain-valibot', () => 'ok', { schema: { body: v.object({ item: v.string() }) } });
  app.post('/transformed', () => 'ok', { schema: { body: z.object({ at: z.date() }), response: z.string().transform((s) => s.length) } });
  return app;
}

async function validOpenAPI(doc: OpenAPI31Document): Promise<void> {
  const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
  expect(result.errors ?? []).toEqual([]);
}

describe('OpenAPI documents of Standard Schema parts', () => {
  it('documents zod parts through ~standard.jsonSchema (input for requests, output for responses), $schema left out', async () => {
    const doc = generateSpec(documented());
    await validOpenAPI(doc);
    const get = doc.paths['/users/{id}'].get!;
    expect(get.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'The user id',
        schema: { type: 'integer', exclusiveMinimum: 0, maximum: 9007199254740991, description: 'The user id' },
      },
      { name: 'fields', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: -9007199254740991, maximum: 100 } },
      { name: 'x-tenant', in: 'header', required: true, schema: { type: 'string' } },
    ]);
    expect(get.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object',
      properties: { id: { type: 'number' }, name: { type: 'string' } },
      required: ['id', 'name'],
      additionalProperties: false,
    });
    expect(get.responses['404'].content?.['application/json'].schema).toEqual({
      type: 'object',
      properties: { error: { type: 'string' } },
    });
    expect(get.responses['400'].description).toBe('Invalid input');
  });

  it('documents a valibot schema wrapped by @valibot/to-json-schema toStandardJsonSchema', () => {
    const post = generateSpec(documented()).paths['/orders'].post!;
    expect(post.requestBody?.content['application/json'].schema).toEqual({
      type: 'object',
      properties: { item: { type: 'string', minLength: 1 }, count: { type: 'number' } },
      required: ['item'],
    });
    expect(post.responses['200'].content?.['application/json'].schema).toMatchObject({ type: 'object', required: ['ok'] });
  });

  it('documents a schema without conversion (plain valibot) or whose conversion throws (zod date, transform) as any value, saying why', () => {
    const doc = generateSpec(documented());
    expect(doc.paths['/plain-valibot'].post!.requestBody?.content['application/json'].schema).toEqual({
      description:
        'Checked by a valibot Standard Schema that offers no JSON Schema conversion (~standard.jsonSchema), so any value is documented',
    });
    const transformed = doc.paths['/transformed'].post!;
    expect(transformed.requestBody?.content['application/json'].schema).toEqual({
      description: 'Checked by a zod Standard Schema whose JSON Schema conversion failed: Date cannot be represented in JSON Schema',
    });
    expect(transformed.responses['200'].content?.['application/json'].schema).toEqual({
      description: 'Checked by a zod Standard Schema whose JSON Schema conversion failed: Transforms cannot be represented in JSON Schema',
    });
  });
});
