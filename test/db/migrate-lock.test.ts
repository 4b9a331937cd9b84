/** The migration lock on PostgreSQL and MariaDB: waits for the instance that holds it, within a configurable limit, per database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Database } from 'fw';
import { Migrator } from '../../src/db/migrations/migrator';
import { makeTestDatabase, type TestDatabase } from './engines';
import { uniqueName } from './services';

const sleep = { postgres: (s: number) => `pg_sleep(${s})`, mysql: (s: number) => `SLEEP(${s})` };
/** Counts running statements that carry `tag`, other than the asking one. */
const running = {
  postgres: "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE ? AND pid <> pg_backend_pid()",
  mysql: 'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()',
};

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const type of ['postgres', 'mysql'] as const) {
  describe(`the migration lock on ${type}`, () => {
    let t: TestDatabase;
    let other: TestDatabase;
    beforeAll(async () => {
      [t, other] = await Promise.all([makeTestDatabase(type), makeTestDatabase(type)]);
    });
    afterAll(async () => {
      await t?.cleanup();
      await other?.cleanup();
    });

    it('makes a waiter past its lockTimeout fail with a clear 503, and a waiter with the default limit succeed once the holder finishes', async () => {
      const tag = uniqueName('holder');
      const migrations = {
        '001_hold.sql': `-- up\nSELECT ${sleep[type](2)} AS slept, '${tag}' AS tag;\nCREATE TABLE held (id INTEGER);\n`,
      };
      const finished: string[] = [];
      const holder = new Migrator(t.open(), { migrations }).up().then((r) => {
        finished.push('holder');
        return r;
      });
      await until(async () => Number((await t.db.query<{ n: number }>(running[type], [`%${tag}%`]))[0].n) > 0);

      const started = Date.now();
      const impatient = (await new Migrator(t.open(), { migrations, lockTimeout: 300 }).up().catch((e: unknown) => e)) as SystemError;
      const waited = Date.now() - started;
      expect(impatient).toBeInstanceOf(SystemError);
      expect(impatient.code).toBe('MIGRATION_LOCK_TIMEOUT');
      expect(impatient.status).toBe(503);
      expect(impatient.retryable).toBe(true);
      expect(impatient.message).toBe(
        'Waited 300 ms for the migration lock of fw_migrations: another instance is still migrating this database. Raise `migrationLockTimeout` (Migrator `lockTimeout`, default 600000 ms) if its migrations take longer',
      );
      expect(waited).toBeGreaterThanOrEqual(280);
      expect(finished).toEqual([]);

      const patient = new Migrator(t.open(), { migrations }).up().then((r) => {
        finished.push('patient');
        return r;
      });
      const elsewhere = await new Migrator(other.db, {
        migrations: { '001_free.sql': 'CREATE TABLE free_one (id INTEGER);' },
        lockTimeout: 300,
      }).up();
      expect(elsewhere).toEqual({ applied: ['001_free'], skipped: 0 });
      expect(finished).toEqual([]);

      expect(await holder).toEqual({ applied: ['001_hold'], skipped: 0 });
      expect(await patient).toEqual({ applied: [], skipped: 1 });
      expect(finished).toEqual(['holder', 'patient']);
    });

    it('takes the limit from migrationLockTimeout through app.db.migrator()', async () => {
      const tag = uniqueName('holder');
      const migrations = { '001_hold.sql': `-- up\nSELECT ${sleep[type](1)} AS slept, '${tag}' AS tag;\n` };
      const holder = new Migrator(t.open(), { migrations, table: 'lock_history' }).up();
      await until(async () => Number((await t.db.query<{ n: number }>(running[type], [`%${tag}%`]))[0].n) > 0);
      const waiter = await t.open({ migrationLockTimeout: 200, migrations }).migrator({ table: 'lock_history' });
      const error = (await waiter.up().catch((e: unknown) => e)) as SystemError;
      expect(error.code).toBe('MIGRATION_LOCK_TIMEOUT');
      expect(error.message).toMatch(/^Waited 200 ms for the migration lock of lock_history/);
      expect(await holder).toEqual({ applied: ['001_hold'], skipped: 0 });
    });
  });
}

describe('lock limits given by the developer', () => {
  it('refuse anything but a positive number of ms, at construction', () => {
    const db = new Database({ url: ':memory:' });
    for (const bad of [0, -1, Number.NaN, Infinity, '1000']) {
      expect(() => new Migrator(db, { migrations: {}, lockTimeout: bad as never })).toThrow(
        /^Migrator lockTimeout must be a positive number of milliseconds \(default 600000, 10 minutes\)/,
      );
      expect(() => new Database({ url: ':memory:', migrationLockTimeout: bad as never })).toThrow(
        /^migrationLockTimeout must be a positive number of milliseconds/,
      );
    }
  });

  it('say withLock() is for engines without transactional DDL', async () => {
    const db = new Database({ url: ':memory:' });
    const error = (await db.withLock(async () => 1, { lock: 'x' }).catch((e: unknown) => e)) as SystemError;
    expect(error.code).toBe('DB_UNSUPPORTED');
    expect(error.message).toMatch(/withLock\(\) is for engines without transactional DDL \(mysql\)/);
    await db.close();
  });
});
