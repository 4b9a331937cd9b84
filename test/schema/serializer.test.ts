import { describe, expect, it } from 'vitest';
import { compileSerializer, resetSerializerCache, quoteJSONString } from 'fw';
import { filterBySchema } from './filter';

function same(schema: any, value: unknown): string {
  const text = compileSerializer(schema)(value);
  expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(filterBySchema(schema, value)) ?? 'null'));
  return text;
}

const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, admin: { type: 'boolean' }, score: { type: 'number' } },
};

describe('compileSerializer: objects', () => {
  it('writes known properties in schema order and drops the rest', () => {
    const text = same(user, { name: 'Ann', id: 7, password: 'secret', admin: false, score: 1.5 });
    expect(text).toBe('{"id":7,"name":"Ann","admin":false,"score":1.5}');
  });

  it('omits undefined, function and symbol properties like JSON.stringify', () => {
    expect(same(user, { id: undefined, name: () => 1, admin: Symbol('x'), score: 2 })).toBe('{"score":2}');
    expect(same(user, {})).toBe('{}');
  });

  it('writes non-finite numbers as null', () => {
    expect(same(user, { id: NaN, score: -Infinity })).toBe('{"id":null,"score":null}');
  });

  it('writes -0 as 0 and keeps integers exact (no rounding)', () => {
    expect(same(user, { id: -0, score: 1e21 })).toBe('{"id":0,"score":1e+21}');
    expect(same(user, { id: 1.5 })).toBe('{"id":1.5}');
  });

  it('writes nested objects and arrays of objects', () => {
    const schema = { type: 'object', properties: { owner: user, members: { type: 'array', items: user } } };
    const text = same(schema, { owner: { id: 1, x: 1 }, members: [{ id: 2, y: 2 }, { name: 'b' }], extra: true });
    expect(text).toBe('{"owner":{"id":1},"members":[{"id":2},{"name":"b"}]}');
  });

  it('treats a schema with properties but no type as an object schema', () => {
    expect(same({ properties: { a: { type: 'string' } } }, { a: 'x', b: 'y' })).toBe('{"a":"x"}');
  });

  it('writes {} for additionalProperties: false without properties', () => {
    expect(same({ type: 'object', additionalProperties: false }, { a: 1 })).toBe('{}');
  });

  it('reads only own enumerable properties, as JSON.stringify does', () => {
    class Account {
      id = 3;
      get name(): string {
        return 'from prototype';
      }
    }
    expect(same(user, new Account())).toBe('{"id":3}');
    const schema = JSON.parse(
      '{"type":"object","properties":{"constructor":{"type":"string"},"toString":{"type":"string"},"__proto__":{"type":"object"},"valueOf":{"type":"number"}}}',
    );
    expect(compileSerializer(schema as any)({})).toBe('{}');
    const own = JSON.parse('{"__proto__":{"a":1},"constructor":"c"}');
    expect(JSON.parse(compileSerializer(schema as any)(own))).toEqual(JSON.parse(JSON.stringify(own)));
    const hidden = Object.defineProperty({ id: 1 }, 'name', { value: 'n', enumerable: false });
    expect(compileSerializer(user)(Object.setPrototypeOf(hidden, { admin: true }))).toBe('{"id":1}');
  });

  it('hands objects with toJSON (Dates included) to their toJSON', () => {
    const schema = { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, obj: user } };
    const at = new Date(Date.UTC(2024, 0, 2));
    const text = same(schema, { at, obj: { toJSON: () => ({ id: 9, hidden: 1 }) } });
    expect(JSON.parse(text)).toEqual({ at: '2024-01-02T00:00:00.000Z', obj: { id: 9, hidden: 1 } });
  });

  it('falls back to JSON.stringify when the value does not have the schema type', () => {
    expect(same(user, { id: '7', name: 5, admin: 'yes', score: { a: 1 } })).toBe('{"id":"7","name":5,"admin":"yes","score":{"a":1}}');
    expect(same(user, [1, 2])).toBe('[1,2]');
    expect(same(user, 'text')).toBe('"text"');
  });

  it('throws on BigInt exactly as JSON.stringify does', () => {
    expect(() => compileSerializer(user)({ id: 1n })).toThrow(TypeError);
    expect(() => JSON.stringify({ id: 1n })).toThrow(TypeError);
  });
});

describe('compileSerializer: strings', () => {
  const schema = { type: 'object', properties: { s: { type: 'string' } } };
  const cases = [
    'plain',
    '',
    'with "quotes"',
    'back\\slash',
    'tab\tnew\nline\r',
    '\u0000\u0001\u001f',
    '\u007f',
    'emoji 😀 pair',
    'lone \ud800 high',
    'lone \udfff low',
    'reversed \udc00\ud800',
    'line\u2028sep\u2029para',
    'é ß 中文',
    'x'.repeat(100),
    `${'long '.repeat(20)}"quoted"`,
    `${'y'.repeat(60)}\ud83d`,
    `${'z'.repeat(60)}\u2028`,
  ];
  for (const s of cases) {
    it(`round-trips ${JSON.stringify(s).slice(0, 40)}`, () => {
      const text = same(schema, { s });
      expect(JSON.parse(text).s).toBe(s);
      expect(text).not.toMatch(/[\u2028\u2029]/);
      expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    });
  }

  it('escapes U+2028 and U+2029 so the output is safe inside a script block', () => {
    expect(quoteJSONString('a\u2028b\u2029')).toBe('"a\\u2028b\\u2029"');
    expect(quoteJSONString('\ud800')).toBe('"\\ud800"');
  });

  it('escapes property names too', () => {
    expect(same({ type: 'object', properties: { 'we"ird\n': { type: 'number' } } }, { 'we"ird\n': 1 })).toBe('{"we\\"ird\\n":1}');
  });
});

describe('compileSerializer: arrays, tuples, primitives', () => {
  it('writes arrays of primitives, with holes and undefined as null', () => {
    const schema = { type: 'array', items: { type: 'number' } };
    expect(same(schema, [1, 2.5, NaN, undefined])).toBe('[1,2.5,null,null]');
    expect(same(schema, [])).toBe('[]');
    // biome-ignore lint/suspicious/noSparseArray: an array hole is the case under test
    expect(compileSerializer(schema)([1, , 3])).toBe('[1,null,3]');
    expect(same({ type: 'array', items: { type: 'string' } }, ['a', () => 1, 'b'])).toBe('["a",null,"b"]');
  });

  it('writes long arrays (joined from parts) exactly', () => {
    const schema = { type: 'array', items: user };
    const value = Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? undefined : { id: i, name: `n"${i}`, extra: i }));
    same(schema, value);
    expect(
      JSON.parse(compileSerializer({ type: 'array', items: { type: 'number' } })(Array.from({ length: 17 }, (_, i) => i))),
    ).toHaveLength(17);
  });

  it('writes tuples (prefixItems and draft-7 items arrays)', () => {
    const schema = { type: 'array', prefixItems: [{ type: 'string' }, user], items: { type: 'boolean' } };
    expect(compileSerializer(schema)(['a', { id: 1, x: 2 }, true, false])).toBe('["a",{"id":1},true,false]');
    const draft7 = { type: 'array', items: [{ type: 'number' }, user] };
    expect(compileSerializer(draft7)([1, { id: 2, y: 3 }, { z: 1 }])).toBe('[1,{"id":2},{"z":1}]');
  });

  it('writes top-level primitives', () => {
    expect(same({ type: 'string' }, 'hi')).toBe('"hi"');
    expect(same({ type: 'number' }, 3)).toBe('3');
    expect(same({ type: 'integer' }, Infinity)).toBe('null');
    expect(same({ type: 'boolean' }, true)).toBe('true');
    expect(same({ type: 'null' }, null)).toBe('null');
    expect(compileSerializer({ type: 'string' })(undefined)).toBe('null');
  });

  it('falls back for arrays without item schemas', () => {
    expect(same({ type: 'array' }, [{ a: 1 }, 'b'])).toBe('[{"a":1},"b"]');
  });
});

describe('compileSerializer: nullable, enums, unions, refs', () => {
  it('writes nullable values (type list and OpenAPI nullable)', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { type: 'object', nullable: true, properties: { c: { type: 'number' } } } },
    };
    expect(same(schema, { a: null, b: null })).toBe('{"a":null,"b":null}');
    expect(same(schema, { a: 'x', b: { c: 1, d: 2 } })).toBe('{"a":"x","b":{"c":1}}');
  });

  it('writes nullable primitives in either order, and values of another type as JSON.stringify would', () => {
    const schema = {
      type: 'object',
      properties: { s: { type: ['null', 'string'] }, n: { type: ['integer', 'null'] }, b: { type: 'boolean', nullable: true } },
    };
    expect(same(schema, { s: null, n: null, b: null })).toBe('{"s":null,"n":null,"b":null}');
    expect(same(schema, { s: 'q"uote', n: 3, b: false })).toBe('{"s":"q\\"uote","n":3,"b":false}');
    expect(same(schema, { s: 5, n: Infinity, b: 'yes' })).toBe('{"s":5,"n":null,"b":"yes"}');
    expect(compileSerializer({ type: ['string', 'null'] })(null)).toBe('null');
  });

  it('writes enums and consts from precomputed text, falling back for values outside them', () => {
    const schema = { type: 'object', properties: { e: { enum: ['on', 'off', 'say "hi"', 1, null] }, c: { const: 'k' } } };
    expect(same(schema, { e: 'say "hi"', c: 'k' })).toBe('{"e":"say \\"hi\\"","c":"k"}');
    expect(same(schema, { e: null })).toBe('{"e":null}');
    expect(same(schema, { e: 'other', c: 2 })).toBe('{"e":"other","c":2}');
    expect(compileSerializer({ enum: [{ a: 1 }, 'x'] })({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });

  it('dispatches anyOf/oneOf branches of different types', () => {
    const schema = { anyOf: [user, { type: 'string' }, { type: 'null' }, { type: 'array', items: { type: 'integer' } }] };
    expect(compileSerializer(schema)({ id: 1, drop: 1 })).toBe('{"id":1}');
    expect(compileSerializer(schema)('s')).toBe('"s"');
    expect(compileSerializer(schema)(null)).toBe('null');
    expect(compileSerializer(schema)([1, 2])).toBe('[1,2]');
    expect(compileSerializer(schema)(true)).toBe('true');
  });

  it('falls back to JSON.stringify for what it cannot prove', () => {
    const value = { id: 1, extra: { deep: true } };
    const opaque = [
      { type: 'object', properties: { id: { type: 'number' } }, additionalProperties: true },
      { type: 'object', properties: { id: { type: 'number' } }, additionalProperties: { type: 'object' } },
      { type: 'object', patternProperties: { '^e': { type: 'object' } } },
      { allOf: [user, { type: 'object', properties: { extra: { type: 'object' } } }] },
      { anyOf: [user, { type: 'object', properties: { extra: {} } }] },
      { type: 'object', properties: { id: { type: 'number' } }, if: { required: ['id'] }, then: { properties: { extra: {} } } },
      { $ref: 'https://example.com/user.json' },
      { $ref: '#/$defs/missing' },
      {},
      true,
    ];
    for (const schema of opaque) expect(compileSerializer(schema as any)(value)).toBe(JSON.stringify(value));
  });

  it('follows local $refs, recursive ones included', () => {
    const tree = {
      $defs: {
        node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } },
      },
      $ref: '#/$defs/node',
    };
    const value = {
      name: 'root',
      secret: 1,
      children: [
        { name: 'a', secret: 2, children: [] },
        { name: 'b', children: [{ name: 'c', x: 0 }] },
      ],
    };
    expect(JSON.parse(compileSerializer(tree)(value))).toEqual({
      name: 'root',
      children: [
        { name: 'a', children: [] },
        { name: 'b', children: [{ name: 'c' }] },
      ],
    });
    const selfRef = { type: 'object', properties: { v: { type: 'number' }, next: { $ref: '#' } } };
    expect(compileSerializer(selfRef)({ v: 1, z: 0, next: { v: 2, next: { v: 3, y: 1 } } })).toBe('{"v":1,"next":{"v":2,"next":{"v":3}}}');
    const draft7 = { definitions: { id: { type: 'integer' } }, type: 'object', properties: { id: { $ref: '#/definitions/id' } } };
    expect(compileSerializer(draft7)({ id: 4, b: 1 })).toBe('{"id":4}');
  });
});

describe('compileSerializer: cache', () => {
  it('returns the same serializer for the same schema object until resetSerializerCache()', () => {
    const first = compileSerializer(user);
    expect(compileSerializer(user)).toBe(first);
    resetSerializerCache();
    const second = compileSerializer(user);
    expect(second).not.toBe(first);
    expect(second({ id: 1 })).toBe(first({ id: 1 }));
  });
});
