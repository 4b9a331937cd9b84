import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Database } from 'fw';
import { makeTestDatabase, type TestDatabase } from './engines';
import { runQuerySuite } from './query-suite';

runQuerySuite('mysql', { duplicateCode: 'ER_DUP_ENTRY', returningId: '', reportsExplicitId: false });

describe('mysql (MariaDB) specifics', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await makeTestDatabase('mysql');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('prepares a statement once per connection and reuses it', async () => {
    const db = t.open({ poolSize: 1 });
    const prepares = async () => Number((await db.query<{ Value: string }>("SHOW SESSION STATUS LIKE 'Com_stmt_prepare'"))[0].Value);
    await db.query('SELECT ? + 1 AS n', [0]);
    const before = await prepares();
    for (let i = 0; i < 20; i++) await db.query('SELECT ? + 1 AS n', [i]);
    expect(await prepares()).toBe(before);
  });

  it('returns the AUTO_INCREMENT id of an insert', async () => {
    const db = t.db;
    await db.execute('CREATE TABLE auto_ids (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10))');
    expect(await db.execute('INSERT INTO auto_ids (v) VALUES (?)', ['a'])).toEqual({ changes: 1, lastInsertId: 1 });
    expect(await db.execute('INSERT INTO auto_ids (v) VALUES (?)', ['b'])).toEqual({ changes: 1, lastInsertId: 2 });
  });

  it('uses the mysql2/promise module passed as driver', async () => {
    const mysql2 = await import('mysql2/promise');
    const db = t.open({ driver: mysql2 });
    expect(await db.query('SELECT 5 AS n')).toEqual([{ n: 5 }]);
  });

  it('answers 503 DB_UNAVAILABLE when the server cannot be reached', async () => {
    const db = new Database({ url: 'mysql://root@127.0.0.1:1/test' });
    const error = (await db.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error).toBeInstanceOf(SystemError);
    expect(error.status).toBe(503);
    expect(error.code).toBe('DB_UNAVAILABLE');
    await db.close();
  });
});
