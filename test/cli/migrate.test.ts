import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fw } from './run';

const url = 'postgres://postgres@127.0.0.1:5432/test';
const table = `fw_cli_items_${process.pid}`;

describe('fw migrate on the real PostgreSQL (127.0.0.1:5432)', () => {
  let dir: string;
  const sql = postgres(url, { onnotice: () => {} });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-migrate-'));
  });

  afterAll(async () => {
    await sql.unsafe(`DROP TABLE IF EXISTS ${table}`);
    await sql.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates, applies, lists and rolls back migrations relative to the project folder', async () => {
    const created = await fw(dir, 'migrate', 'new', `create ${table}`);
    expect(created).toEqual({ code: 0, out: [`created ${join(dir, 'migrations', `001_create_${table}.sql`)}`], err: [] });
    await writeFile(
      join(dir, 'migrations', `001_create_${table}.sql`),
      `-- up\nCREATE TABLE ${table} (id INTEGER PRIMARY KEY);\n-- down\nDROP TABLE ${table};\n`,
    );
    expect(await readdir(join(dir, 'migrations'))).toEqual([`001_create_${table}.sql`]);
    const up = await fw(dir, 'migrate', 'up', '--url', url);
    expect(up.code).toBe(0);
    expect(up.out).toContain(`applied 001_create_${table}`);
    expect((await sql`SELECT to_regclass(${table}) AS t`)[0].t).toBe(table);
    const status = await fw(dir, 'migrate', 'status', '--url', url);
    expect(status.out).toContainEqual(expect.stringMatching(new RegExp(`^\\[x\\] 001_create_${table}`)));
    expect(await fw(dir, 'migrate', 'down', '--url', url)).toMatchObject({ code: 0, out: [`rolled back 001_create_${table}`] });
    expect((await sql`SELECT to_regclass(${table}) AS t`)[0].t).toBeNull();
  });

  it('runs repair, which finds nothing to remove where DDL is transactional', async () => {
    expect(await fw(dir, 'migrate', 'repair', '--url', url)).toEqual({ code: 0, out: ['nothing to repair'], err: [] });
    expect(await fw(dir, 'migrate', 'repiar')).toMatchObject({
      code: 2,
      err: [expect.stringContaining('unknown action "repiar"; did you mean repair?')],
    });
  });

  it('reports a missing database URL and an unreachable folder', async () => {
    expect(await fw(dir, 'migrate', 'up')).toMatchObject({
      code: 2,
      err: ['fw migrate up: no database (no app module was found): pass --url, set DATABASE_URL, or give the app a `database` option'],
    });
    expect(await fw(dir, 'migrate', 'up', '--url', url, '--dir', 'missing')).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/Cannot read the migrations folder/)],
    });
    expect(await fw(dir, 'migrate', 'up', '--ulr', url)).toMatchObject({
      code: 2,
      err: ['fw migrate: unknown flag --ulr; did you mean --url? (see fw migrate --help)'],
    });
  });
});
