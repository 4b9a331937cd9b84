import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Validator, dereference } from '@cfworker/json-schema';
import { compileQuickCheck } from '../../src/schema/quick-check';
import { validate } from 'fw';

type Schema = Record<string, any> | boolean;

const key = fc.constantFrom('a', 'b', 'c', '__proto__', 'toString');
const smallInt = fc.integer({ min: -5, max: 5 });
const text = fc.oneof(
  fc.constantFrom('', 'a', 'ab', 'abc', '😀', 'a😀b', '\ud800x', 'x@y.com', '2024-01-02', 'not-a-date', '12'),
  fc.string({ maxLength: 4 }),
);

const stringSchema = fc.record(
  {
    type: fc.constant('string'),
    minLength: fc.nat(4),
    maxLength: fc.nat(4),
    pattern: fc.constantFrom('^a', 'b$', '\\d', '^\\p{L}+$'),
    format: fc.constantFrom('email', 'date', 'unknown-format'),
  },
  { requiredKeys: ['type'] },
);
const numberSchema = fc.record(
  {
    type: fc.constantFrom('number', 'integer'),
    minimum: smallInt,
    maximum: smallInt,
    exclusiveMinimum: smallInt,
    exclusiveMaximum: smallInt,
  },
  { requiredKeys: ['type'] },
);
const leaf: fc.Arbitrary<Schema> = fc.oneof(
  stringSchema,
  numberSchema,
  fc.constantFrom<Schema>(
    { type: 'boolean' },
    { type: 'null' },
    { type: ['integer', 'string'] },
    { type: ['number', 'null'] },
    {},
    true,
    false,
    { title: 'annotated', description: 'x', default: 1 },
  ),
  fc
    .uniqueArray(fc.oneof(text, smallInt, fc.boolean(), fc.constant(null), fc.constant({ a: 1 }), fc.constant([1])), {
      minLength: 1,
      maxLength: 3,
    })
    .map((values) => ({ enum: values })),
  fc.oneof(text, smallInt, fc.constant({ a: [1] })).map((value) => ({ const: value })),
);

const { schema: nestedArb } = fc.letrec<{ schema: Schema; object: Schema; array: Schema; union: Schema }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small' }, leaf, fc.constant({ $ref: '#/$defs/d' }), tie('object'), tie('array'), tie('union')),
  union: fc
    .record({ kind: fc.constantFrom('anyOf', 'allOf'), branches: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) })
    .map(({ kind, branches }) => ({ [kind]: branches })),
  object: fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(key, tie('schema'), { maxKeys: 3 }).map((props) => JSON.parse(JSON.stringify(props))),
      required: fc.uniqueArray(key, { maxLength: 2 }),
      additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
      minProperties: fc.nat(2),
      maxProperties: fc.nat(3),
      propertyNames: fc.constantFrom<Schema>({ pattern: '^[a-b]' }, { maxLength: 1 }, { enum: ['a', 'c'] }),
    },
    { requiredKeys: [] },
  ),
  array: fc.record(
    { type: fc.constant('array'), items: tie('schema'), minItems: fc.nat(2), maxItems: fc.nat(3), uniqueItems: fc.boolean() },
    { requiredKeys: ['type'] },
  ),
}));

/** Generated schemas; `#/$defs/d` (a leaf, so no reference loops on itself) is defined at the root of every object schema. */
const schemaArb: fc.Arbitrary<Schema> = fc
  .tuple(nestedArb, leaf)
  .map(([schema, d]) => (typeof schema === 'object' ? { ...schema, $defs: { d } } : schema));

const data: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: text, weight: 4 },
    smallInt,
    fc.double({ min: -6, max: 6 }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }).map((o) => JSON.parse(JSON.stringify(o))),
  ),
})).value;

describe('quick check (closures) agrees with @cfworker/json-schema', () => {
  it('gives the same validity on generated schemas and data', () => {
    let covered = 0;
    let validSeen = 0;
    fc.assert(
      fc.property(schemaArb, fc.array(data, { minLength: 1, maxLength: 6 }), (schema, values) => {
        const quick = compileQuickCheck(schema, '2020-12', dereference(schema as any));
        if (quick === null) return;
        covered++;
        const validator = new Validator(schema as any, '2020-12', false);
        for (const value of values) {
          const expected = validator.validate(value).valid;
          if (expected) validSeen++;
          expect(quick(value), JSON.stringify({ schema, value })).toBe(expected);
        }
      }),
      { numRuns: 3000 },
    );
    expect(covered).toBeGreaterThan(2000);
    expect(validSeen).toBeGreaterThan(500);
  });

  it('follows $refs (recursion included) and, in draft 7, ignores the siblings of $ref as the validator does', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          required: ['v'],
          properties: { v: { type: 'integer' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      $ref: '#/$defs/node',
    };
    const quick = compileQuickCheck(tree, '2020-12', dereference(tree))!;
    const validator = new Validator(tree, '2020-12', false);
    for (const value of [
      { v: 1, kids: [{ v: 2, kids: [{ v: 3 }] }] },
      { v: 1, kids: [{ v: 2, kids: [{ v: 'x' }] }] },
      { v: 1, kids: [{}] },
    ]) {
      expect(quick(value), JSON.stringify(value)).toBe(validator.validate(value).valid);
    }
    const draft7 = { definitions: { s: { type: 'string' } }, $ref: '#/definitions/s', minLength: 5 };
    const quick7 = compileQuickCheck(draft7, '7', dereference(draft7))!;
    expect([quick7('ab'), new Validator(draft7, '7').validate('ab').valid]).toEqual([true, true]);
  });

  it('declines schemas outside its subset so the interpreter handles them', () => {
    for (const schema of [
      { $ref: '#' },
      { oneOf: [] },
      { not: {} },
      { anyOf: {} },
      { multipleOf: 2 },
      { items: [{}] },
      { uniqueItems: 1 },
      { patternProperties: {} },
      { if: {} },
      { someUnknownKeyword: 1 },
      { minimum: '1' },
      { type: 3 },
      { $recursiveRef: '#' },
    ]) {
      expect(compileQuickCheck(schema, '2020-12'), JSON.stringify(schema)).toBeNull();
    }
    expect(compileQuickCheck({ $ref: '#/$defs/none', $defs: {} }, '2020-12', dereference({ $ref: '#/$defs/none', $defs: {} }))).toBeNull();
    expect(compileQuickCheck({ type: 'string' }, '4')).toBeNull();
    expect(compileQuickCheck({ type: 'string', 'x-vendor': true, nullable: true }, '2020-12')).not.toBeNull();
  });

  it('values JSON cannot hold are invalid (the interpreter refuses them), never a crash', () => {
    for (const value of [undefined, () => 1, 1n, Symbol('s')]) {
      const result = validate({ type: 'object' }, value);
      expect(result.valid).toBe(false);
      expect(result.errors[0].keyword).toBe('type');
    }
    expect(validate({ type: 'object', properties: { a: { type: 'string' } } }, { a: undefined }).valid).toBe(false);
  });
});
