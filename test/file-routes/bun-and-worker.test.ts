import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRouteManifest } from '../../cli/tooling/route-manifest';
import { bundleWorker, root, runWorker } from '../targets/worker/helpers';

const run = promisify(execFile);
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

describe('fromFileRoutes under Bun', () => {
  it('reads and imports the folder with the same rules', async () => {
    const { stdout } = await run(`${root}node_modules/.bin/bun`, ['run', `${fixtures}bun-main.ts`, `${fixtures}routes`], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({
      runtime: 'object',
      '/': { home: true },
      '/users/5': { id: '5' },
      '/files/x/y': { rest: 'x/y' },
      '/posts': { posts: [] },
      '/_helpers': 404,
      routes: 9,
    });
  });
});

describe('the build step: a routes manifest bundled into a worker (workerd through miniflare)', () => {
  let mf: Miniflare;
  const outFile = `${fixtures}routes.manifest.ts`;

  beforeAll(async () => {
    const written = await writeRouteManifest({ dir: `${fixtures}routes`, outFile });
    expect(written.files).toBe(7);
    mf = await runWorker(await bundleWorker('test/file-routes/fixtures/worker-entry.ts'));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  it('writes static imports of every route file (none of the _ files); the committed fixture manifest is what it writes', async () => {
    const source = await readFile(outFile, 'utf8');
    expect(source).toContain('import * as route0 from "./routes/(auth)/login";');
    expect(source).toContain('"users/[id].put.ts": route');
    expect(source).not.toContain('_helpers');
    expect(source).not.toContain('_lib');
  });

  it('serves the same routes in workerd', async () => {
    const get = async (path: string, init?: Parameters<Miniflare['dispatchFetch']>[1]) => {
      const res = await mf.dispatchFetch(`http://routes.test${path}`, init);
      return { status: res.status, body: await res.text() };
    };
    expect(await get('/users/9')).toEqual({ status: 200, body: '{"id":"9"}' });
    expect(await get('/files/a/b')).toEqual({ status: 200, body: '{"rest":"a/b"}' });
    expect(await get('/login', { method: 'POST' })).toEqual({ status: 200, body: '{"token":"abc"}' });
    const created = await get('/users', { method: 'POST', body: '{"name":"ada"}', headers: { 'content-type': 'application/json' } });
    expect(created).toEqual({ status: 201, body: '{"created":"ada"}' });
    expect((await get('/users', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await get('/_lib/secret')).status).toBe(404);
    expect((await get('/without-manifest')).body).toMatch(
      /^fromFileRoutes: (this platform has no file system|fw\/node is not available here to read route folders); pass \{ manifest \}/,
    );
  });
});
