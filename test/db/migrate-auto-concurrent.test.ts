/** autoMigrate on MariaDB under load: 20 app instances take their first request at once while a migration fails half-way. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { createDatabase } from 'fw';
import { makeTestDatabase, type TestDatabase } from './engines';

const files: Record<string, string> = {
  '001_events.sql': '-- up\nCREATE TABLE events (kind VARCHAR(20) NOT NULL);\n',
  // The insert is committed by the CREATE TABLE after it (MySQL commits DDL at once), so each rerun would add a row.
  '002_backfill.sql':
    "-- up\nINSERT INTO events (kind) VALUES ('backfill');\nCREATE TABLE IF NOT EXISTS backfill_extra (id INT);\nINSERT INTO no_such_table VALUES (1);\n",
};

interface LoggedError {
  code: string;
  message: string;
  errorId: string;
  details: { migration: string };
}

describe('autoMigrate on MariaDB with a migration that fails half-way', () => {
  let t: TestDatabase;
  const apps: Fw[] = [];
  /** The errors each app logged (its `logErrors` function), by app. */
  const logs = new Map<Fw, LoggedError[]>();
  beforeAll(async () => {
    t = await makeTestDatabase('mysql');
  });
  afterAll(async () => {
    for (const app of apps) await app.stop();
    await t?.cleanup();
  });

  function instance(): Fw {
    const logged: LoggedError[] = [];
    const app = new Fw({
      database: createDatabase({ url: t.config.url, autoMigrate: true, migrations: () => files, poolSize: 2 }),
      logErrors: (error) => logged.push(error as LoggedError),
    });
    logs.set(app, logged);
    app.get('/events', async (ctx) => ctx.app.db.query("SELECT COUNT(*) AS n FROM events WHERE kind = 'backfill'"));
    apps.push(app);
    return app;
  }

  it('runs it once across 20 concurrent first requests, answers each with an error naming it, and never reruns it until repaired', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => instance().request('/events')));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ code: string; errorId: string }>));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(500));
    const errors = apps.map((app) => logs.get(app)![0]);
    expect(bodies).toEqual(errors.map((e) => ({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: e.errorId })));
    expect(errors.every((e) => e.details.migration === '002_backfill')).toBe(true);
    expect(errors.filter((e) => e.code === 'MIGRATION_FAILED')).toHaveLength(1);
    const refused = errors.filter((e) => e.code === 'MIGRATION_NEEDS_REPAIR');
    expect(refused).toHaveLength(19);
    expect(refused[0].message).toMatch(/Migration 002_backfill failed .*bring the database back by hand .* then run `fw migrate repair`/);
    expect(await t.db.query("SELECT COUNT(*) AS n FROM events WHERE kind = 'backfill'")).toEqual([{ n: 1 }]);

    const again = apps[0];
    for (let i = 0; i < 3; i++) {
      const res = await again.request('/events');
      expect(res.status).toBe(500);
      expect((await res.json()).errorId).toBe(logs.get(again)!.at(-1)!.errorId);
      expect(logs.get(again)!.at(-1)!.code).toBe('MIGRATION_NEEDS_REPAIR');
    }
    expect(await t.db.query("SELECT COUNT(*) AS n FROM events WHERE kind = 'backfill'")).toEqual([{ n: 1 }]);

    await t.db.execute("DELETE FROM events WHERE kind = 'backfill'");
    await t.db.execute('DROP TABLE backfill_extra');
    files['002_backfill.sql'] = files['002_backfill.sql'].replace('INSERT INTO no_such_table VALUES (1);\n', '');
    expect(await (await again.db.migrator()).repair()).toEqual({ removed: ['002_backfill'] });
    const healed = await Promise.all(apps.slice(0, 5).map((app) => app.request('/events')));
    expect(healed.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await healed[0].json()).toEqual([{ n: 1 }]);
  });
});
