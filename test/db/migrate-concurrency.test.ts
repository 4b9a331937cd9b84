import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDatabase, type TestDatabase } from './engines';

const child = fileURLToPath(new URL('../fixtures/db/migrate-child.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

function migrateInChild(t: TestDatabase): Promise<{ applied: string[]; skipped: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tsx, [child, t.type, t.config.url!, t.config.schema ?? ''], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.stderr.on('data', (d) => {
      err += d;
    });
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code !== 0) reject(new Error(`migration child exited with ${code}: ${err}`));
      else resolve(JSON.parse(out));
    });
  });
}

for (const type of ['postgres', 'mysql', 'sqlite'] as const) {
  describe(`two processes migrating one ${type} database at once`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await makeTestDatabase(type);
    });
    afterAll(async () => {
      await t?.cleanup();
    });

    // Two tsx processes compile their TypeScript on the fly, then run three migrations that each pause 0.3 s under the
    // lock: seconds alone, tens of them on a loaded machine.
    it('applies each migration exactly once between them', async () => {
      const [a, b] = await Promise.all([migrateInChild(t), migrateInChild(t)]);
      const all = ['001_log', '002_one', '003_two', '004_three'];
      expect([...a.applied, ...b.applied].sort()).toEqual(all);
      expect(a.applied.length + a.skipped).toBe(4);
      expect(b.applied.length + b.skipped).toBe(4);
      expect(await t.db.query('SELECT step FROM race_log ORDER BY step')).toEqual([{ step: 2 }, { step: 3 }, { step: 4 }]);
      expect(await t.db.query('SELECT name FROM fw_migrations ORDER BY name')).toEqual(all.map((name) => ({ name })));
    }, 120_000);
  });
}
