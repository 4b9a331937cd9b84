import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBun, type BunProcess } from '../targets/bun/bun-process';
import { makeSite, type Site } from './fixture';

/** A raw request target over HTTP (no client-side normalisation): the status and the response headers. */
function rawResponse(port: number, target: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const raw = async (port: number, target: string): Promise<number> => (await rawResponse(port, target)).status;

describe('staticFiles on Bun (fw/bun serve, the Bun binary from npm)', () => {
  let site: Site;
  let bun: BunProcess;

  beforeAll(async () => {
    site = makeSite();
    bun = await startBun('test/static/fixtures/bun-static.ts', [site.root]);
  });

  afterAll(async () => {
    await bun?.stop();
    site?.remove();
  });

  it('runs under Bun and serves files with content ETags, 304s and ranges', async () => {
    expect(await (await fetch(`${bun.url}/runtime`)).json()).toEqual({ bun: 'object' });
    const res = await fetch(`${bun.url}/style.css`);
    expect(await res.text()).toBe('body{color:red}');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect((await fetch(`${bun.url}/style.css`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const range = await fetch(`${bun.url}/big.bin`, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(site.big.subarray(1000, 2000));
  });

  it('refuses traversal, NUL and symlinks out of root', async () => {
    expect(await raw(bun.port, '/..%2foutside%2fsecret.txt')).toBe(400);
    for (const target of ['/style.css%00', '/escape.txt', '/linkdir/secret.txt']) expect(await raw(bun.port, target)).toBe(403);
    expect(await raw(bun.port, '/.env')).toBe(404);
  });

  it('redirects //sub and /\\sub to /sub/ on the same host, with nosniff', async () => {
    for (const target of ['//sub', '/\\sub', '///sub']) {
      const res = await rawResponse(bun.port, target);
      expect([target, res.status, res.headers.location, res.headers['x-content-type-options']]).toEqual([target, 301, '/sub/', 'nosniff']);
    }
  });
});
