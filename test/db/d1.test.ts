import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let mf: Miniflare;

async function call(path: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await mf.dispatchFetch(`http://localhost${path}`, init as never);
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [`${root}test/fixtures/db/d1-worker.ts`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    loader: { '.sql': 'text' },
    tsconfig: `${root}tsconfig.json`,
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0].text;
  expect(script).not.toMatch(/better-sqlite3\/lib|node-sqlite3-wasm\/dist|mysql2\/lib|postgres\/src/);
  mf = new Miniflare({
    cf: false,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
    compatibilityDate: '2026-04-01',
    d1Databases: ['DB'],
  });
  await mf.ready;
});
afterAll(async () => {
  await mf?.dispose();
});

describe('app.db on D1 in workerd (miniflare)', () => {
  it('applies the bundled migrations and the seed on first use, then queries', async () => {
    const users = await call('/users');
    expect(users).toEqual({
      status: 200,
      body: [
        { id: 1, email: 'ada@example.com', name: 'Ada' },
        { id: 2, email: 'alan@example.com', name: 'Alan' },
      ],
    });
    const status = await call('/status');
    expect(status.body.map((s: { name: string; applied: boolean }) => [s.name, s.applied])).toEqual([
      ['001_create_users', true],
      ['002_add_user_name', true],
      ['003_create_posts', true],
    ]);
  });

  it('writes with ? placeholders and reports changes and the new id', async () => {
    expect(await call('/users', { method: 'POST', body: JSON.stringify({ id: 7, email: 'g@example.com' }) })).toEqual({
      status: 200,
      body: { changes: 1, lastInsertId: 7 },
    });
    const dup = await call('/users', { method: 'POST', body: JSON.stringify({ id: 8, email: 'g@example.com' }) });
    expect(dup.status).toBe(500);
    expect(dup.body.code).toBe('DB_ERROR');
    expect(dup.body.details).toMatchObject({ engine: 'd1', code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
  });

  it('binds a plain object as JSON text that D1 reads as JSON', async () => {
    const doc = { title: 'note', tags: ['a', 'b'], nested: { n: 1 } };
    const { status, body } = await call('/json', {
      method: 'POST',
      body: JSON.stringify(doc),
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(200);
    expect(JSON.parse(body[0].body)).toEqual(doc);
    expect(body[0].second).toBe('b');
  });

  it('runs a batch atomically and refuses interactive transactions with a clear error', async () => {
    const batch = await call('/batch', { method: 'POST' });
    expect(batch.status).toBe(500);
    const ids = (await call('/users')).body.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(50);
    const tx = await call('/tx', { method: 'POST' });
    expect(tx.status).toBe(500);
    expect(tx.body.code).toBe('DB_UNSUPPORTED');
    expect(tx.body.error).toMatch(/use db.batch/);
  });

  it('rolls back the latest migration and applies it again', async () => {
    expect(await call('/down', { method: 'POST' })).toEqual({ status: 200, body: { name: '003_create_posts', rolledBack: true } });
    expect(await call('/up', { method: 'POST' })).toEqual({ status: 200, body: { applied: ['003_create_posts'], skipped: 2 } });
  });

  it('names the failing statement of a broken migration and keeps nothing of it', async () => {
    const { body } = await call('/broken', { method: 'POST' });
    expect(body.error.message).toMatch(/Migration 001_half failed at statement 3 \(line 4\)/);
    expect(body.error.details).toMatchObject({ engine: 'd1', migration: '001_half', statement: 3 });
    expect(body.halfTableExists).toBe(false);
  });
});
