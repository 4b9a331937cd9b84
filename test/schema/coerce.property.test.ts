import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coerce } from 'fw';
import { needsCoercion } from '../../src/schema/coerce';

const fieldSchema = fc.constantFrom<Record<string, unknown>>(
  { type: 'number' },
  { type: 'integer' },
  { type: 'boolean' },
  { type: 'null' },
  { type: 'string' },
  {},
  { type: ['integer', 'boolean'] },
  { type: ['string', 'number'] },
  { type: 'array', items: { type: 'integer' } },
  { type: 'array' },
  { type: 'object', properties: { inner: { type: 'number' } } },
);
const raw = fc.oneof(
  fc.constantFrom('1', '-2.5', '1e3', 'x', '', 'true', 'false', '0', 'null', ' 1', '0x10'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.constantFrom('1', 'x', 2)),
  fc.record({ inner: fc.constantFrom('3', 3, 'y') }),
);

describe('needsCoercion', () => {
  it('is true exactly when coerce() would change the data (schemas without defaults)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), fieldSchema),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), raw),
        (properties, data) => {
          const schema = { type: 'object', properties };
          expect(needsCoercion(schema, data)).toBe(JSON.stringify(coerce(schema, data)) !== JSON.stringify(data));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
