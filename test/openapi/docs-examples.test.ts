/** The docs page's example values and schema wording, run from the exact script text the page is served. */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { exampleScript } from '../../src/openapi/docs-script-example';
import { schemaWordsScript } from '../../src/openapi/docs-script-schema-words';

type Fn = (...args: unknown[]) => unknown;
const sandbox: Record<string, Fn> = {};
runInNewContext(`${schemaWordsScript}${exampleScript}; out.example = example; out.typeLabel = typeLabel; out.constraints = constraints;`, {
  out: sandbox,
});
const example = (schema: unknown) => sandbox.example(schema, 0);

describe('docs page examples', () => {
  it("prefers the schema's own examples, example, default, const and first enum value, in that order", () => {
    expect(example({ type: 'string', examples: ['a', 'b'], example: 'c', default: 'd' })).toBe('a');
    expect(example({ type: 'string', example: 'c', default: 'd' })).toBe('c');
    expect(example({ type: 'integer', default: 7, enum: [1, 7] })).toBe(7);
    expect(example({ const: 'fixed' })).toBe('fixed');
    expect(example({ type: 'string', enum: ['standard', 'express'] })).toBe('standard');
  });

  it('makes strings from their format and length', () => {
    expect(example({ type: 'string', format: 'email' })).toBe('user@example.com');
    expect(example({ type: 'string', format: 'date-time' })).toBe('2024-05-01T12:00:00Z');
    expect(example({ type: 'string', format: 'uuid' })).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(example({ type: 'string', format: 'unknown-format' })).toBe('string');
    expect(example({ type: 'string', minLength: 10 })).toBe('stringxxxx');
    expect(example({ type: 'string', maxLength: 3 })).toBe('str');
  });

  it("takes the low end of a number's range, inside exclusive bounds and on a multiple", () => {
    expect(example({ type: 'integer', minimum: 5, maximum: 9 })).toBe(5);
    expect(example({ type: 'integer', exclusiveMinimum: 5 })).toBe(6);
    expect(example({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 })).toBe(0.5);
    expect(example({ type: 'integer', maximum: -3 })).toBe(-3);
    expect(example({ type: 'integer', exclusiveMaximum: 0 })).toBe(-1);
    expect(example({ type: 'number' })).toBe(0);
    expect(example({ type: 'integer', minimum: 7, multipleOf: 5 })).toBe(10);
  });

  it('fills objects and arrays, merges allOf, picks the first oneOf/anyOf and the non-null type', () => {
    expect(
      example({
        type: 'object',
        properties: { a: { type: 'boolean' }, b: { type: 'array', items: { type: 'integer', minimum: 1 } }, c: {} },
      }),
    ).toEqual({ a: true, b: [1] });
    expect(
      example({ allOf: [{ type: 'object', properties: { a: { type: 'integer' } } }, { properties: { b: { type: 'string' } } }] }),
    ).toEqual({ a: 0, b: 'string' });
    expect(example({ oneOf: [{ type: 'string', format: 'date' }, { type: 'integer' }] })).toBe('2024-05-01');
    expect(example({ type: ['null', 'string'] })).toBe('string');
    expect(example({ type: 'null' })).toBeNull();
    expect(example({ type: 'array', items: { type: 'string' }, maxItems: 0 })).toEqual([]);
  });

  it('stops at a depth of 8 instead of growing without end', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 12; i++) schema = { type: 'object', properties: { next: schema } };
    expect(JSON.stringify(example(schema))).toBe('{"next":{"next":{"next":{"next":{"next":{"next":{"next":{"next":{}}}}}}}}}');
  });
});

describe('docs page schema wording', () => {
  it('names types and lists the rules of a schema', () => {
    expect(sandbox.typeLabel({ type: 'array', items: { type: 'string', format: 'uri' } })).toBe('array of string (uri)');
    expect(sandbox.typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(sandbox.typeLabel({ oneOf: [{ type: 'string' }] })).toBe('one of');
    expect(sandbox.typeLabel({ $ref: '#/components/schemas/User' })).toBe('User');
    expect(sandbox.constraints({ type: 'string', minLength: 1, maxLength: 1, pattern: '^a$' })).toEqual([
      'exactly 1 character',
      'pattern ^a$',
    ]);
    expect(sandbox.constraints({ type: 'number', exclusiveMinimum: 0, maximum: 10, multipleOf: 0.5, default: 1 })).toEqual([
      '> 0',
      'at most 10',
      'multiple of 0.5',
      'default 1',
    ]);
    expect(sandbox.constraints({ type: 'array', minItems: 2, uniqueItems: true, readOnly: true, deprecated: true })).toEqual([
      'at least 2 items',
      'unique items',
      'read-only',
      'deprecated',
    ]);
    expect(sandbox.constraints({ type: 'object', additionalProperties: false, maxProperties: 1, writeOnly: true })).toEqual([
      'at most 1 property',
      'no other properties',
      'write-only',
    ]);
    expect(sandbox.constraints({ enum: ['a', 1], const: 'a' })).toEqual(['one of: "a", 1', 'always "a"']);
  });
});
