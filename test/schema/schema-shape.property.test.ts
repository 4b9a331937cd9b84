/**
 * The shape check (src/schema/schema-shape.ts) says what validating against the draft's meta-schema says: on generated
 * schema-like values, every keyword any draft constrains with right and wrong values, nested through the applicators,
 * fitsShape accepts exactly what @cfworker/json-schema accepts against the meta-schema.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Validator, type SchemaDraft } from '@cfworker/json-schema';
import { META_SCHEMAS } from '../../src/schema/meta-schemas';
import { fitsShape } from '../../src/schema/schema-shape';

const keywords = [
  ...'$id id $schema $ref $anchor $dynamicRef $dynamicAnchor $recursiveRef $recursiveAnchor $vocabulary $comment $defs definitions'.split(
    ' ',
  ),
  ...'prefixItems items additionalItems contains additionalProperties properties patternProperties dependentSchemas'.split(' '),
  ...'propertyNames if then else allOf anyOf oneOf not unevaluatedItems unevaluatedProperties type const enum'.split(' '),
  ...'multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems'.split(' '),
  ...'maxContains minContains maxProperties minProperties required dependentRequired dependencies title description'.split(' '),
  ...'default deprecated readOnly writeOnly examples format contentEncoding contentMediaType contentSchema x-extra'.split(' '),
];

const scalars: unknown[] = [
  'string',
  'objekt',
  'a',
  '_a',
  '1a',
  'a:b',
  '[a-',
  '^a$',
  'a\\Z',
  'https://example.com/s',
  'https://example.com/s#',
  'https://example.com/s#x',
  '#/$defs/a',
  'urn:x',
  'a b',
  -1,
  0,
  2,
  1.5,
  true,
  false,
  null,
];

/** Schema-like values: objects over the keywords, with scalars, arrays, maps and nested nodes as values. */
const { node } = fc.letrec<{ node: unknown; value: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.boolean(),
    fc.dictionary(fc.constantFrom(...keywords), tie('value'), { maxKeys: 4 }),
  ),
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(...scalars),
    fc.constantFrom<unknown>(['string', 'null'], ['a', 'a'], [], [1, 1], [{ a: 1 }, { a: 1 }], { 'https://example.com/v': true }),
    fc.array(fc.oneof(tie('node'), fc.constantFrom<unknown>('a', 'b', 'string')), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', '[a-', '^x'), fc.oneof(tie('node'), fc.constantFrom<unknown>(['a'], [], 'a')), { maxKeys: 2 }),
    tie('node'),
  ),
}));

/** A validator of a draft's meta-schema (the oracle). */
function metaValidator(draft: SchemaDraft): Validator {
  const [root, ...vocabularies] = JSON.parse(META_SCHEMAS[draft]);
  const validator = new Validator(root, draft, false);
  for (const vocabulary of vocabularies) validator.addSchema(vocabulary);
  return validator;
}

describe('fitsShape agrees with the meta-schema', () => {
  it.each<SchemaDraft>(['2020-12', '2019-09', '7', '4'])('draft %s', (draft) => {
    const meta = metaValidator(draft);
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(node, (schema) => {
        const valid = meta.validate(schema).valid;
        if (valid) accepted++;
        else refused++;
        expect(fitsShape(schema, draft), JSON.stringify(schema)).toBe(valid);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it.each<SchemaDraft>(['2020-12', '2019-09', '7', '4'])(
    'draft %s: every keyword with every sample value, alone and one level down',
    (draft) => {
      const meta = metaValidator(draft);
      const samples = [
        ...scalars,
        ['string', 'null'],
        ['a', 'a'],
        [],
        [1, 1],
        [{}],
        [true],
        ['a'],
        {},
        { a: {} },
        { a: ['a'] },
        { '[a-': {} },
      ];
      const wrong: string[] = [];
      for (const keyword of keywords) {
        for (const value of samples) {
          for (const schema of [{ [keyword]: value }, { properties: { p: { [keyword]: value } } }]) {
            if (fitsShape(schema, draft) !== meta.validate(schema).valid) wrong.push(JSON.stringify(schema));
          }
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refuses what the meta-schema refuses at the top and deep down, and accepts sound schemas of every draft', () => {
    const sound = {
      $id: 'https://example.com/todo',
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string', minLength: 1, pattern: '^[a-z]+$' }, tags: { type: 'array', items: { $ref: '#/$defs/tag' } } },
      $defs: { tag: { $anchor: 'tag', type: 'string', enum: ['a', 'b'] } },
      'x-internal': true,
    };
    expect(fitsShape(sound, '2020-12')).toBe(true);
    expect(fitsShape({ ...sound, properties: { title: { minLength: -1 } } }, '2020-12')).toBe(false);
    expect(fitsShape({ type: 'array', items: [{ type: 'string' }] }, '2020-12')).toBe(false);
    expect(fitsShape({ type: 'array', items: [{ type: 'string' }] }, '2019-09')).toBe(true);
    expect(fitsShape({ type: 'number', minimum: 0, exclusiveMinimum: true }, '4')).toBe(true);
    expect(fitsShape({ type: 'number', exclusiveMinimum: true }, '4')).toBe(false);
    expect(fitsShape(true, '7')).toBe(true);
    expect(fitsShape(true, '4')).toBe(false);
  });
});
