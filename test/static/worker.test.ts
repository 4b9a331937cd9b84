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
    writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
    writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
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
    const encoded = await get('/static/..%2fsecret');
    expect(encoded.status).toBe(400);
    await encoded.text();
    const filtered = await get('/static/app.js');
    expect(filtered.status).toBe(404);
    await filtered.text();
    const missing = await get('/static/nope.css');
    expect(missing.status).toBe(404);
    await missing.text();
    expect(await (await get('/api')).json()).toEqual({ from: 'worker' });
  });

  it('GET <prefix> redirects to <prefix>/ (query kept) when the binding has an index there', async () => {
    const res = (await mf.dispatchFetch('http://site.test/open?a=b', { redirect: 'manual' })) as unknown as Response;
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/open/?a=b');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.text();
    const index = await get('/open/');
    expect(await index.text()).toBe('<h1>home</h1>');
  });

  it("the binding's own directory redirects keep the prefix", async () => {
    const res = await mf.dispatchFetch('http://site.test/open/docs', { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(301);
    expect(res.status).toBeLessThanOrEqual(308);
    expect(res.headers.get('location')).toBe('/open/docs/');
    await res.text();
  });

  it('untrusted: active files come sandboxed, as attachments; others as they are', async () => {
    const svg = await get('/user/logo.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(svg.headers.get('content-disposition')).toBe('attachment');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    await svg.text();
    const css = await get('/user/style.css');
    expect(css.headers.has('content-security-policy')).toBe(false);
    expect(css.headers.has('content-disposition')).toBe(false);
    await css.text();
    const trusted = await get('/open/logo.svg');
    expect(trusted.headers.has('content-disposition')).toBe(false);
    await trusted.text();
  });
});
