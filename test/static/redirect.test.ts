import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { staticFiles } from '../../src/static';
import { makeSite, type Site } from './fixture';

/** Sends one raw request line over TCP (no client in between to clean the target) and returns status and headers. */
function rawRequest(port: number, target: string): Promise<{ status: number; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [statusLine, ...lines] = data.slice(0, data.indexOf('\r\n\r\n')).split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });
}

describe('staticFiles: directory redirects never point at another host (raw request lines over real HTTP)', () => {
  let site: Site;
  let server: NodeServer;
  let prefixed: NodeServer;

  beforeAll(async () => {
    site = makeSite();
    mkdirSync(join(site.root, 'a?b'));
    mkdirSync(join(site.root, '%41'));
    mkdirSync(join(site.root, '日本'));
    // Encoded slashes let through (the core refuses them by default), so staticFiles' own refusal is what answers.
    const app = new Fw({ allowEncodedSlashes: true });
    app.use(staticFiles(site.root, { listing: true }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    const under = new Fw();
    under.use(staticFiles(site.root, { prefix: '/assets', listing: true }));
    prefixed = await serve(under, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.stop();
    await prefixed?.stop();
    site?.remove();
  });

  const redirects: [string, string][] = [
    ['//sub', '/sub/'],
    ['///sub', '/sub/'],
    ['/\\sub', '/sub/'],
    ['/\\\\sub', '/sub/'],
    ['/.//sub', '/sub/'],
    ['//sub?x=1', '/sub/?x=1'],
    ['//sub//deeper', '/sub/deeper/'],
    ['/a%3Fb', '/a%3Fb/'],
    ['/%2541', '/%2541/'],
    ['/%E6%97%A5%E6%9C%AC', '/%E6%97%A5%E6%9C%AC/'],
  ];
  for (const [target, location] of redirects) {
    it(`GET ${target} redirects to ${location} on this host, with nosniff`, async () => {
      const res = await rawRequest(server.port, target);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(location);
      expect(new URL(res.headers.get('location')!, `http://127.0.0.1:${server.port}/`).host).toBe(`127.0.0.1:${server.port}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }

  for (const target of ['/%5Csub', '/%5csub', '//%5Csub', '/%5C%5Csub', '/%5C/sub']) {
    it(`GET ${target} (an encoded backslash) is a 403 without a Location`, async () => {
      const res = await rawRequest(server.port, target);
      expect(res.status).toBe(403);
      expect(res.headers.has('location')).toBe(false);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });
  }

  it('under a prefix the redirect keeps the prefix and one leading slash', async () => {
    expect((await rawRequest(prefixed.port, '/assets//sub')).headers.get('location')).toBe('/assets/sub/');
    expect((await rawRequest(prefixed.port, '/assets/\\docs')).headers.get('location')).toBe('/assets/docs/');
  });
});
