/**
 * `fw migrate` finds the project's app as `fw routes` and `fw doctor` do and works on its `database` option (real
 * PostgreSQL): no `--url` needed, the app's schema and migrations folder (or its migrations map, for a Database
 * made with createDatabase) are used, `--app` names another module, and `--url`/`--dir` still win.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, requireService, uniqueName } from '../db/services';
import { fw } from './run';
import { removeProjects, tempProject } from './temp-project';

const schemas = [uniqueName('fw_cli_app'), uniqueName('fw_cli_made'), uniqueName('fw_cli_url')];
const dirs: string[] = [];
const sql = postgres(POSTGRES_URL, { onnotice: () => undefined });

/** The tables of a schema, sorted. */
async function tablesOf(schema: string): Promise<string[]> {
  const rows = await sql`SELECT table_name FROM information_schema.tables WHERE table_schema = ${schema} ORDER BY table_name`;
  return rows.map((r) => r.table_name as string);
}

beforeAll(async () => {
  await requireService('PostgreSQL', POSTGRES_URL, 5432);
});

afterAll(async () => {
  for (const schema of schemas) await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await sql.end();
  await removeProjects(dirs);
});

describe('fw migrate without --url', () => {
  it("uses the found app's database config: its schema and its migrationsDir, read from the project folder", async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'migrate-app', type: 'module', private: true }),
      'src/app.ts': `import { Fw } from 'fw';
export const app = new Fw({ database: { url: ${JSON.stringify(POSTGRES_URL)}, schema: ${JSON.stringify(schemas[0])}, migrationsDir: 'db/migrations' } });
`,
      'db/migrations/001_notes.sql': '-- up\nCREATE TABLE notes (id int);\n-- down\nDROP TABLE notes;\n',
    });
    dirs.push(dir);
    const before = await fw(dir, 'migrate', 'status');
    expect(before).toEqual({ code: 0, out: ['[ ] 001_notes'], err: [] });
    expect(await fw(dir, 'migrate', 'up')).toEqual({ code: 0, out: ['applied 001_notes', '1 applied, 0 already applied'], err: [] });
    expect(await tablesOf(schemas[0])).toEqual(['fw_migrations', 'fw_migrations_seeds', 'notes']);
    const after = await fw(dir, 'migrate', 'status');
    expect(after.out).toEqual([expect.stringMatching(/^\[x\] 001_notes {2}\S+/)]);
    expect(await fw(dir, 'migrate', 'down')).toMatchObject({ code: 0, out: ['rolled back 001_notes'] });
    expect(await tablesOf(schemas[0])).toEqual(['fw_migrations', 'fw_migrations_seeds']);
  });

  it('uses a Database made with createDatabase, with its migrations map, from the module --app names', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'migrate-made', type: 'module', private: true }),
      'server/main.ts': `import { Fw, createDatabase } from 'fw';
const migrations = { '001_items.sql': 'CREATE TABLE items (id int);', '002_more.sql': 'CREATE TABLE more_items (id int);' };
export default new Fw({ database: createDatabase({ url: ${JSON.stringify(POSTGRES_URL)}, schema: ${JSON.stringify(schemas[1])}, migrations }) });
`,
    });
    dirs.push(dir);
    expect(await fw(dir, 'migrate', 'up', '--app', 'server/main.ts')).toEqual({
      code: 0,
      out: ['applied 001_items', 'applied 002_more', '2 applied, 0 already applied'],
      err: [],
    });
    expect(await tablesOf(schemas[1])).toEqual(['fw_migrations', 'fw_migrations_seeds', 'items', 'more_items']);
  });

  it('--url and --dir still win over the app, and with neither an app nor DATABASE_URL the error says what to pass', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'migrate-url', type: 'module', private: true }),
      'src/app.ts': `import { Fw } from 'fw';
export const app = new Fw({ database: { url: 'postgres://nobody@127.0.0.1:1/none' } });
`,
    });
    dirs.push(dir);
    await mkdir(join(dir, 'other'));
    await writeFile(join(dir, 'other/001_t.sql'), 'CREATE TABLE t (id int);');
    expect(await fw(dir, 'migrate', 'up', '--url', POSTGRES_URL, '--schema', schemas[2], '--dir', 'other')).toMatchObject({
      code: 0,
      out: ['applied 001_t', '1 applied, 0 already applied'],
    });
    expect(await tablesOf(schemas[2])).toContain('t');
    const noDatabase = await tempProject({
      'package.json': JSON.stringify({ name: 'no-database', type: 'module', private: true }),
      'src/app.ts': `import { Fw } from 'fw';\nexport const app = new Fw();\n`,
    });
    dirs.push(noDatabase);
    expect(await fw(noDatabase, 'migrate', 'up')).toEqual({
      code: 2,
      out: [],
      err: [
        'fw migrate up: no database (the app has no `database` option): pass --url, set DATABASE_URL, or give the app a `database` option',
      ],
    });
    const empty = await tempProject({ 'package.json': JSON.stringify({ name: 'no-app', type: 'module', private: true }) });
    dirs.push(empty);
    expect(await fw(empty, 'migrate', 'status')).toEqual({
      code: 2,
      out: [],
      err: ['fw migrate status: no database (no app module was found): pass --url, set DATABASE_URL, or give the app a `database` option'],
    });
  });
});
