/** The query API every engine must honour: registered once per engine by sqlite/postgres/mysql tests. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import type { Database } from '../../src/db/database';
import { makeTestDatabase, type TestDatabase } from './engines';

/** What differs between engines in the tests: the engine's code for a duplicate key, and how an insert reports its id. */
export interface EngineTraits {
  duplicateCode: string;
  returningId: string;
  /** Whether an insert with an explicit id reports it (MySQL reports only AUTO_INCREMENT ids). */
  reportsExplicitId: boolean;
}

/** Registers the shared query, transaction, batch and error tests for one engine. */
export function runQuerySuite(type: 'sqlite' | 'postgres' | 'mysql', traits: EngineTraits): void {
  describe(`Database query API: ${type}`, () => {
    let t: TestDatabase;
    let db: Database;

    beforeAll(async () => {
      t = await makeTestDatabase(type);
      db = t.db;
      await db.execute(
        'CREATE TABLE items (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(100) NOT NULL, qty INTEGER NOT NULL DEFAULT 0, note VARCHAR(100))',
      );
      await db.execute('CREATE TABLE counter (id INTEGER NOT NULL PRIMARY KEY, n INTEGER NOT NULL)');
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it('connects lazily and reports its type and url', async () => {
      const fresh = t.open();
      expect(fresh.connected).toBe(false);
      expect(fresh.raw).toBeNull();
      expect(fresh.type).toBe(type);
      await fresh.query('SELECT 1 AS one');
      expect(fresh.connected).toBe(true);
      expect(fresh.raw).not.toBeNull();
    });

    it('inserts with ? placeholders and reports changes and the new id', async () => {
      const r = await db.execute(`INSERT INTO items (id, name, qty) VALUES (?, ?, ?)${traits.returningId}`, [1, 'apple', 3]);
      expect(r.changes).toBe(1);
      expect(r.lastInsertId === null ? null : Number(r.lastInsertId)).toBe(traits.reportsExplicitId ? 1 : null);
      await db.execute('INSERT INTO items (id, name, qty, note) VALUES (?, ?, ?, ?)', [2, 'pear', 5, null]);
      const up = await db.execute('UPDATE items SET qty = qty + ? WHERE qty > ?', [1, 0]);
      expect(up).toEqual({ changes: 2, lastInsertId: null });
    });

    it('returns rows with numbers as numbers, and treats ? inside literals as text', async () => {
      const rows = await db.query<{ id: number; name: string; qty: number; mark: string }>(
        "SELECT id, name, qty, '?' AS mark FROM items WHERE qty >= ? ORDER BY id",
        [4],
      );
      expect(rows).toEqual([
        { id: 1, name: 'apple', qty: 4, mark: '?' },
        { id: 2, name: 'pear', qty: 6, mark: '?' },
      ]);
      const [count] = await db.query<{ c: number }>('SELECT COUNT(*) AS c FROM items');
      expect(Number(count.c)).toBe(2);
      expect(await db.query('SELECT * FROM items WHERE id = ?', [999])).toEqual([]);
    });

    it('answers the same statement with many parameter sets (prepared statements are reused)', async () => {
      for (let i = 0; i < 50; i++) {
        const [row] = await db.query<{ name: string }>('SELECT name FROM items WHERE id = ?', [1 + (i % 2)]);
        expect(row.name).toBe(i % 2 === 0 ? 'apple' : 'pear');
      }
    });

    it('binds booleans, Dates and undefined', async () => {
      await db.execute('INSERT INTO items (id, name, qty, note) VALUES (?, ?, ?, ?)', [3, 'flag', 0, undefined]);
      const [row] = await db.query<{ qty: number; note: null }>('SELECT qty, note FROM items WHERE id = ?', [3]);
      expect(row).toEqual({ qty: 0, note: null });
      const positive = await db.query<{ id: number }>('SELECT id FROM items WHERE (qty > 0) = ? ORDER BY id', [true]);
      expect(positive.map((r) => r.id)).toEqual([1, 2]);
      const when = new Date('2026-01-02T03:04:05.000Z');
      await db.execute('UPDATE items SET note = ? WHERE id = ?', [type === 'sqlite' ? when : when.toISOString(), 3]);
      const [noted] = await db.query<{ note: string }>('SELECT note FROM items WHERE id = ?', [3]);
      expect(noted.note).toBe('2026-01-02T03:04:05.000Z');
      await db.execute('DELETE FROM items WHERE id = ?', [3]);
    });

    it('commits a transaction that resolves', async () => {
      const result = await db.transaction(async (tx) => {
        await tx.execute('INSERT INTO items (id, name) VALUES (?, ?)', [10, 'in-tx']);
        return (await tx.query('SELECT name FROM items WHERE id = ?', [10]))[0];
      });
      expect(result).toEqual({ name: 'in-tx' });
      expect(await db.query('SELECT id FROM items WHERE id = ?', [10])).toHaveLength(1);
    });

    it('rolls back a transaction that throws, rethrowing the same error', async () => {
      const boom = new Error('handler failed');
      let handle: { execute(sql: string): Promise<unknown> } | null = null;
      await expect(
        db.transaction(async (tx) => {
          handle = tx;
          await tx.execute('INSERT INTO items (id, name) VALUES (?, ?)', [11, 'rolled-back']);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect(await db.query('SELECT id FROM items WHERE id = ?', [11])).toEqual([]);
      await expect(handle!.execute('SELECT 1')).rejects.toThrow(/transaction has already finished/);
    });

    it('rolls back when a statement inside the transaction fails', async () => {
      const error = await db
        .transaction(async (tx) => {
          await tx.execute('INSERT INTO items (id, name) VALUES (?, ?)', [12, 'first']);
          await tx.execute('INSERT INTO items (id, name) VALUES (?, ?)', [12, 'duplicate']);
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SystemError);
      expect(await db.query('SELECT id FROM items WHERE id = ?', [12])).toEqual([]);
    });

    it('runs a batch atomically', async () => {
      const results = await db.batch([
        { sql: 'INSERT INTO items (id, name) VALUES (?, ?)', params: [20, 'b1'] },
        { sql: 'UPDATE items SET qty = ? WHERE id = ?', params: [7, 20] },
      ]);
      expect(results.map((r) => r.changes)).toEqual([1, 1]);
      await expect(
        db.batch([
          { sql: 'INSERT INTO items (id, name) VALUES (?, ?)', params: [21, 'b2'] },
          { sql: 'INSERT INTO items (id, name) VALUES (?, ?)', params: [20, 'dup'] },
        ]),
      ).rejects.toBeInstanceOf(SystemError);
      expect(await db.query('SELECT id FROM items WHERE id = ?', [21])).toEqual([]);
    });

    it("turns driver errors into SystemError with the engine's code", async () => {
      const dup = (await db.execute('INSERT INTO items (id, name) VALUES (?, ?)', [1, 'again']).catch((e: unknown) => e)) as SystemError;
      expect(dup).toBeInstanceOf(SystemError);
      expect(dup.status).toBe(500);
      expect(dup.code).toBe('DB_ERROR');
      expect(dup.details).toMatchObject({ engine: type, code: expect.stringContaining(traits.duplicateCode) });
      const syntax = (await db.query('SELEKT nothing').catch((e: unknown) => e)) as SystemError;
      expect(syntax).toBeInstanceOf(SystemError);
      expect((syntax.details as { code: string }).code).toBeTruthy();
      const missing = (await db.query('SELECT * FROM no_such_table').catch((e: unknown) => e)) as SystemError;
      expect(missing.message).toMatch(/no_such_table/);
    });

    it('rejects bad input with clear errors, before reaching the driver', async () => {
      await expect(db.query('')).rejects.toThrow(/needs SQL text/);
      await expect(db.query(42 as unknown as string)).rejects.toThrow(/needs SQL text/);
      await expect(db.query('SELECT ?', 'x' as unknown as [])).rejects.toThrow(/must be an array/);
      await expect(db.query('SELECT ?', [new Set([1]) as never])).rejects.toThrow(/parameter 1 is a Set: bind a plain object or array/);
      await expect(db.query('SELECT ?', [new Date('nope')])).rejects.toThrow(/invalid Date/);
      await expect(db.transaction('nope' as never)).rejects.toThrow(/needs a function/);
      await expect(db.batch('nope' as never)).rejects.toThrow(/list of/);
    });

    it('leaks no connection when queries and transactions fail (pool of one)', async () => {
      const single = t.open({ poolSize: 1 });
      for (let i = 0; i < 5; i++) {
        await expect(single.query('SELECT * FROM no_such_table')).rejects.toBeInstanceOf(SystemError);
        await expect(
          single.transaction(async (tx) => {
            await tx.query('SELECT * FROM no_such_table');
          }),
        ).rejects.toBeInstanceOf(SystemError);
        await expect(
          single.transaction(async () => {
            throw new Error('user error');
          }),
        ).rejects.toThrow('user error');
      }
      expect(await single.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await single.close();
      expect(single.connected).toBe(false);
      expect(await single.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });
  });
}
