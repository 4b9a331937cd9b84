import { describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Database } from 'fw';

/** The driver Node picks by itself: node:sqlite where the runtime has it, else (here) node-sqlite3-wasm. */
async function nodeHasSqlite(): Promise<boolean> {
  const name = 'node:sqlite';
  return import(/* @vite-ignore */ name).then(
    () => true,
    () => false,
  );
}

describe('sqlite drivers on Node', () => {
  it('picks node:sqlite when the runtime has it, else node-sqlite3-wasm (better-sqlite3 is not installed here)', async () => {
    const wasm = await import('node-sqlite3-wasm');
    const db = new Database({ url: ':memory:' });
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    if (await nodeHasSqlite()) expect(db.raw).not.toBeInstanceOf(wasm.Database);
    else expect(db.raw).toBeInstanceOf(wasm.Database);
    await db.close();
  });

  it('uses the package named in config.driver, and names one that cannot be loaded', async () => {
    const wasm = await import('node-sqlite3-wasm');
    const db = new Database({ url: ':memory:', driver: 'node-sqlite3-wasm' });
    expect(await db.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    expect(db.raw).toBeInstanceOf(wasm.Database);
    await db.close();
    const missing = new Database({ url: ':memory:', driver: 'fw-no-such-sqlite-driver' });
    const error = (await missing.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error).toBeInstanceOf(SystemError);
    expect(error.code).toBe('DB_DRIVER_MISSING');
  });

  it('reports SQLITE_* codes from node-sqlite3-wasm and reuses a statement after it failed', async () => {
    const db = new Database({ url: ':memory:', driver: 'node-sqlite3-wasm' });
    await db.execute('CREATE TABLE p (id INTEGER PRIMARY KEY)');
    await db.execute('CREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER NOT NULL REFERENCES p (id))');
    const insert = 'INSERT INTO c (p) VALUES (?)';
    const codeOf = async (params: (number | null)[]) =>
      ((await db.execute(insert, params).catch((e: unknown) => e)) as SystemError).details;
    expect(await codeOf([null])).toMatchObject({ engine: 'sqlite', code: 'SQLITE_CONSTRAINT_NOTNULL' });
    expect(await codeOf([7])).toMatchObject({ engine: 'sqlite', code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    await db.execute('INSERT INTO p (id) VALUES (7)');
    expect(await db.execute(insert, [7])).toEqual({ changes: 1, lastInsertId: 1 });
    const syntax = (await db.query('SELEC 1').catch((e: unknown) => e)) as SystemError;
    expect(syntax.details).toMatchObject({ code: 'SQLITE_ERROR' });
    await db.close();
  });

  it('frees the statements its cache drops (node-sqlite3-wasm statements are finalized by hand)', async () => {
    const db = new Database({ url: ':memory:', driver: 'node-sqlite3-wasm', statementCacheSize: 2 });
    for (let i = 0; i < 50; i++) expect(await db.query(`SELECT ${i} AS n`)).toEqual([{ n: i }]);
    await db.close();
  });
});
