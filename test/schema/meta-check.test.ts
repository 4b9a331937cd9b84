import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Validator, dereference } from '@cfworker/json-schema';
import { Fw, type RouteOptions } from 'fw';
import { META_SCHEMAS } from './fixtures/meta-schemas';
import { compileQuickCheck } from '../../src/schema/quick-check';
import { schemaProblems } from '../../src/schema/meta-check';

function compileError(options: RouteOptions, method = 'post', path = '/todos'): string {
  const app = new Fw();
  try {
    (app as any)[method](path, () => 'ok', options);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error('registering the route accepted the schema');
}

function cyclic(): Record<string, unknown> {
  const node: Record<string, any> = { type: 'object', properties: {} };
  node.properties.child = node;
  return node;
}

const typeList = 'must be one of "array", "boolean", "integer", "null", "number", "object", "string" or be array';

describe('route schemas are checked against their meta-schema when the route is compiled', () => {
  it.each<[string, RouteOptions, string]>([
    ['an unknown type', { schema: { body: { type: 'objekt' } } }, `POST /todos schema.body/type: ${typeList}, got "objekt"`],
    [
      'required as a string',
      { schema: { body: { type: 'object', required: 'title' } } },
      'POST /todos schema.body/required: must be array, got "title"',
    ],
    [
      'properties as an array',
      { schema: { body: { properties: [] } } },
      'POST /todos schema.body/properties: must be object, got an array',
    ],
    [
      'a negative minLength',
      { schema: { body: { properties: { title: { type: 'string', minLength: -1 } } } } },
      'POST /todos schema.body/properties/title/minLength: must be >= 0, got -1',
    ],
    [
      'a nested unknown type',
      { schema: { body: { type: 'object', properties: { title: { type: 'strin' } } } } },
      `POST /todos schema.body/properties/title/type: ${typeList}, got "strin"`,
    ],
    [
      'a pattern that is no regex',
      { schema: { query: { properties: { code: { type: 'string', pattern: '[A-Z' } } } } },
      'POST /todos schema.query/properties/code/pattern: must be a valid regex, got "[A-Z"',
    ],
    [
      'a RegExp object as pattern',
      { schema: { params: { properties: { id: { pattern: /x/ } } } } },
      'POST /todos schema.params/properties/id/pattern: must be string, got an object',
    ],
    [
      'an unknown $schema',
      { schema: { headers: { $schema: 'http://example.com/my-schema', type: 'object' } } },
      'POST /todos schema.headers/$schema: names no JSON Schema draft fw knows ("http://example.com/my-schema"): use one of https://json-schema.org/draft/2020-12/schema',
    ],
    [
      'a $ref to nothing',
      { schema: { body: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } } },
      'POST /todos schema.body/properties/a/$ref: points at nothing in this schema ("#/$defs/missing")',
    ],
    [
      'a remote $ref',
      { schema: { body: { $ref: 'https://example.com/todo.json' } } },
      'POST /todos schema.body/$ref: points at nothing in this schema ("https://example.com/todo.json"): refer to "#", "#/$defs/<name>", an "$anchor" or an "$id" inside it (fw fetches no remote schemas)',
    ],
    [
      'a bad response schema for a status',
      { schema: { response: { 201: { type: 'object', properties: { id: { type: 'int' } } } } } },
      `POST /todos schema.response/201/properties/id/type: ${typeList}, got "int"`,
    ],
    [
      'a bad single response schema',
      { schema: { response: { type: 'array', maxItems: 'ten' } } },
      'POST /todos schema.response/maxItems: must be integer, got "ten"',
    ],
    [
      'a bad serializer schema',
      { serializers: { 'application/vnd.todo+json': { type: 'object', additionalProperties: 3 } } },
      'POST /todos serializers["application/vnd.todo+json"]/additionalProperties: must be object or boolean, got 3',
    ],
    [
      'a schema that is not an object',
      { schema: { body: 'string' as any } },
      'POST /todos schema.body: must be object or boolean, got "string"',
    ],
    [
      'a function in place of a schema',
      { schema: { body: { type: 'object', properties: { a: (() => 1) as any } } } },
      'POST /todos schema.body/properties/a: is a value of type "function": a JSON schema holds JSON values only',
    ],
    [
      'a schema that contains itself',
      { schema: { body: cyclic() } },
      'POST /todos schema.body/properties/child: is a value that contains itself (for recursion, use "$ref": "#" or "#/$defs/<name>"): a JSON schema holds JSON values only',
    ],
    [
      'a $dynamicRef',
      {
        schema: {
          body: { $dynamicAnchor: 'node', type: 'object', properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } } } },
        },
      },
      "POST /todos schema.body/properties/kids/items/$dynamicRef: is not implemented by fw's validator (@cfworker/json-schema): use $ref",
    ],
    [
      'a Standard Schema as a serializer (schema parts take one: test/schema/standard-schema.test.ts)',
      { serializers: { 'application/json': { '~standard': { version: 1, vendor: 'zod', validate: () => ({ value: 1 }) } } as any } },
      'POST /todos serializers["application/json"]: is a Standard Schema (zod, valibot, arktype), which this validator cannot run: pass its JSON Schema',
    ],
    [
      'an unknown schema part',
      { schema: { querystring: { type: 'object' } } as any },
      'POST /todos schema.querystring: fw has no such schema part; use body, query, params, headers or response',
    ],
    [
      'a 2020-12 tuple written the draft-7 way',
      { schema: { body: { type: 'array', items: [{ type: 'string' }] } } },
      'POST /todos schema.body/items: must be object or boolean, got an array',
    ],
  ])('%s', (_name, options, expected) => {
    const message = compileError(options);
    expect(message).toContain(expected);
    expect(message).toMatch(/^Invalid route schema \(checked when the route is registered; fix the schema\):\n/);
  });

  it('names the method and canonical path, and lists every problem of every part, one per line', () => {
    const message = compileError(
      { schema: { params: { properties: { id: { minimum: 'one' } } }, body: { required: ['a', 'a'], minProperties: 1.5 } } },
      'patch',
      '/todos/:id/',
    );
    expect(message.split('\n').slice(1)).toEqual([
      'PATCH /todos/:id schema.body/minProperties: must be integer, got 1.5',
      'PATCH /todos/:id schema.body/required: must have no duplicate items, got a duplicate (items 0 and 1)',
      'PATCH /todos/:id schema.params/properties/id/minimum: must be number, got "one"',
    ]);
  });

  it('checks each draft against its own meta-schema', () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'array',
      items: [{ type: 'string' }],
      additionalItems: false,
    };
    const draft6 = { $schema: 'http://json-schema.org/draft-06/schema#', type: 'number', exclusiveMinimum: 0 };
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', minimum: 0, exclusiveMinimum: true };
    const d2019 = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'array', items: [{ type: 'string' }] };
    for (const body of [draft7, draft6, draft4, d2019]) expect(schemaProblems(body), JSON.stringify(body)).toEqual([]);
    expect(compileError({ schema: { body: { ...draft4, exclusiveMinimum: 0 } } })).toContain(
      'POST /todos schema.body/exclusiveMinimum: must be boolean, got 0',
    );
    expect(compileError({ schema: { body: { ...d2019, items: [{ minItems: 'x' }] } } })).toContain(
      'POST /todos schema.body/items/0/minItems: must be integer, got "x"',
    );
    expect(compileError({ schema: { body: { ...draft7, if: 3 } } })).toContain(
      'POST /todos schema.body/if: must be object or boolean, got 3',
    );
  });

  it('accepts sound schemas: $refs, $defs, $id, $anchor, boolean schemas, formats, vendor keywords', () => {
    const app = new Fw();
    app.post('/ok/:id', () => 'ok', {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        body: {
          $id: 'https://example.com/todo',
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          'x-internal': true,
          nullable: false,
          $defs: {
            tag: { $anchor: 'tag', type: 'string', pattern: '^[a-z]+$' },
            list: { type: 'array', items: { $ref: '#tag' }, uniqueItems: true },
          },
          properties: {
            title: { type: 'string', minLength: 1 },
            tags: { $ref: '#/$defs/list' },
            due: { type: 'string', format: 'date' },
            any: true,
            none: false,
          },
        },
        response: { 200: { type: 'string' }, default: { type: 'object' } },
      },
    });
    expect(() => app.compile()).not.toThrow();
  });

  it('a route added by a plugin with a broken schema fails at registration, before any request is answered', async () => {
    const app = new Fw({ development: true, logErrors: false });
    const plugin = { name: 'todos', setup: (a: Fw) => void a.post('/todos', () => 'ok', { schema: { body: { type: 'objekt' } } }) };
    await expect(app.plugin(plugin)).rejects.toThrow('POST /todos schema.body/type');
  });

  it('remembers a sound schema object, so rebuilding pipelines does not check it again', () => {
    const body = { type: 'object', properties: { a: { type: 'string' } } };
    expect(schemaProblems(body)).toEqual([]);
    Object.assign(body, { type: 'objekt' });
    expect(schemaProblems(body)).toEqual([]);
    expect(schemaProblems({ ...body })).not.toEqual([]);
  });
});

const metaDrafts = [
  ['2020-12', '2020-12'],
  ['2019-09', '2019-09'],
  ['7', '7'],
] as const;

/** Schema-like objects: keywords with right and wrong values, nested through the applicators. */
const { node } = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.boolean(),
    fc.dictionary(
      fc.constantFrom(
        'type',
        'required',
        'properties',
        'items',
        'minLength',
        'maximum',
        'enum',
        'pattern',
        'anyOf',
        'additionalProperties',
        'format',
        '$defs',
        'uniqueItems',
        'x-extra',
        'prefixItems',
        'const',
      ),
      fc.oneof(
        fc.constantFrom<unknown>(
          'string',
          'objekt',
          ['string', 'null'],
          ['a', 'a'],
          [],
          -1,
          0,
          2,
          1.5,
          '[a-',
          '^a$',
          true,
          null,
          'email',
          {},
        ),
        fc.array(tie('node'), { maxLength: 2 }),
        fc.dictionary(fc.constantFrom('a', 'b'), tie('node'), { maxKeys: 2 }),
        tie('node'),
      ),
      { maxKeys: 4 },
    ),
  ),
}));

describe('the meta-schema closures agree with the interpreter', () => {
  it.each(metaDrafts)('draft %s: the closures compile, and a schema passes exactly when the interpreter accepts it', (draft) => {
    const [root, ...vocabularies] = JSON.parse(META_SCHEMAS[draft]);
    const lookup = dereference(root);
    for (const vocabulary of vocabularies) dereference(vocabulary, lookup);
    const quick = compileQuickCheck(root, draft, lookup);
    expect(quick).not.toBeNull();
    const interpreter = new Validator(root, draft, false);
    for (const vocabulary of vocabularies) interpreter.addSchema(vocabulary);
    let accepted = 0;
    fc.assert(
      fc.property(node, (schema) => {
        const valid = interpreter.validate(schema).valid;
        if (valid) accepted++;
        expect(quick!(schema), JSON.stringify(schema)).toBe(valid);
      }),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(200);
  });
});
