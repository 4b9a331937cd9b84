/**
 * The shape check (src/schema/schema-shape.ts) says what validating against the draft's meta-schema says: on generated
 * schema-like values (every keyword any draft constrains, with right and wrong values, nested through the
 * applicators) it finds problems exactly when @cfworker/json-schema refuses the value against the meta-schema
 * (test/schema/fixtures/meta-schemas.ts), and words them as fw words that validation's errors.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Validator, dereference, validate, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { shapeProblems } from '../../src/schema/schema-shape';
import { describeIssues } from '../../src/schema/validation-errors';
import { META_SCHEMAS } from './fixtures/meta-schemas';

const fitsShape = (schema: unknown, draft: SchemaDraft): boolean => shapeProblems(schema, draft).length === 0;

/** The problems validating against the meta-schema finds, worded by fw's validation errors (what the shape check mirrors). */
function metaProblems(schema: unknown, draft: SchemaDraft): string[] {
  const [root, ...vocabularies] = JSON.parse(META_SCHEMAS[draft]) as Schema[];
  const lookup = dereference(root);
  for (const vocabulary of vocabularies) dereference(vocabulary, lookup);
  const outcome = validate(schema, root, draft, lookup as Record<string, Schema>, false);
  return describeIssues(outcome.errors, { data: schema, schema: root, lookup }).map(({ path, text }) => `${path}: ${text}`);
}

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

  /**
   * Where fw's error words misread the validator's output against the meta-schema, and the shape check words it right:
   * a meta-schema property named `$ref` or `propertyNames` ("is invalid: String does not match format …", "has
   * property name "propertyNames" that must …"), and a union whose branch is the dialect's root, which the validator
   * reports through `$ref`/`allOf` units ("must match one of the anyOf schemas" where the shape check names the item).
   */
  const misworded = /"(\$ref|propertyNames|dependencies|items|additionalItems|additionalProperties)"/;

  it.each<SchemaDraft>(['2020-12', '2019-09', '7', '4'])(
    'draft %s: each problem is worded as validating against the meta-schema words it',
    (draft) => {
      const words = (schema: unknown) => shapeProblems(schema, draft).map(({ path, message }) => `${path}: ${message}`);
      const compared = (schema: unknown) => !misworded.test(JSON.stringify(schema));
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
      for (const keyword of keywords)
        for (const value of samples) {
          const schema = { properties: { p: { [keyword]: value } } };
          if (compared(schema)) expect(words(schema).sort(), JSON.stringify(schema)).toEqual(metaProblems(schema, draft).sort());
        }
      fc.assert(
        fc.property(node, (schema) => {
          if (compared(schema)) expect(words(schema).sort(), JSON.stringify(schema)).toEqual(metaProblems(schema, draft).sort());
        }),
        { numRuns: 1000 },
      );
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
