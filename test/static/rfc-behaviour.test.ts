/**
 * staticFiles follows RFC 9110 where its peers differ: a suffix range longer than the file selects the whole file
 * (§14.1.2), and `GET <prefix>` redirects to `<prefix>/` so relative links in the index resolve under the prefix.
 * Checked in process and over real sockets (fw/node `serve`, raw request lines). Cases ported from
 * @fastify/static (test/static.test.js "register /static with redirect true") and @fastify/send's range tests.
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { clampSuffixRanges } from '../../src/static/ranges';
import { staticFiles, type StaticOptions } from '../../src/static';
import { makeSite, type Site } from './fixture';

const mib = 1024 * 1024;

function app(site: Site, options: StaticOptions = {}): Fw {
  const fw = new Fw();
  fw.use(staticFiles(site.root, options));
  fw.get('/api', () => ({ route: true }));
  return fw;
}

/** One raw request over TCP; status, headers and body as latin1 text. */
function rawRequest(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const data = Buffer.concat(chunks).toString('latin1');
      const split = data.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = data.slice(0, split).split('\r\n');
      const map = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers: map, body: data.slice(split + 4) });
    });
  });
}

describe('suffix ranges longer than the file (RFC 9110 §14.1.2)', () => {
  let site: Site;
  beforeEach(() => {
    site = makeSite();
    writeFileSync(
      join(site.root, 'one-mib.bin'),
      new Uint8Array(mib).map((_, i) => i % 253),
    );
  });
  afterEach(() => site.remove());

  it('bytes=-1048577 on a 1 MiB file is the whole file as 206 0-1048575 (range-parser and @fastify/send answer 416)', async () => {
    const res = await app(site).request('/one-mib.bin', { headers: { range: `bytes=-${mib + 1}` } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-${mib - 1}/${mib}`);
    expect(res.headers.get('content-length')).toBe(String(mib));
    expect((await res.arrayBuffer()).byteLength).toBe(mib);
  });

  it('on a small cached file too, and inside a list of ranges', async () => {
    const fw = app(site);
    const whole = await fw.request('/digits.txt', { headers: { range: 'bytes=-99999999999999999999' } });
    expect([whole.status, whole.headers.get('content-range'), await whole.text()]).toEqual([206, 'bytes 0-9/10', '0123456789']);
    const exact = await fw.request('/digits.txt', { headers: { range: 'bytes=-10' } });
    expect([exact.status, await exact.text()]).toEqual([206, '0123456789']);
    const listed = await fw.request('/digits.txt', { headers: { range: 'bytes=0-0, -50' } });
    expect([listed.status, listed.headers.get('content-range'), await listed.text()]).toEqual([206, 'bytes 0-9/10', '0123456789']);
  });

  it('a zero-length suffix stays unsatisfiable (416), as does a first byte past the end', async () => {
    const fw = app(site);
    for (const range of ['bytes=-0', 'bytes=10-', 'bytes=50-60']) {
      const res = await fw.request('/digits.txt', { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */10');
    }
  });

  it('rewrites only complete suffix specs of the header', () => {
    expect(clampSuffixRanges('bytes=-20', 10)).toBe('bytes=-10');
    expect(clampSuffixRanges('bytes=0-4, -20,-3', 10)).toBe('bytes=0-4, -10,-3');
    expect(clampSuffixRanges('bytes=5-20', 10)).toBe('bytes=5-20');
    expect(clampSuffixRanges('bytes=-20x', 10)).toBe('bytes=-20x');
    expect(clampSuffixRanges('bytes=-20', 0)).toBe('bytes=-20');
  });
});

describe('GET <prefix> without its slash', () => {
  let site: Site;
  beforeEach(() => {
    site = makeSite();
  });
  afterEach(() => site.remove());

  it('redirects (301) to <prefix>/ with the query kept, then serves the index there', async () => {
    const fw = app(site, { prefix: '/static' });
    const bare = await fw.request('/static');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/static/');
    expect(bare.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fw.request('/static?a=b')).headers.get('location')).toBe('/static/?a=b');
    expect(await (await fw.request('/static/?a=b')).text()).toBe('<h1>home</h1>');
    const head = await fw.request('/static', { method: 'HEAD' });
    expect([head.status, head.headers.get('location')]).toEqual([301, '/static/']);
  });

  it('leaves it to the routes when the root has neither an index nor a listing', async () => {
    const fw = new Fw();
    fw.use(staticFiles(site.root, { prefix: '/static', index: false }));
    fw.get('/static', () => 'a route');
    expect(await (await fw.request('/static')).text()).toBe('a route');
    const listed = app(site, { prefix: '/static', index: false, listing: true });
    expect((await listed.request('/static')).headers.get('location')).toBe('/static/');
  });

  it('without a prefix the site root is served as before', async () => {
    expect(await (await app(site).request('/')).text()).toBe('<h1>home</h1>');
  });
});

describe('over real sockets (fw/node serve on 127.0.0.1, port 0)', () => {
  let site: Site;
  let server: NodeServer;

  beforeAll(async () => {
    site = makeSite();
    writeFileSync(
      join(site.root, 'one-mib.bin'),
      new Uint8Array(mib).map((_, i) => i % 253),
    );
    server = await serve(app(site, { prefix: '/static' }), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    site?.remove();
  });

  it('a suffix longer than the streamed 1 MiB file: 206 with every byte', async () => {
    const res = await rawRequest(server.port, '/static/one-mib.bin', { range: `bytes=-${mib + 1}` });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-${mib - 1}/${mib}`);
    expect(res.body.length).toBe(mib);
  });

  it('GET /static?a=b redirects to /static/?a=b, and the redirect is followed to the index', async () => {
    const res = await rawRequest(server.port, '/static?a=b');
    expect([res.status, res.headers.get('location')]).toEqual([301, '/static/?a=b']);
    const followed = await fetch(`${server.url}/static?a=b`);
    expect(followed.url).toBe(`${server.url}/static/?a=b`);
    expect(await followed.text()).toBe('<h1>home</h1>');
  });
});
