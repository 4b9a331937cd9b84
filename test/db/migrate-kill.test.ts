/** `kill -9` in the middle of a MariaDB migration: the next migrate refuses with what to do, and repair + a hand fix recover. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDbCommand } from '../../targets/node/db-cli';
import { makeTestDatabase, type TestDatabase } from './engines';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = join(root, 'targets/node/db-command.ts');

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDbCommand(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out, err };
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('a MariaDB migration killed with SIGKILL half-way', () => {
  let t: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    t = await makeTestDatabase('mysql');
    dir = await mkdtemp(join(tmpdir(), 'fw-kill-'));
    await writeFile(join(dir, '001_base.sql'), '-- up\nCREATE TABLE base (id INTEGER);\n');
    await writeFile(
      join(dir, '002_slow.sql'),
      '-- up\nCREATE TABLE slow_a (id INTEGER);\nSELECT SLEEP(2);\nCREATE TABLE slow_b (id INTEGER);\n-- down\nDROP TABLE slow_b;\nDROP TABLE slow_a;\n',
    );
  });
  afterAll(async () => {
    await t?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('is refused by every later migrate until the database is fixed and repair is run', async () => {
    const url = t.config.url!;
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'up', '--url', url, '--dir', dir], { cwd: root, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const tables = async () =>
      (
        await t.db.query<{ t: string }>(
          'SELECT TABLE_NAME AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME',
        )
      ).map((r) => r.t);
    await until(async () => (await tables()).includes('slow_a'));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(await tables()).not.toContain('slow_b');

    for (let i = 0; i < 2; i++) {
      const up = await run('up', '--url', url, '--dir', dir);
      expect(up.code).toBe(1);
      expect(up.err).toEqual([
        expect.stringMatching(
          /^db up failed: Migration 002_slow started at \d{4}-\S+ and never finished \(its process stopped mid-way\), so it may be partly applied; it is recorded as "applying" in fw_migrations/,
        ),
      ]);
      expect(up.err[0]).toMatch(/bring the database back by hand to how it was before 002_slow, then run `fw migrate repair`/);
    }
    expect(await tables()).toEqual(['base', 'fw_migrations', 'fw_migrations_seeds', 'slow_a']);
    const status = await run('status', '--url', url, '--dir', dir);
    expect(status.out).toEqual([
      expect.stringMatching(/^\[x\] 001_base {2}\d{4}-/),
      expect.stringMatching(/^\[!\] 002_slow {2}applying \(started \d{4}-\S+\): fix the database by hand, then run repair$/),
    ]);

    await t.db.execute('DROP TABLE slow_a');
    expect(await run('repair', '--url', url, '--dir', dir)).toEqual({
      code: 0,
      out: ['removed the unfinished entry of 002_slow', '1 removed; the next up runs it again'],
      err: [],
    });
    expect(await run('up', '--url', url, '--dir', dir)).toEqual({
      code: 0,
      out: ['applied 002_slow', '1 applied, 1 already applied'],
      err: [],
    });
    expect(await tables()).toEqual(['base', 'fw_migrations', 'fw_migrations_seeds', 'slow_a', 'slow_b']);
    expect(await run('repair', '--url', url, '--dir', dir)).toEqual({ code: 0, out: ['nothing to repair'], err: [] });
  });
});
