import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Database } from 'fw';
import { makeTestDatabase, type TestDatabase } from './engines';
import { runQuerySuite } from './query-suite';

runQuerySuite('postgres', { duplicateCode: '23505', returningId: ' RETURNING id', reportsExplicitId: true });

describe('postgres specifics', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await makeTestDatabase('postgres');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('keeps prepared statements on the connection and reuses them', async () => {
    const db = t.open({ poolSize: 1 });
    for (let i = 0; i < 20; i++) await db.query('SELECT ?::int + 1 AS n', [i]);
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1%'",
    );
    expect(row.n).toBe(1);
  });

  it('leaves ?? as the jsonb ? operator and $n placeholders as they are', async () => {
    const db = t.db;
    const [a] = await db.query<{ has: boolean }>("SELECT (?::text)::jsonb ?? 'k' AS has", ['{"k":1}']);
    expect(a.has).toBe(true);
    const [b] = await db.query<{ s: string }>('SELECT $1::text || $2::text AS s', ['a', 'b']);
    expect(b.s).toBe('ab');
    const [c] = await db.query<{ s: string }>('SELECT $$a ? b$$ || ? AS s', ['!']);
    expect(c.s).toBe('a ? b!');
  });

  it('uses the postgres module passed as driver', async () => {
    const { default: postgres } = await import('postgres');
    const db = t.open({ driver: postgres });
    expect(await db.query<{ n: number }>('SELECT ?::int AS n', [5])).toEqual([{ n: 5 }]);
  });

  it('answers 503 DB_UNAVAILABLE when the server cannot be reached', async () => {
    const db = new Database({ url: 'postgres://postgres@127.0.0.1:1/test', driverOptions: { connect_timeout: 2 } });
    const error = (await db.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error).toBeInstanceOf(SystemError);
    expect(error.status).toBe(503);
    expect(error.code).toBe('DB_UNAVAILABLE');
    expect(error.retryable).toBe(true);
    await db.close();
  });
});
