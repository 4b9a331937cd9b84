import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Database, Fw, createDatabase } from 'fw';
import { nodeServices } from 'fw/node';
import { SystemError } from '../../src/core/errors';
import { detectDatabaseType } from '../../src/db/detect';
import { loadDriver } from '../../src/db/driver';
import type { DatabaseConfig } from '../../src/db/types';

const migrationsDir = fileURLToPath(new URL('../fixtures/db/migrations', import.meta.url));
const seedFile = fileURLToPath(new URL('../fixtures/db/seed.sql', import.meta.url));

/** The app of these tests; `logged` receives each unhandled error (the app's `logErrors` function). */
function usersApp(database: DatabaseConfig, logged: unknown[] = []): Fw {
  const app = new Fw({ database, logErrors: (error) => logged.push(error) });
  app.get('/users', (ctx) => ctx.app.db.query('SELECT id, email, name FROM users ORDER BY id'));
  app.post('/users', async (ctx) => {
    const body = await ctx.parseBody<{ id: number; email: string }>();
    return ctx.app.db.execute('INSERT INTO users (id, email) VALUES (?, ?)', [body.id, body.email]);
  });
  return app;
}

describe('app.db', () => {
  it('is created on first access and connects on first query, running migrations from migrationsDir and the seed once', async () => {
    const app = usersApp({ url: ':memory:', migrationsDir, autoMigrate: true, seedFile, autoSeed: true });
    expect(app.db.connected).toBe(false);
    expect(app.db).toBe(app.db);
    expect(app.db.type).toBe('sqlite');
    const res = await app.request('/users');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: 1, email: 'ada@example.com', name: 'Ada' },
      { id: 2, email: 'alan@example.com', name: 'Alan' },
    ]);
    expect((await (await app.db.migrator()).status()).every((s) => s.applied)).toBe(true);
    expect(await app.db.seed()).toBe(false);
    await app.stop();
    expect(app.db.connected).toBe(false);
  });

  it('answers a driver error as a 500 with an errorId, the engine code staying in the logged SystemError', async () => {
    const logged: SystemError[] = [];
    const app = usersApp(
      {
        url: ':memory:',
        migrations: { '001_users.sql': 'CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT);' },
        autoMigrate: true,
      },
      logged,
    );
    const post = (id: number) => app.request('/users', { method: 'POST', body: JSON.stringify({ id, email: 'same@example.com' }) });
    expect(await (await post(1)).json()).toEqual({ changes: 1, lastInsertId: 1 });
    const dup = await post(2);
    expect(dup.status).toBe(500);
    const body = (await dup.json()) as { code: string; errorId: string };
    expect(body).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: logged[0].errorId });
    expect(logged[0].code).toBe('DB_ERROR');
    expect(logged[0].details).toEqual({ engine: 'sqlite', code: 'SQLITE_CONSTRAINT_UNIQUE' });
    await app.stop();
  });

  it('answers every request with a 500 while a migration fails, logging the migration error, and never crashes', async () => {
    const logged: SystemError[] = [];
    const app = usersApp(
      {
        url: ':memory:',
        migrations: { '001_bad.sql': 'CREATE TABLE users (id INTEGER);\nCREATE TABLEX oops;' },
        autoMigrate: true,
      },
      logged,
    );
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/users');
      expect(res.status).toBe(500);
      const body = (await res.json()) as { code: string; errorId: string };
      expect(body).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: logged[i].errorId });
      expect(logged[i].code).toBe('MIGRATION_FAILED');
      expect(logged[i].details).toMatchObject({ migration: '001_bad', statement: 2 });
    }
    await app.stop();
  });

  it('takes a Database made with createDatabase as the config', async () => {
    const db = createDatabase({ url: ':memory:' });
    const app = new Fw({ database: db });
    expect(app.db).toBe(db);
    app.get('/one', (ctx) => ctx.app.db.query('SELECT 1 AS one'));
    expect(await (await app.request('/one')).json()).toEqual([{ one: 1 }]);
    await app.stop();
  });

  it('explains a missing config, an unknown engine and an unusable url', () => {
    expect(() => new Fw().db).toThrow(/app.db needs `database` in the Fw config/);
    expect(() => new Database({ type: 'oracle' as never, url: 'x' })).toThrow(/Unknown database type "oracle"/);
    expect(() => new Database({ url: 'ftp://nowhere' })).toThrow(/Cannot tell the database engine/);
    expect(() => new Database({ url: 'd1:not a name' })).toThrow(/does not name a D1 binding/);
    expect(() => new Database({ type: 'postgres' })).toThrow(/needs a url/);
    expect(() => new Database(null as never)).toThrow(/must be an object/);
  });

  it('detects the engine from the url', () => {
    const cases: [string, string][] = [
      ['file:./data.db', 'sqlite'],
      ['./data.db', 'sqlite'],
      ['app.sqlite3', 'sqlite'],
      [':memory:', 'sqlite'],
      ['sqlite:x', 'sqlite'],
      ['postgres://u@h/db', 'postgres'],
      ['postgresql://u@h/db', 'postgres'],
      ['mysql://root@h/db', 'mysql'],
      ['mariadb://root@h/db', 'mysql'],
      ['d1:DB', 'd1'],
    ];
    for (const [url, type] of cases) expect(detectDatabaseType(url)).toBe(type);
  });

  it('uses a driver module the app imported itself, and names a driver package that cannot be loaded', async () => {
    const wasm = await import('node-sqlite3-wasm');
    const db = new Database({ url: ':memory:', driver: wasm });
    expect(await db.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    expect(db.raw).toBeInstanceOf(wasm.Database);
    await db.close();
    const missing = (await loadDriver({ platform: nodeServices }, 'fw-no-such-driver-package', 'postgres').catch(
      (e: unknown) => e,
    )) as SystemError;
    expect(missing).toBeInstanceOf(SystemError);
    expect(missing.code).toBe('DB_DRIVER_MISSING');
    expect(missing.message).toMatch(/needs the "fw-no-such-driver-package" package.*npm install fw-no-such-driver-package/);
  });

  it('fails with a clear error when a d1 url has no binding', async () => {
    const db = new Database({ url: 'd1:DB' });
    const error = (await db.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error).toBeInstanceOf(SystemError);
    expect(error.message).toMatch(/no D1 binding named "DB"/);
  });
});
