import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorker } from '../targets/worker/helpers';
import { fw, type CliRun } from './run';

const project = fileURLToPath(new URL('./fixtures/project/', import.meta.url));

describe('fw build: manifest, esbuild bundle, size; the worker bundle runs in workerd (miniflare)', () => {
  let out: string;
  let run: CliRun;
  let mf: Miniflare;

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'fw-build-'));
    run = await fw(project, 'build', '--target', 'worker', '--outfile', join(out, 'worker.js'));
    mf = await runWorker(await readFile(join(out, 'worker.js'), 'utf8'), { kvNamespaces: ['STORE'] });
  });

  afterAll(async () => {
    await mf?.dispose();
    await rm(out, { recursive: true, force: true });
  });

  it('shows its progress and ends with the bundle size', async () => {
    expect(run.code).toBe(0);
    const bytes = (await readFile(join(out, 'worker.js'))).length;
    expect(run.out).toEqual([
      '[1/3] routes manifest: 1 route file -> src/routes.manifest.ts',
      '[2/3] bundling src/index.ts for worker (esbuild, esm, neutral)',
      '[3/3] done',
      expect.stringMatching(new RegExp(`^${join(out, 'worker.js')}  ${(bytes / 1024).toFixed(1)} kB \\(gzip \\d+\\.\\d kB\\)$`)),
    ]);
  });

  it('serves the app routes, the file routes from the manifest and the KV binding', async () => {
    const kv = await mf.getKVNamespace('STORE');
    await kv.put('count', '41');
    expect(await (await mf.dispatchFetch('http://app.test/hello')).json()).toEqual({ hello: 'world' });
    expect(await (await mf.dispatchFetch('http://app.test/items/7')).json()).toEqual({ item: '7' });
    expect(await (await mf.dispatchFetch('http://app.test/count')).json()).toEqual({ count: 41 });
    const bad = await mf.dispatchFetch('http://app.test/notes/1', {
      method: 'PUT',
      body: '{"txt":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('builds for lambda, bun and node with their presets', async () => {
    for (const [target, platform] of [
      ['lambda', 'node'],
      ['bun', 'node'],
      ['node', 'node'],
    ]) {
      const result = await fw(project, 'build', '--target', target, '--outfile', join(out, `${target}.mjs`), '--no-minify');
      expect(result.code).toBe(0);
      expect(result.out[1]).toBe(`[2/3] bundling src/index.ts for ${target} (esbuild, esm, ${platform})`);
      expect((await readFile(join(out, `${target}.mjs`), 'utf8')).length).toBeGreaterThan(1000);
    }
  });

  it('reports bad targets, missing entries and bundling errors', async () => {
    expect(await fw(project, 'build')).toMatchObject({
      code: 2,
      err: ['fw build: --target is required: worker, lambda, bun, node (see fw build --help)'],
    });
    expect(await fw(project, 'build', '--target', 'lamda')).toMatchObject({
      code: 2,
      err: ['fw build: unknown target "lamda"; did you mean lambda? (worker, lambda, bun, node)'],
    });
    expect(await fw(project, 'build', '--target', 'node', '--entry', 'src/nope.ts')).toMatchObject({
      code: 2,
      err: [expect.stringMatching(/no entry module at .*nope\.ts/)],
    });
    const broken = join(out, 'broken.ts');
    await writeFile(broken, 'export const x = ;\n');
    const failed = await fw(project, 'build', '--target', 'node', '--entry', broken, '--outfile', join(out, 'broken.mjs'));
    expect(failed.code).toBe(1);
    expect(failed.err).toEqual([expect.stringMatching(/^error: Unexpected ";" \(.*broken\.ts:1\)$/), 'fw build: bundling for node failed']);
  });
});
