import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDbCommand } from '../../targets/node/db-cli';

let dir: string;
let url: string;
let migrations: string;

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDbCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out, err };
}

/** Runs a command to its end without blocking the test's event loop: its exit status, stdout and stderr. */
function runScript(command: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { encoding: 'utf8' }, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fw-dbcli-'));
  url = `file:${join(dir, 'app.db')}`;
  migrations = join(dir, 'migrations');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('db commands', () => {
  it('scaffolds numbered files, applies, lists, seeds and rolls back', async () => {
    expect(await run('new', 'create items', '--dir', migrations)).toEqual({
      code: 0,
      out: [`created ${join(migrations, '001_create_items.sql')}`],
      err: [],
    });
    await writeFile(
      join(migrations, '001_create_items.sql'),
      '-- up\nCREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);\n-- down\nDROP TABLE items;\n',
    );
    expect((await run('new', 'second', `--dir=${migrations}`)).code).toBe(0);
    expect(await readdir(migrations)).toEqual(['001_create_items.sql', '002_second.sql']);
    expect(await run('up', '--url', url, '--dir', migrations)).toEqual({
      code: 0,
      out: ['applied 001_create_items', 'applied 002_second', '2 applied, 0 already applied'],
      err: [],
    });
    const status = await run('status', '--url', url, '--dir', migrations);
    expect(status.out).toEqual([
      expect.stringMatching(/^\[x\] 001_create_items {2}\d{4}-\d\d-\d\dT/),
      expect.stringMatching(/^\[x\] 002_second {2}\d{4}-/),
    ]);
    const seed = join(dir, 'seed.sql');
    await writeFile(seed, "INSERT INTO items (id, name) VALUES (1, 'one');");
    expect((await run('seed', seed, '--url', url, '--dir', migrations)).out).toEqual([`seeded ${seed}`]);
    expect((await run('seed', seed, '--url', url, '--dir', migrations)).out).toEqual([`${seed} was already seeded`]);
    expect((await run('down', '--url', url, '--dir', migrations)).out).toEqual(['rolled back 002_second']);
    expect((await run('status', '--url', url, '--dir', migrations)).out[1]).toBe('[ ] 002_second');
  });

  it('says what is wrong with bad usage and failing commands', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('drop-everything')).code).toBe(2);
    expect((await run('new')).code).toBe(2);
    expect(await run('up', '--bogus', 'x')).toMatchObject({ code: 2, err: [expect.stringMatching(/^Unknown option --bogus/)] });
    expect(await run('up', '--url')).toMatchObject({ code: 2, err: [expect.stringMatching(/^Option --url needs a value/)] });
    expect(await run('up', '--dir', migrations)).toEqual({
      code: 2,
      out: [],
      err: ['db up needs a database: pass --url or set DATABASE_URL'],
    });
    expect(await run('up', '--url', 'ftp://x', '--dir', migrations)).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/Cannot tell the database engine/)],
    });
    expect(await run('up', '--url', url, '--dir', join(dir, 'missing'))).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/Cannot read the migrations folder/)],
    });
  });

  // Each run starts tsx, which compiles the command's TypeScript on the fly: seconds alone, tens of them on a loaded machine.
  it('runs as a script', async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const script = fileURLToPath(new URL('../../targets/node/db-command.ts', import.meta.url));
    const ok = await runScript(tsx, [script, 'status', '--url', url, '--dir', migrations]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/\[x\] 001_create_items/);
    const bad = await runScript(tsx, [script, 'nonsense']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^Usage: db <command>/);
  }, 120_000);
});
