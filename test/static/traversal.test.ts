import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { staticFiles } from '../../src/static';
import { makeSite, type Site } from './fixture';

/** Sends a raw request target over HTTP (no client-side normalisation of `..` or escapes). */
function raw(server: NodeServer, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('staticFiles: no way out of root (raw request targets over real HTTP)', () => {
  let site: Site;
  let server: NodeServer;

  beforeAll(async () => {
    site = makeSite();
    // Encoded slashes let through (the core refuses them by default), so staticFiles' own refusal is what answers.
    const app = new Fw({ allowEncodedSlashes: true });
    app.use(staticFiles(site.root, { listing: true }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.stop();
    site?.remove();
  });

  const forbidden = [
    '/..%2foutside%2fsecret.txt',
    '/%2e%2e%2foutside%2fsecret.txt',
    '/%2E%2E%2Foutside/secret.txt',
    '/docs/..%2f..%2foutside%2fsecret.txt',
    '/..%5coutside%5csecret.txt',
    '/style.css%00.txt',
    '/%00',
    '/escape.txt',
    '/linkdir/secret.txt',
    '/linkdir/',
  ];
  for (const target of forbidden) {
    it(`403 for ${target}`, async () => {
      const res = await raw(server, target);
      expect(res.status).toBe(403);
      expect(res.body).not.toContain('TOP SECRET');
    });
  }

  const notFound = [
    '/../outside/secret.txt',
    '/%2e%2e/outside/secret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/../../../../etc/passwd',
    '/.env',
    '/sub/.hidden',
    '/%2eenv',
    '/missing.txt',
  ];
  for (const target of notFound) {
    it(`404 for ${target} (dot segments are resolved inside the site; dotfiles are hidden)`, async () => {
      const res = await raw(server, target);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain('TOP SECRET');
      expect(res.body).not.toContain('hunter2');
    });
  }

  it('400 for malformed percent-encoding', async () => {
    expect((await raw(server, '/%E0%A4%A')).status).toBe(400);
    expect((await raw(server, '/%zz')).status).toBe(400);
  });

  it('a listing never shows dotfiles, and escapes names', async () => {
    const res = await raw(server, '/sub/');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('.hidden');
    expect(res.body).toContain('a&#60;b&#62;.txt');
    expect(res.body).toContain('href="a%3Cb%3E.txt"');
    expect(res.body).toContain('href="hello%20world.txt"');
    expect(res.body).toContain('href="deeper/"');
  });

  it('a symlink that stays inside root is served', async () => {
    const res = await raw(server, '/alias.css');
    expect(res).toEqual({ status: 200, body: 'body{color:red}' });
  });
});
