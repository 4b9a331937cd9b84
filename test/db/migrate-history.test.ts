/** History tables made before the `state` column existed keep working: the column is added and their rows count as applied. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from '../../src/db/migrations/migrator';
import { makeTestDatabase, type TestDatabase } from './engines';

const migrations = {
  '001_old.sql': '-- up\nCREATE TABLE old_one (id INTEGER);\n',
  '002_new.sql': '-- up\nCREATE TABLE new_one (id INTEGER);\n',
};

for (const type of ['sqlite', 'postgres', 'mysql'] as const) {
  describe(`an fw_migrations table of an earlier version on ${type}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await makeTestDatabase(type);
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    // Two sqlite connections in one process would block each other (the driver waits synchronously), so sqlite upgrades with one.
    const instances = type === 'sqlite' ? 1 : 2;

    it(`gains the state column once (${instances} instance(s) upgrading it at once) and keeps its rows as applied`, async () => {
      await t.db.execute('CREATE TABLE fw_migrations (name VARCHAR(255) NOT NULL PRIMARY KEY, applied_at VARCHAR(32) NOT NULL)');
      await t.db.execute("INSERT INTO fw_migrations (name, applied_at) VALUES ('001_old', '2024-01-02T03:04:05.000Z')");
      await t.db.execute('CREATE TABLE old_one (id INTEGER)');
      const results = await Promise.all(Array.from({ length: instances }, () => new Migrator(t.open(), { migrations }).up()));
      expect(results.flatMap((r) => r.applied)).toEqual(['002_new']);
      expect(await t.db.query('SELECT name, state FROM fw_migrations ORDER BY name')).toEqual([
        { name: '001_old', state: 'applied' },
        { name: '002_new', state: 'applied' },
      ]);
      expect(await new Migrator(t.db, { migrations }).status()).toEqual([
        { name: '001_old', applied: true, appliedAt: '2024-01-02T03:04:05.000Z' },
        { name: '002_new', applied: true, appliedAt: expect.any(String) },
      ]);
    });
  });
}
