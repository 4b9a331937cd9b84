/**
 * `database.schema` naming a PostgreSQL schema that does not exist (real PostgreSQL): migrating creates it (quoted,
 * so any name is one name), and without migrations the first query fails with `DB_NO_SCHEMA` naming it, instead of
 * PostgreSQL's "no schema has been selected to create in".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { Database } from 'fw';
import type { SystemError } from '../../src/core/errors';
import { POSTGRES_URL, requireService, uniqueName } from './services';

const created: string[] = [];
const opened: Database[] = [];
let admin: Database;

/** A schema name that needs quoting: capitals, a space and a double quote. */
function oddName(): string {
  const name = `Fw Notes"${uniqueName('b')}`;
  created.push(name);
  return name;
}

async function schemaExists(name: string): Promise<boolean> {
  return (await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = ?', [name])).length > 0;
}

beforeAll(async () => {
  await requireService('PostgreSQL', POSTGRES_URL, 5432);
  admin = new Database({ url: POSTGRES_URL });
});

afterAll(async () => {
  for (const db of opened) await db.close();
  for (const name of created) await admin.execute(`DROP SCHEMA IF EXISTS "${name.replace(/"/g, '""')}" CASCADE`);
  await admin.close();
});

describe('a postgres database.schema that does not exist', () => {
  it('is created by autoMigrate, and the migrations and queries run inside it', async () => {
    const schema = oddName();
    const app = new Fw({
      database: {
        url: POSTGRES_URL,
        schema,
        autoMigrate: true,
        migrations: {
          '001_notes.sql': "CREATE TABLE notes (id serial PRIMARY KEY, body text);\nINSERT INTO notes (body) VALUES ('kept');",
        },
      },
    });
    opened.push(app.db as Database);
    app.get('/notes', (ctx) => ctx.app.db.query('SELECT body FROM notes'));
    const response = await app.request('/notes');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ body: 'kept' }]);
    expect(await schemaExists(schema)).toBe(true);
    const [where] = await admin.query<{ n: number }>(
      'SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
      [schema, 'notes'],
    );
    expect(where.n).toBe(1);
  });

  it('is created by the Migrator (fw migrate up) too', async () => {
    const schema = oddName();
    const db = new Database({ url: POSTGRES_URL, schema });
    opened.push(db);
    const migrator = await db.migrator({ migrations: { '001_t.sql': 'CREATE TABLE t (id int);' } });
    expect(await migrator.up()).toEqual({ applied: ['001_t'], skipped: 0 });
    expect(await schemaExists(schema)).toBe(true);
  });

  it('without migrations fails the first query with DB_NO_SCHEMA naming it, and creates nothing', async () => {
    const schema = oddName();
    const db = new Database({ url: POSTGRES_URL, schema });
    opened.push(db);
    const error = (await db.query('SELECT 1').catch((e: unknown) => e)) as SystemError;
    expect(error.code).toBe('DB_NO_SCHEMA');
    expect(error.message).toContain(`the schema "${schema}" (database.schema) does not exist`);
    expect(error.details).toEqual({ engine: 'postgres', code: 'DB_NO_SCHEMA', schema });
    expect(await schemaExists(schema)).toBe(false);
  });

  it('an existing schema is used as it is by a role that may not create schemas (no CREATE on the database)', async () => {
    const schema = oddName();
    const quoted = `"${schema.replace(/"/g, '""')}"`;
    const role = uniqueName('fw_reader');
    await admin.execute(`CREATE SCHEMA ${quoted}`);
    await admin.execute(`CREATE ROLE ${role} LOGIN`);
    try {
      await admin.execute(`GRANT USAGE, CREATE ON SCHEMA ${quoted} TO ${role}`);
      expect((await admin.query('SELECT has_database_privilege(?, current_database(), ?) AS can', [role, 'CREATE']))[0].can).toBe(false);
      const url = new URL(POSTGRES_URL);
      url.username = role;
      const db = new Database({ url: url.toString(), schema, autoMigrate: true, migrations: { '001_t.sql': 'CREATE TABLE t (id int);' } });
      opened.push(db);
      expect(await db.query('SELECT count(*) AS n FROM t')).toEqual([{ n: 0 }]);
      await db.close();
    } finally {
      await admin.execute(`DROP SCHEMA ${quoted} CASCADE`);
      await admin.execute(`DROP ROLE ${role}`);
    }
  });
});
