/**
 * Precompressed variants and setHeaders, with cases ported from @fastify/static's preCompressed and setHeaders
 * tests. Differences: a variant is served only beside an existing original (Fastify also serves a lone `.br`), so a
 * client that accepts no encoding is never refused; and zstd (`.zst`) is a third variant.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { staticFiles, type StaticOptions } from '../../src/static';
import { makeSite, type Site } from './fixture';

const original = 'console.log("precompressed");'.repeat(20);
let site: Site;
beforeEach(() => {
  site = makeSite();
  writeFileSync(join(site.root, 'bundle.js'), original);
  writeFileSync(join(site.root, 'bundle.js.br'), brotliCompressSync(original));
  writeFileSync(join(site.root, 'bundle.js.gz'), gzipSync(original));
  writeFileSync(join(site.root, 'only-gz.css'), 'a{}');
  writeFileSync(join(site.root, 'only-gz.css.gz'), gzipSync('a{}'));
  writeFileSync(join(site.root, 'lonely.txt.br'), brotliCompressSync('no original'));
});
afterEach(() => site.remove());

function app(options: StaticOptions = { precompressed: true }): Fw {
  const fw = new Fw();
  fw.use(staticFiles(site.root, options));
  return fw;
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('precompressed', () => {
  it('serves the .br variant to a client that accepts br (equal q-values: the server order), with the original type', async () => {
    const response = await app().request('/bundle.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(original);
  });

  it('serves the .gz variant when the client prefers gzip or has no .br', async () => {
    const gz = await app().request('/bundle.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(original);
    const onlyGz = await app().request('/only-gz.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(onlyGz.headers.get('content-encoding')).toBe('gzip');
    expect(onlyGz.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('follows q-values and the configured order', async () => {
    const fw = app();
    expect((await fw.request('/bundle.js', { headers: { 'accept-encoding': 'br;q=0.5, gzip' } })).headers.get('content-encoding')).toBe(
      'gzip',
    );
    const gzipFirst = app({ precompressed: ['gzip', 'br'] });
    expect((await gzipFirst.request('/bundle.js', { headers: { 'accept-encoding': 'br, gzip' } })).headers.get('content-encoding')).toBe(
      'gzip',
    );
  });

  it('serves a .zst variant as zstd', async () => {
    writeFileSync(join(site.root, 'bundle.js.zst'), 'zstd bytes made by the build');
    const response = await app().request('/bundle.js', { headers: { 'accept-encoding': 'zstd' } });
    expect(response.headers.get('content-encoding')).toBe('zstd');
  });

  it('serves the original without Accept-Encoding, with identity preferred, or for an unknown coding', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'compress' },
    ]) {
      const response = await app().request('/bundle.js', { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(original);
    }
  });

  it('does not serve a variant without its original (Fastify does)', async () => {
    expect((await app().request('/lonely.txt', { headers: { 'accept-encoding': 'br' } })).status).toBe(404);
  });

  it('answers ranges and conditional requests on the variant, whose ETag differs from the original', async () => {
    const fw = app();
    const br = await fw.request('/bundle.js', { headers: { 'accept-encoding': 'br' } });
    const plain = await fw.request('/bundle.js');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const again = await fw.request('/bundle.js', { headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const ranged = await fw.request('/bundle.js', { headers: { 'accept-encoding': 'br', range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-encoding')).toBe('br');
    expect((await bytes(ranged)).length).toBe(4);
  });

  it('never serves a variant that is a symlink out of the root', async () => {
    writeFileSync(join(site.dir, 'outside', 'evil.br'), 'secret bytes');
    writeFileSync(join(site.root, 'page.txt'), 'page');
    symlinkSync(join(site.dir, 'outside', 'evil.br'), join(site.root, 'page.txt.br'));
    const response = await app().request('/page.txt', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe('page');
  });

  it('answers HEAD with the variant headers and no body', async () => {
    const response = await app().request('/bundle.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe('');
  });

  it('sends no Vary and no variant when precompressed is off', async () => {
    const response = await app({}).request('/bundle.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });

  it('refuses bad options at startup', () => {
    expect(() => staticFiles(site.root, { precompressed: ['deflate'] as never })).toThrow(/precompressed must be true, false or a list/);
    expect(() => staticFiles(site.root, { precompressed: [] })).toThrow(/precompressed must be/);
    expect(() => staticFiles(site.root, { precompressed: ['br', 'br'] })).toThrow(/distinct/);
    expect(() => staticFiles(site.root, { setHeaders: 'x' as never })).toThrow(/setHeaders must be a function/);
  });
});

describe('setHeaders', () => {
  it('sets headers of 200, 206 and 304 answers, with the path under root and the stat', async () => {
    const seen: string[] = [];
    const fw = app({
      setHeaders(headers, path, stat) {
        seen.push(`${path}:${stat?.size}`);
        headers.set('x-served-by', 'fw');
        if (path.endsWith('.css')) headers.set('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const css = await fw.request('/style.css');
    expect(css.headers.get('x-served-by')).toBe('fw');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fw.request('/digits.txt', { headers: { range: 'bytes=0-1' } })).headers.get('x-served-by')).toBe('fw');
    expect((await fw.request('/style.css', { headers: { 'if-none-match': css.headers.get('etag')! } })).headers.get('x-served-by')).toBe(
      'fw',
    );
    expect(seen).toContain('style.css:15');
    expect(seen).toContain('digits.txt:10');
  });

  it('is not called for what the files do not answer', async () => {
    let calls = 0;
    const fw = app({ setHeaders: () => void calls++ });
    fw.get('/api', () => 'api');
    await fw.request('/api');
    await fw.request('/missing.txt');
    expect(calls).toBe(0);
  });

  it('gets the original path for a precompressed answer', async () => {
    const paths: string[] = [];
    await app({ precompressed: true, setHeaders: (_h, path) => paths.push(path) }).request('/bundle.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(paths).toEqual(['bundle.js']);
  });
});
