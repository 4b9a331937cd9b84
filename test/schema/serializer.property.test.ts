import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSerializer } from 'fw';
import { filterBySchema } from './filter';

type Schema = Record<string, any>;

const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 });
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  utf16,
  fc.constantFrom('', '"', '\\', '\u2028', '\ud800', 'a\u0000b', 'x'.repeat(50) + '"'),
);
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'a"b', 'line\nbreak'));

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.constant({ type: 'string', format: 'date-time' }),
  fc.constant({ type: 'number' }),
  fc.constant({ type: 'integer' }),
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({ type: ['string', 'null'] }),
  fc.constant({ type: 'number', nullable: true }),
  fc
    .uniqueArray(fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)), { minLength: 1, maxLength: 4 })
    .map((values) => ({ enum: values })),
);

const { schema: schemaArb } = fc.letrec<{ schema: Schema; object: Schema; array: Schema; union: Schema }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), tie('array'), tie('union')),
  object: fc.record(
    {
      type: fc.constant('object'),
      properties: fc.dictionary(key, tie('schema'), { maxKeys: 5 }).map((props) => JSON.parse(JSON.stringify(props))),
      additionalProperties: fc.constantFrom(false, undefined),
    },
    { requiredKeys: ['type', 'properties'] },
  ),
  array: fc.record({ type: fc.constant('array'), items: tie('schema') }),
  union: fc.constant({ anyOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'integer' } } }, { type: 'null' }] }),
}));

function define(target: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  return Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Values that match a schema (what a handler would return for it), with extra properties the serializer must drop. */
function valueFor(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(text, fc.record({ id: fc.integer(), secret: text }), fc.constant(null));
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.nullable) types.push('null');
  return fc.oneof(...types.map((type) => valueOfType(type, schema, depth)));
}

function valueOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? fc.oneof(fc.date(), text) : text;
    case 'number':
      return fc.oneof(fc.double(), fc.integer());
    case 'integer':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fc.oneof(valueFor(schema.items, depth + 1), fc.constant(undefined)), { maxLength: 4 });
    default: {
      const names = Object.keys(schema.properties);
      const fields = names.map((name) =>
        fc.option(fc.oneof(valueFor(schema.properties[name], depth + 1), fc.constant(undefined)), { nil: undefined, freq: 4 }),
      );
      return fc.tuple(fc.tuple(...fields), fc.dictionary(key, fc.oneof(text, fc.integer()), { maxKeys: 3 })).map(([values, extra]) => {
        const out: Record<string, unknown> = {};
        for (const name of Object.keys(extra)) define(out, name, extra[name]);
        names.forEach((name, i) => {
          if (values[i] !== undefined || i % 2 === 0) define(out, name, values[i]);
        });
        return out;
      });
    }
  }
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('compiled serializer (property)', () => {
  it('parses to exactly what JSON.stringify gives for the schema-filtered value', () => {
    const pairs = schemaArb.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema)));
    fc.assert(
      fc.property(pairs, ([schema, value]) => {
        const ours = compileSerializer(schema)(value);
        expect(loneSurrogate.test(ours)).toBe(false);
        const reference = JSON.stringify(filterBySchema(schema, value)) ?? 'null';
        expect(JSON.parse(ours)).toEqual(JSON.parse(reference));
      }),
      { numRuns: 1500 },
    );
  });
});
