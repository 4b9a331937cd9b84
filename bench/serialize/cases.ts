/** The payloads and schemas of the serialize bench: fast-json-stringify's own benchmark cases (fastify/fast-json-stringify benchmark/bench.js). */

/** One payload with its response schema. */
export interface SerializeCase {
  name: string;
  schema: Record<string, unknown>;
  input: unknown;
  /** Iterations per timed sample (larger payloads need fewer). */
  batch: number;
  /** Also make the string flat, as encoding it into a Response body does (JSON.stringify's output already is). */
  flatten?: boolean;
}

const multi = { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' }, b: { type: 'boolean' } } };

const mixed: Record<string, unknown> = {};
const mixedSchema: Record<string, unknown> = {};
for (let i = 1; i <= 5; i++) {
  Object.assign(mixed, { [`s${i}`]: 'hello world', [`n${i}`]: 42, [`b${i}`]: true });
  Object.assign(mixedSchema, { [`s${i}`]: { type: 'string' }, [`n${i}`]: { type: 'number' }, [`b${i}`]: { type: 'boolean' } });
}

/** The serializer cases, the first being "the object payload" the goal is about; flattened variants follow. */
export const serializeCases: SerializeCase[] = [
  {
    name: 'simple object',
    schema: {
      title: 'Example Schema',
      type: 'object',
      properties: {
        firstName: { type: 'string' },
        lastName: { type: ['string', 'null'] },
        age: { description: 'Age in years', type: 'integer', minimum: 0 },
      },
    },
    input: { firstName: 'Max', lastName: 'Power', age: 22 },
    batch: 200_000,
  },
  {
    name: 'object with 15 properties of different types',
    schema: { type: 'object', properties: mixedSchema },
    input: mixed,
    batch: 50_000,
  },
  {
    name: 'nested object with array and required',
    schema: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        email: { type: 'string' },
        active: { type: 'boolean' },
        score: { type: 'number' },
        tags: { type: 'array', items: { type: 'string' } },
        address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } } },
      },
    },
    input: {
      id: 1,
      name: 'John Doe',
      email: 'john@example.com',
      active: true,
      score: 42.195,
      tags: ['a', 'b', 'c'],
      address: { street: '1 Example Street', city: 'London', zip: 'SW1A 1AA' },
    },
    batch: 50_000,
  },
  {
    name: 'array of 1000 objects',
    schema: { type: 'array', items: multi },
    input: Array.from({ length: 1000 }, () => ({ s: 'hello world', n: 42, b: true })),
    batch: 100,
  },
];

for (const name of ['simple object', 'array of 1000 objects']) {
  const base = serializeCases.find((c) => c.name === name)!;
  serializeCases.push({ ...base, name: `${name}, flattened as for a Response body`, flatten: true });
}

/** One validateAndCoerce case: a schema without defaults, data that conforms, and optionally the same data as query strings. */
export interface CoerceCase {
  name: string;
  schema: Record<string, unknown>;
  conforming: unknown;
  strings?: unknown;
  batch: number;
}

const item = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', minLength: 1 },
    price: { type: 'number', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' } },
    active: { type: 'boolean' },
  },
};

/** The validateAndCoerce cases: a query (strings in real requests) and a JSON body (already typed). */
export const coerceCases: CoerceCase[] = [
  {
    name: 'query, 4 fields',
    schema: {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', maximum: 100 },
        q: { type: 'string' },
        active: { type: 'boolean' },
      },
    },
    conforming: { page: 2, limit: 20, q: 'shoes', active: true },
    strings: { page: '2', limit: '20', q: 'shoes', active: 'true' },
    batch: 20_000,
  },
  {
    name: 'JSON body, 50 items',
    schema: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: item }, note: { type: 'string' } } },
    conforming: {
      note: 'order',
      items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 1.5, tags: ['a', 'b'], active: i % 2 === 0 })),
    },
    batch: 2_000,
  },
];
