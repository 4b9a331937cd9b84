import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Migrator } from '../../src/db/migrations/migrator';
import { migrationsFromDir } from '../../targets/node/db-migrations-fs';
import { makeTestDatabase, type TestDatabase } from './engines';

const fixtures = fileURLToPath(new URL('../fixtures/db/migrations', import.meta.url));

for (const type of ['sqlite', 'postgres', 'mysql'] as const) {
  describe(`Migrator on ${type}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await makeTestDatabase(type);
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it('applies pending migrations in order, then skips them', async () => {
      const migrator = new Migrator(t.db, { migrations: migrationsFromDir(fixtures) });
      expect(await migrator.up()).toEqual({ applied: ['001_create_users', '002_add_user_name', '003_create_posts'], skipped: 0 });
      expect(await migrator.up()).toEqual({ applied: [], skipped: 3 });
      await t.db.execute('INSERT INTO users (id, email, name) VALUES (?, ?, ?)', [1, 'a@b.c', 'A']);
      expect(await t.db.query('SELECT title FROM posts')).toEqual([{ title: 'Hello; world' }]);
      const status = await migrator.status();
      expect(status.map((s) => [s.name, s.applied])).toEqual([
        ['001_create_users', true],
        ['002_add_user_name', true],
        ['003_create_posts', true],
      ]);
      expect(Number.isNaN(Date.parse(status[0].appliedAt!))).toBe(false);
    });

    it('rolls back the latest migration, one at a time, and reports null when none is left', async () => {
      const migrator = new Migrator(t.db, { migrations: migrationsFromDir(fixtures) });
      expect(await migrator.down()).toEqual({ name: '003_create_posts', rolledBack: true });
      await expect(t.db.query('SELECT * FROM posts')).rejects.toBeInstanceOf(SystemError);
      expect((await migrator.status()).map((s) => s.applied)).toEqual([true, true, false]);
      expect(await migrator.down()).toEqual({ name: '002_add_user_name', rolledBack: true });
      await expect(t.db.query('SELECT name FROM users')).rejects.toBeInstanceOf(SystemError);
      expect(await migrator.down()).toEqual({ name: '001_create_users', rolledBack: true });
      expect(await migrator.down()).toBeNull();
      expect(await migrator.up()).toEqual({ applied: ['001_create_users', '002_add_user_name', '003_create_posts'], skipped: 0 });
    });

    it('names the file, statement and line of a failing migration, and keeps nothing of it', async () => {
      const migrations = {
        '001_ok.sql': '-- up\nCREATE TABLE ok_one (id INTEGER);\n-- down\nDROP TABLE ok_one;\n',
        '002_broken.sql':
          '-- up\nCREATE TABLE half_done (id INTEGER);\nINSERT INTO half_done (id) VALUES (1);\nINSERT INTO missing_table VALUES (1);\n-- down\nDROP TABLE half_done;\n',
      };
      const migrator = new Migrator(t.db, { migrations, table: 'broken_migrations' });
      const error = (await migrator.up().catch((e: unknown) => e)) as SystemError;
      expect(error).toBeInstanceOf(SystemError);
      expect(error.code).toBe('MIGRATION_FAILED');
      expect(error.message).toMatch(/Migration 002_broken failed at statement 3 \(line 4\)/);
      expect(error.details).toMatchObject({
        engine: type,
        migration: '002_broken',
        statement: 3,
        line: 4,
        sql: 'INSERT INTO missing_table VALUES (1)',
      });
      expect((await migrator.status()).map((s) => [s.name, s.applied])).toEqual([
        ['001_ok', true],
        ['002_broken', false],
      ]);
      if (type === 'mysql') {
        expect(error.message).toMatch(
          /statements 1-2 of it stay applied \(MySQL commits each statement as it runs\); it is recorded as failed in broken_migrations/,
        );
        expect((await migrator.status())[1]).toMatchObject({ name: '002_broken', applied: false, state: 'failed' });
        await t.db.execute('DROP TABLE half_done');
        expect(await migrator.repair()).toEqual({ removed: ['002_broken'] });
      } else {
        await expect(t.db.query('SELECT * FROM half_done')).rejects.toThrow(/half_done/);
      }
    });

    it('runs a seed once', async () => {
      const migrator = new Migrator(t.db, { migrations: migrationsFromDir(fixtures) });
      const seed =
        "INSERT INTO users (id, email) VALUES (100, 'seed@example.com');\nINSERT INTO users (id, email) VALUES (101, 'seed2@example.com');";
      expect(await migrator.seed('seed.sql', seed)).toBe(true);
      expect(await migrator.seed('seed.sql', seed)).toBe(false);
      expect(await t.db.query('SELECT id FROM users WHERE id >= ? ORDER BY id', [100])).toEqual([{ id: 100 }, { id: 101 }]);
    });
  });
}

describe('Migrator input checks', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await makeTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('rejects badly named files, clashing numbers and a missing down part', async () => {
    await expect(new Migrator(t.db, { migrations: { 'init.sql': 'SELECT 1;' } }).up()).rejects.toThrow(/must be named NNN_<name>.sql/);
    await expect(new Migrator(t.db, { migrations: { '001_a.sql': 'SELECT 1;', '1_b.sql': 'SELECT 1;' } }).up()).rejects.toThrow(
      /share the number 1/,
    );
    const noDown = new Migrator(t.db, {
      migrations: { '001_only_up.sql': 'CREATE TABLE only_up (id INTEGER);' },
      table: 'nodown_migrations',
    });
    expect(await noDown.up()).toEqual({ applied: ['001_only_up'], skipped: 0 });
    await expect(noDown.down()).rejects.toThrow(/has no "-- down" part/);
    expect(() => new Migrator(t.db, { migrations: {}, table: 'x; DROP TABLE y' })).toThrow(/plain identifier/);
    expect(() => new Migrator(t.db, {} as never)).toThrow(/needs `migrations`/);
    await expect(new Migrator(t.db, { migrations: migrationsFromDir('/no/such/folder') }).up()).rejects.toThrow(
      /Cannot read the migrations folder \/no\/such\/folder/,
    );
  });

  it('refuses to roll back a migration whose file is gone', async () => {
    const migrator = new Migrator(t.db, {
      migrations: { '001_gone.sql': 'CREATE TABLE gone (id INTEGER);\n-- down\nDROP TABLE gone;' },
      table: 'gone_migrations',
    });
    await migrator.up();
    const without = new Migrator(t.db, { migrations: {}, table: 'gone_migrations' });
    await expect(without.down()).rejects.toThrow(/its file is not among the migrations/);
    expect(await without.status()).toEqual([{ name: '001_gone', applied: true, appliedAt: expect.any(String) }]);
  });
});
