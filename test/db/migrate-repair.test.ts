/** Failed migrations where DDL is not transactional (MariaDB): recorded, never re-run, repaired; sqlite and postgres keep rolling back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemError } from '../../src/core/errors';
import { Migrator } from '../../src/db/migrations/migrator';
import { makeTestDatabase, type TestDatabase } from './engines';

const base = '-- up\nCREATE TABLE events (kind VARCHAR(20) NOT NULL);\n-- down\nDROP TABLE events;\n';
/** Inserts a row, creates a table (on MySQL that commits the insert), then fails: a rerun would insert the row again. */
const half =
  "-- up\nINSERT INTO events (kind) VALUES ('half');\nCREATE TABLE IF NOT EXISTS half_extra (id INTEGER);\nINSERT INTO missing_table VALUES (1);\n-- down\nDROP TABLE half_extra;\n";
const fixed =
  "-- up\nINSERT INTO events (kind) VALUES ('half');\nCREATE TABLE IF NOT EXISTS half_extra (id INTEGER);\n-- down\nDROP TABLE half_extra;\n";
const next = '-- up\nCREATE TABLE next_a (id INTEGER);\n-- down\nDROP TABLE next_a;\n';

async function failure(promise: Promise<unknown>): Promise<SystemError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SystemError);
  return error as SystemError;
}

async function count(t: TestDatabase, kind: string): Promise<number> {
  return Number((await t.db.query<{ n: number }>('SELECT COUNT(*) AS n FROM events WHERE kind = ?', [kind]))[0].n);
}

describe('a failed migration on MariaDB (DDL is not transactional)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await makeTestDatabase('mysql');
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('is recorded as failed, refused on every later up() and down() without running again, and runs again after repair', async () => {
    const files: Record<string, string> = { '001_base.sql': base, '002_half.sql': half, '003_next.sql': next };
    const migrator = new Migrator(t.db, { migrations: () => files });

    const first = await failure(migrator.up());
    expect(first.code).toBe('MIGRATION_FAILED');
    expect(first.message).toMatch(
      /^Migration 002_half failed at statement 3 \(line 4\): .*missing_table.*; statements 1-2 of it stay applied/,
    );
    expect(first.message).toMatch(/bring the database back by hand to how it was before 002_half, then run `fw migrate repair`/);

    for (const attempt of [() => migrator.up(), () => migrator.up(), () => migrator.down()]) {
      const refused = await failure(attempt());
      expect(refused.code).toBe('MIGRATION_NEEDS_REPAIR');
      expect(refused.status).toBe(500);
      expect(refused.message).toMatch(
        /^Migration 002_half failed \(its run started at \d{4}-.*\), so it may be partly applied; it is recorded as "failed" in fw_migrations/,
      );
      expect(refused.message).toMatch(/`fw migrate repair`/);
      expect(refused.details).toMatchObject({ engine: 'mysql', migration: '002_half', state: 'failed', table: 'fw_migrations' });
    }
    expect(await count(t, 'half')).toBe(1);
    const status = await migrator.status();
    expect(status.map((s) => [s.name, s.applied, s.state])).toEqual([
      ['001_base', true, undefined],
      ['002_half', false, 'failed'],
      ['003_next', false, undefined],
    ]);
    expect(Number.isNaN(Date.parse(status[1].startedAt!))).toBe(false);

    await t.db.execute("DELETE FROM events WHERE kind = 'half'");
    await t.db.execute('DROP TABLE half_extra');
    files['002_half.sql'] = fixed;
    expect(await migrator.repair()).toEqual({ removed: ['002_half'] });
    expect(await migrator.repair()).toEqual({ removed: [] });
    expect(await migrator.up()).toEqual({ applied: ['002_half', '003_next'], skipped: 1 });
    expect(await count(t, 'half')).toBe(1);
    expect((await migrator.status()).every((s) => s.applied && s.state === undefined)).toBe(true);
  });

  it('records a failed rollback the same way: refused until repaired, then applied again', async () => {
    const files: Record<string, string> = {
      '001_revert.sql':
        '-- up\nCREATE TABLE rb_a (id INTEGER);\nCREATE TABLE rb_b (id INTEGER);\n-- down\nDROP TABLE rb_a;\nDROP TABLE rb_missing;\nDROP TABLE rb_b;\n',
    };
    const migrator = new Migrator(t.db, { migrations: () => files, table: 'revert_history' });
    expect(await migrator.up()).toEqual({ applied: ['001_revert'], skipped: 0 });

    const failed = await failure(migrator.down());
    expect(failed.code).toBe('MIGRATION_FAILED');
    expect(failed.message).toMatch(/failed at statement 2 \(line 6\).*statement 1 of its down part stays applied/);
    expect((await failure(migrator.up())).code).toBe('MIGRATION_NEEDS_REPAIR');
    expect((await failure(migrator.down())).code).toBe('MIGRATION_NEEDS_REPAIR');
    expect((await migrator.status())[0]).toMatchObject({ name: '001_revert', applied: false, state: 'failed' });

    await t.db.execute('DROP TABLE rb_b');
    expect(await migrator.repair()).toEqual({ removed: ['001_revert'] });
    expect(await migrator.up()).toEqual({ applied: ['001_revert'], skipped: 0 });
    expect(await t.db.query('SELECT COUNT(*) AS n FROM rb_a')).toEqual([{ n: 0 }]);
  });

  it('records a failed seed the same way: not loaded twice, repaired by name', async () => {
    const migrator = new Migrator(t.db, { migrations: {}, table: 'seed_history' });
    const seed =
      "INSERT INTO events (kind) VALUES ('seed');\nCREATE TABLE IF NOT EXISTS seed_extra (id INTEGER);\nINSERT INTO nowhere VALUES (1);";
    expect((await failure(migrator.seed('seed.sql', seed))).code).toBe('MIGRATION_FAILED');
    const refused = await failure(migrator.seed('seed.sql', seed));
    expect(refused.code).toBe('MIGRATION_NEEDS_REPAIR');
    expect(refused.message).toMatch(/^Migration seed seed.sql failed/);
    expect(await count(t, 'seed')).toBe(1);
    await t.db.execute("DELETE FROM events WHERE kind = 'seed'");
    expect(await migrator.repair()).toEqual({ removed: ['seed seed.sql'] });
    expect(await migrator.seed('seed.sql', seed.replace('INSERT INTO nowhere VALUES (1);', ''))).toBe(true);
    expect(await count(t, 'seed')).toBe(1);
  });
});

for (const type of ['postgres', 'sqlite'] as const) {
  describe(`a failed migration on ${type} (DDL is transactional)`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await makeTestDatabase(type);
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    it('leaves nothing, no history entry, and runs again on the next up() without a repair', async () => {
      const files: Record<string, string> = { '001_base.sql': base, '002_half.sql': half };
      const migrator = new Migrator(t.db, { migrations: () => files });
      for (let i = 0; i < 2; i++) {
        const error = await failure(migrator.up());
        expect(error.code).toBe('MIGRATION_FAILED');
        expect(error.message).toMatch(/^Migration 002_half failed at statement 3 \(line 4\).*; nothing of it was applied$/);
      }
      expect(await count(t, 'half')).toBe(0);
      expect((await migrator.status()).map((s) => [s.name, s.applied, s.state])).toEqual([
        ['001_base', true, undefined],
        ['002_half', false, undefined],
      ]);
      expect(await migrator.repair()).toEqual({ removed: [] });
      files['002_half.sql'] = fixed;
      expect(await migrator.up()).toEqual({ applied: ['002_half'], skipped: 1 });
      expect(await count(t, 'half')).toBe(1);
    });
  });
}
