/**
 * Plain objects and arrays bind as JSON on PostgreSQL (jsonb, with and without `?::jsonb`), MariaDB (JSON) and
 * SQLite (JSON text), round-tripping through the column; Dates and bytes keep their own binding, and values JSON
 * cannot hold are refused naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDatabase, type TestDatabase } from './engines';

const doc = { title: 'note', tags: ['a', 'b'], nested: { n: 1, ok: true, none: null } };
const list = [1, 'two', { three: 3 }];

/** The column type for JSON on each engine. */
const columnType = { postgres: 'jsonb', mysql: 'JSON', sqlite: 'TEXT' } as const;

/** A JSON column's value as stored: postgres parses jsonb, MariaDB's JSON is LONGTEXT and SQLite's is TEXT. */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

describe.each(['postgres', 'mysql', 'sqlite'] as const)('%s: objects and arrays as parameters', (type) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await makeTestDatabase(type);
    await t.db.execute(
      `CREATE TABLE docs (id INTEGER PRIMARY KEY, body ${columnType[type]}, at ${type === 'sqlite' ? 'TEXT' : 'TIMESTAMP NULL'}, bytes ${type === 'postgres' ? 'bytea' : 'BLOB'})`,
    );
  });

  afterAll(() => t.cleanup());

  it('round-trip an object and an array through a JSON column', async () => {
    await t.db.execute('INSERT INTO docs (id, body) VALUES (?, ?)', [1, doc]);
    await t.db.execute('INSERT INTO docs (id, body) VALUES (?, ?)', [2, list]);
    const rows = await t.db.query<{ id: number; body: unknown }>('SELECT id, body FROM docs WHERE id IN (1, 2) ORDER BY id');
    expect(rows.map((r) => parsed(r.body))).toEqual([doc, list]);
  });

  it('the stored value is JSON the engine reads, not a JSON string', async () => {
    const extract =
      type === 'postgres'
        ? "SELECT body->'nested'->>'n' AS n FROM docs WHERE id = 1"
        : "SELECT JSON_EXTRACT(body, '$.nested.n') AS n FROM docs WHERE id = 1";
    const [row] = await t.db.query<{ n: unknown }>(extract);
    expect(String(row.n)).toBe('1');
  });

  it('keeps Dates and bytes as they are, next to a JSON value', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const bytes = new Uint8Array([0, 1, 254, 255]);
    await t.db.execute('INSERT INTO docs (id, body, at, bytes) VALUES (?, ?, ?, ?)', [3, { at }, at, bytes]);
    const [row] = await t.db.query<{ body: unknown; at: unknown; bytes: Uint8Array }>('SELECT body, at, bytes FROM docs WHERE id = 3');
    expect(parsed(row.body)).toEqual({ at: at.toISOString() });
    expect(row.at instanceof Date ? row.at.getTime() : new Date(String(row.at)).getTime()).toBe(at.getTime());
    expect([...new Uint8Array(row.bytes)]).toEqual([...bytes]);
  });

  it('refuses class instances and values JSON cannot hold, naming the parameter', async () => {
    await expect(t.db.query('SELECT ?', [new Map([['a', 1]]) as never])).rejects.toThrow(
      'Query parameter 1 is a Map: bind a plain object or array',
    );
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(t.db.query('SELECT ?, ?', [1, circular])).rejects.toThrow(/Query parameter 2 cannot be written as JSON/);
    await expect(t.db.query('SELECT ?', [{ big: 1n }])).rejects.toThrow(/Query parameter 1 cannot be written as JSON/);
  });
});

describe('postgres: JSON text and casts', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await makeTestDatabase('postgres');
  });

  afterAll(() => t.cleanup());

  it('?::jsonb takes an object as the JSON object, and JSON text as that JSON (not a JSON string)', async () => {
    const [a] = await t.db.query<{ v: unknown; kind: string }>('SELECT ?::jsonb AS v, jsonb_typeof(?::jsonb) AS kind', [doc, doc]);
    expect(a).toEqual({ v: doc, kind: 'object' });
    const [b] = await t.db.query<{ v: unknown; kind: string }>('SELECT ?::jsonb AS v, jsonb_typeof(?::jsonb) AS kind', [
      JSON.stringify(list),
      JSON.stringify(list),
    ]);
    expect(b).toEqual({ v: list, kind: 'array' });
  });

  it('the text-then-jsonb cast of JSON text still works', async () => {
    const [row] = await t.db.query<{ v: unknown }>('SELECT (?::text)::jsonb AS v', [JSON.stringify(doc)]);
    expect(row.v).toEqual(doc);
  });
});
