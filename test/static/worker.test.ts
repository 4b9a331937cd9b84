import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('staticFiles in workerd (miniflare) over the static-assets binding', () => {
  let mf: Miniflare;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fw-assets-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'style.css'), 'body{color:red}');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, 'docs', 'index.html'), '<h1>docs</h1>');
    mf = await runWorker(await bundleWorker('test/static/fixtures/static-worker.ts'), {
      cf: false,
      assets: { directory: dir, binding: 'ASSETS', routerConfig: { invoke_user_worker_ahead_of_assets: true, has_user_worker: true } },
    } as never);
  });

  afterAll(async () => {
    await mf?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) =>
    (await mf.dispatchFetch(`http://site.test${path}`, { headers })) as unknown as Response;

  it('serves a file under the prefix with its type and the configured Cache-Control', async () => {
    const res = await get('/static/style.css');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/css/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('body{color:red}');
  });

  it('without maxAge the platform keeps its Cache-Control; nosniff is still added', async () => {
    const res = await get('/open/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('public, max-age=0');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe('<h1>docs</h1>');
  });

  it('answers If-None-Match with 304 through the binding', async () => {
    const etag = (await get('/static/style.css')).headers.get('etag');
    expect(etag).toBeTruthy();
    const res = await get('/static/style.css', { 'if-none-match': etag! });
    expect(res.status).toBe(304);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.text();
  });

  it('refuses traversal and encoded slashes before asking the binding, and leaves misses to the routes', async () => {
    const forbidden = await get('/static/..%2fsecret');
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('x-content-type-options')).toBe('nosniff');
    await forbidden.text();
    const filtered = await get('/static/app.js');
    expect(filtered.status).toBe(404);
    await filtered.text();
    const missing = await get('/static/nope.css');
    expect(missing.status).toBe(404);
    await missing.text();
    expect(await (await get('/api')).json()).toEqual({ from: 'worker' });
  });
});
