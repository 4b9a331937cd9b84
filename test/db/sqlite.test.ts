import { describe, expect, it } from 'vitest';
import { Database } from 'fw';
import { SystemError } from '../../src/core/errors';
import { runQuerySuite } from './query-suite';

runQuerySuite('sqlite', { duplicateCode: 'SQLITE_CONSTRAINT', returningId: '', reportsExplicitId: true });

describe('sqlite specifics', () => {
  it('serializes concurrent transactions on its one connection', async () => {
    const db = new Database({ url: ':memory:' });
    await db.execute('CREATE TABLE c (n INTEGER NOT NULL)');
    await db.execute('INSERT INTO c (n) VALUES (0)');
    const bump = () =>
      db.transaction(async (tx) => {
        const [{ n }] = await tx.query<{ n: number }>('SELECT n FROM c');
        await new Promise((r) => setTimeout(r, 5));
        await tx.execute('UPDATE c SET n = ?', [n + 1]);
      });
    await Promise.all([bump(), bump(), bump(), db.execute('UPDATE c SET n = n + 10')]);
    expect(await db.query('SELECT n FROM c')).toEqual([{ n: 13 }]);
    await db.close();
  });

  it('fails a query waiting on a transaction that never ends, after the busy timeout, instead of hanging', async () => {
    const db = new Database({ url: ':memory:', busyTimeout: 200 });
    let release!: () => void;
    const held = db.transaction(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    const waiting = (await db.query('SELECT 1 AS one').catch((e: unknown) => e)) as SystemError;
    expect(waiting).toBeInstanceOf(SystemError);
    expect(waiting.code).toBe('DB_BUSY');
    expect(waiting.message).toMatch(/run queries on its tx argument/);
    release();
    await held;
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
  });

  it('returns the generated rowid of an INSERT', async () => {
    const db = new Database({ url: ':memory:' });
    await db.execute('CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, v TEXT)');
    expect(await db.execute('INSERT INTO t (v) VALUES (?)', ['a'])).toEqual({ changes: 1, lastInsertId: 1 });
    expect(await db.execute('INSERT INTO t (v) VALUES (?)', ['b'])).toEqual({ changes: 1, lastInsertId: 2 });
    await db.close();
  });

  it('reports a file it cannot open as a SystemError', async () => {
    const db = new Database({ url: 'file:/nonexistent-dir/deeper/x.db' });
    const error = (await db.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error).toBeInstanceOf(SystemError);
    expect(error.details).toMatchObject({ engine: 'sqlite' });
  });
});
