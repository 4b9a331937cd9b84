import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bun = fileURLToPath(new URL('../../node_modules/.bin/bun', import.meta.url));
const script = fileURLToPath(new URL('../fixtures/db/bun-sqlite.ts', import.meta.url));

describe('sqlite on Bun (bun:sqlite)', () => {
  it('migrates, writes, commits and rolls back transactions, and maps errors like better-sqlite3', () => {
    const run = spawnSync(bun, ['run', script], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      onBun: true,
      migratedFromDir: ['001_create_users', '002_add_user_name', '003_create_posts'],
      inserted: { changes: 1, lastInsertId: 1 },
      rolledBack: 'undo',
      duplicate: { code: 'DB_ERROR', details: { engine: 'sqlite', code: 'SQLITE_CONSTRAINT_UNIQUE' } },
      rows: [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
    });
  });
});
