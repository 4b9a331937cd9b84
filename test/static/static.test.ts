import { createHash } from 'node:crypto';
import { rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { nodeFileSource } from 'fw/node';
import { contentTypeFor, staticFiles, type StaticOptions } from '../../src/static';
import { FileCache } from '../../src/static/file-cache';
import { makeSite, type Site } from './fixture';

let site: Site;
beforeEach(() => {
  site = makeSite();
});
afterEach(() => site.remove());

function app(options: StaticOptions = {}): Fw {
  const fw = new Fw();
  fw.use(staticFiles(site.root, options));
  fw.get('/api/hello', () => ({ hello: 'world' }));
  return fw;
}

const get = (fw: Fw, path: string, headers: Record<string, string> = {}) => fw.request(path, { headers });

describe('staticFiles: bad options are refused up front', () => {
  it.each([
    [{ prefix: 'assets' }, /prefix/],
    [{ prefix: '//evil.test' }, /prefix/],
    [{ prefix: '/\\evil.test' }, /prefix/],
    [{ prefix: '/a/../b' }, /prefix/],
    [{ prefix: '/a?b' }, /prefix/],
    [{ prefix: 5 }, /prefix/],
    [{ index: 'a/b.html' }, /index/],
    [{ maxAge: -1 }, /maxAge/],
    [{ etagStrategy: 'sha1' }, /etagStrategy/],
    [{ allowedExtensions: 'css' }, /allowedExtensions/],
    [{ cacheMaxEntries: 1.5 }, /cacheMaxEntries/],
    [{ cacheTtl: -1 }, /cacheTtl/],
    [{ preload: '../outside' }, /preload/],
    [{ preload: 3 }, /preload/],
  ])('%j', (options, message) => {
    expect(() => staticFiles('/tmp', options as unknown as StaticOptions)).toThrow(message);
  });

  it('an empty root', () => {
    expect(() => staticFiles('')).toThrow(/root/);
  });

  it('a root that does not exist answers 500 with the reason in development, not a crash', async () => {
    const fw = new Fw({ development: true });
    fw.use(staticFiles(join(site.dir, 'nope')));
    const res = await fw.request('/x.css');
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('cannot be read');
  });
});

describe('staticFiles: serving', () => {
  it('serves a file with its type, length, validators and caching headers', async () => {
    const res = await get(app(), '/style.css');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('body{color:red}');
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('content-length')).toBe('15');
    expect(res.headers.get('etag')).toMatch(/^W\/"f-[0-9a-f]+"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
  });

  it('gives the right MIME types', async () => {
    const fw = app();
    const types = await Promise.all(
      ['/app.js', '/data.json', '/font.woff2', '/blob.unknownext', '/index.html'].map(async (p) =>
        (await get(fw, p)).headers.get('content-type'),
      ),
    );
    expect(types).toEqual([
      'text/javascript; charset=utf-8',
      'application/json; charset=utf-8',
      'font/woff2',
      'application/octet-stream',
      'text/html; charset=utf-8',
    ]);
    expect(contentTypeFor('x.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(contentTypeFor('x.png')).toBe('image/png');
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await app().request('/style.css', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('15');
    expect(await res.text()).toBe('');
  });

  it('leaves other methods, unknown files and routes to the app', async () => {
    const fw = app();
    fw.post('/style.css', () => 'posted');
    expect(await (await fw.request('/style.css', { method: 'POST' })).text()).toBe('posted');
    expect(await (await get(fw, '/api/hello')).json()).toEqual({ hello: 'world' });
    expect((await get(fw, '/nope.css')).status).toBe(404);
  });

  it('index files, the redirect to the directory URL, and listings only when asked', async () => {
    const fw = app();
    expect(await (await get(fw, '/')).text()).toBe('<h1>home</h1>');
    const redirect = await get(fw, '/docs?x=1');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/?x=1');
    expect(await (await get(fw, '/docs/')).text()).toBe('<h1>docs</h1>');
    expect((await get(fw, '/sub/')).status).toBe(404);
    expect((await get(app({ index: false }), '/docs/')).status).toBe(404);
    expect(await (await get(app({ index: 'index.html', listing: true }), '/sub/')).text()).toContain('Index of /sub/');
  });

  it('prefix: files under it only, on a segment boundary', async () => {
    const fw = app({ prefix: '/assets/' });
    expect(await (await get(fw, '/assets/style.css')).text()).toBe('body{color:red}');
    expect((await get(fw, '/style.css')).status).toBe(404);
    expect((await get(fw, '/assetsstyle.css')).status).toBe(404);
  });

  it('maxAge sets Cache-Control; etag: false drops the ETag', async () => {
    expect((await get(app({ maxAge: 3600 }), '/style.css')).headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await get(app({ etag: false }), '/style.css')).headers.get('etag')).toBeNull();
  });

  it('allowedExtensions: other files are not found, index files included', async () => {
    const fw = app({ allowedExtensions: ['css', '.JSON'] });
    expect((await get(fw, '/style.css')).status).toBe(200);
    expect((await get(fw, '/data.json')).status).toBe(200);
    expect((await get(fw, '/app.js')).status).toBe(404);
    expect((await get(fw, '/')).status).toBe(404);
  });

  it('names with spaces and other escapes', async () => {
    expect(await (await get(app(), '/sub/hello%20world.txt')).text()).toBe('spaced');
    expect(await (await get(app(), '/sub/a%3Cb%3E.txt')).text()).toBe('angle');
  });

  it('dotfiles only when enabled', async () => {
    expect((await get(app(), '/.env')).status).toBe(404);
    expect(await (await get(app({ dotfiles: true }), '/.env')).text()).toBe('PASSWORD=hunter2');
  });
});

describe('staticFiles: X-Content-Type-Options: nosniff on every answer', () => {
  const nosniff = (res: Response) => res.headers.get('x-content-type-options');

  it('files (cached and streamed), HEAD, 304, 206 (one range and several) and 416', async () => {
    const fw = app();
    const etag = (await get(fw, '/style.css')).headers.get('etag')!;
    const answers = [
      await get(fw, '/style.css'),
      await get(fw, '/big.bin'),
      await fw.request('/style.css', { method: 'HEAD' }),
      await get(fw, '/style.css', { 'if-none-match': etag }),
      await get(fw, '/digits.txt', { range: 'bytes=0-1' }),
      await get(fw, '/big.bin', { range: 'bytes=0-1,5-6' }),
      await get(fw, '/digits.txt', { range: 'bytes=50-60' }),
    ];
    expect(answers.map((r) => [r.status, nosniff(r)])).toEqual([200, 200, 200, 304, 206, 206, 416].map((status) => [status, 'nosniff']));
    await Promise.all(answers.map((r) => r.arrayBuffer()));
  });

  it('listings, directory redirects and 403 refusals', async () => {
    // Encoded slashes let through (the core refuses them by default), so staticFiles' own refusal is what answers.
    const fw = new Fw({ allowEncodedSlashes: true });
    fw.use(staticFiles(site.root, { listing: true }));
    const answers = [
      await get(fw, '/sub/'),
      await get(fw, '/sub'),
      await get(fw, '/..%2f'),
      await get(fw, '/%5Cx'),
      await get(fw, '/escape.txt'),
    ];
    expect(answers.map((r) => [r.status, nosniff(r)])).toEqual([200, 301, 403, 403, 403].map((status) => [status, 'nosniff']));
  });
});

describe('staticFiles: directory redirects are built from the checked segments', () => {
  it('doubled slashes and backslashes never reach Location, the prefix is kept, names are encoded', async () => {
    const fw = app();
    const fwPrefixed = app({ prefix: '/assets' });
    const location = async (f: Fw, url: string) => (await f.fetch(new Request(url))).headers.get('location');
    expect(await location(fw, 'http://localhost//sub')).toBe('/sub/');
    expect(await location(fw, 'http://localhost/\\sub')).toBe('/sub/');
    expect(await location(fw, 'http://localhost//sub?a=%2F%2Fx')).toBe('/sub/?a=%2F%2Fx');
    expect(await location(fwPrefixed, 'http://localhost/assets//sub')).toBe('/assets/sub/');
    expect(await location(fwPrefixed, 'http://localhost/assets/sub/deeper')).toBe('/assets/sub/deeper/');
  });
});

describe('staticFiles: conditional requests', () => {
  it('304 for a matching If-None-Match (weak comparison, lists, *), 200 otherwise', async () => {
    const fw = app();
    const etag = (await get(fw, '/style.css')).headers.get('etag')!;
    for (const header of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const res = await get(fw, '/style.css', { 'if-none-match': header });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    expect((await get(fw, '/style.css', { 'if-none-match': '"nope"' })).status).toBe(200);
  });

  it('304 for If-Modified-Since at or after the modification time; ignored when malformed', async () => {
    const fw = app();
    const lastModified = (await get(fw, '/style.css')).headers.get('last-modified')!;
    expect((await get(fw, '/style.css', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get(fw, '/style.css', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await get(fw, '/style.css', { 'if-modified-since': 'yesterday' })).status).toBe(200);
  });

  it('etagStrategy "bun": a strong ETag from the content, changing with it', async () => {
    const fw = app({ etagStrategy: 'bun' });
    const first = (await get(fw, '/style.css')).headers.get('etag')!;
    const digest = createHash('sha256').update('body{color:red}').digest().subarray(0, 16).toString('base64url');
    expect(first).toBe(`"${digest}"`);
    writeFileSync(join(site.root, 'style.css'), 'body{color:blue}');
    utimesSync(join(site.root, 'style.css'), new Date(), new Date(Date.now() + 5000));
    const second = await get(fw, '/style.css');
    expect(second.headers.get('etag')).not.toBe(first);
    expect(await second.text()).toBe('body{color:blue}');
  });
});

describe('staticFiles: ranges', () => {
  it('one range, a suffix range and an open range: 206 with Content-Range', async () => {
    const fw = app();
    const first = await get(fw, '/digits.txt', { range: 'bytes=2-4' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(first.headers.get('content-length')).toBe('3');
    expect(await first.text()).toBe('234');
    expect(await (await get(fw, '/digits.txt', { range: 'bytes=-3' })).text()).toBe('789');
    expect(await (await get(fw, '/digits.txt', { range: 'bytes=8-' })).text()).toBe('89');
  });

  it('416 with Content-Range */size for an unsatisfiable range; a malformed one is ignored', async () => {
    const fw = app();
    const res = await get(fw, '/digits.txt', { range: 'bytes=50-60' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */10');
    const malformed = await get(fw, '/digits.txt', { range: 'bytes=abc' });
    expect(malformed.status).toBe(200);
    expect(await malformed.text()).toBe('0123456789');
    expect((await get(fw, '/digits.txt', { range: 'lines=1-2' })).status).toBe(200);
  });

  it('several ranges: multipart/byteranges with exact length', async () => {
    const res = await get(app(), '/digits.txt', { range: 'bytes=0-1,5-6' });
    expect(res.status).toBe(206);
    const type = res.headers.get('content-type')!;
    const boundary = /boundary=(.+)$/.exec(type)![1];
    const body = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(new TextEncoder().encode(body).byteLength);
    expect(body).toBe(
      `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Range: bytes 0-1/10\r\n\r\n01` +
        `\r\n--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Range: bytes 5-6/10\r\n\r\n56` +
        `\r\n--${boundary}--\r\n`,
    );
  });

  it('ranges of a large file are read from disk, not memory, and are exact', async () => {
    const fw = app();
    const res = await get(fw, '/big.bin', { range: 'bytes=200000-200099' });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(site.big.subarray(200000, 200100));
    const multi = await get(fw, '/big.bin', { range: 'bytes=0-9,307000-307199' });
    const bytes = new Uint8Array(await multi.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(multi.headers.get('content-length')));
    const full = new Uint8Array(await (await get(fw, '/big.bin')).arrayBuffer());
    expect(full).toEqual(site.big);
  });

  it('If-Range: the range applies only while the validator matches', async () => {
    const fw = app({ etagStrategy: 'bun' });
    const etag = (await get(fw, '/digits.txt')).headers.get('etag')!;
    expect((await get(fw, '/digits.txt', { range: 'bytes=0-1', 'if-range': etag })).status).toBe(206);
    expect((await get(fw, '/digits.txt', { range: 'bytes=0-1', 'if-range': '"stale"' })).status).toBe(200);
    const weak = app();
    const weakTag = (await get(weak, '/digits.txt')).headers.get('etag')!;
    expect((await get(weak, '/digits.txt', { range: 'bytes=0-1', 'if-range': weakTag })).status).toBe(200);
  });
});

describe('staticFiles: the small-file cache and preload', () => {
  it('rereads a cached file when it changes on disk (no cacheTtl)', async () => {
    const fw = app();
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    writeFileSync(join(site.root, 'style.css'), 'body{color:green}');
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:green}');
  });

  it('a cached file swapped for a symlink out of root is refused (the cache never skips the check for another file)', async () => {
    const fw = app();
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    rmSync(join(site.root, 'style.css'));
    symlinkSync(join(site.dir, 'outside', 'secret.txt'), join(site.root, 'style.css'));
    const res = await get(fw, '/style.css');
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('TOP SECRET');
  });

  it('with cacheTtl serves from memory without checking the disk until it runs out', async () => {
    const fw = app({ cacheTtl: 3600 });
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    rmSync(join(site.root, 'style.css'));
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    expect((await get(app({ cacheTtl: 3600, cacheSmallFiles: false }), '/style.css')).status).toBe(404);
  });

  it('cacheTtl: after it runs out the file is checked once, then trusted again for another cacheTtl', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fw = app({ cacheTtl: 60 });
      expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
      vi.setSystemTime(Date.now() + 61_000);
      writeFileSync(join(site.root, 'style.css'), 'body{color:teal}');
      utimesSync(join(site.root, 'style.css'), new Date(), new Date(Date.now() + 5000));
      expect(await (await get(fw, '/style.css')).text()).toBe('body{color:teal}');
      rmSync(join(site.root, 'style.css'));
      vi.setSystemTime(Date.now() + 30_000);
      expect(await (await get(fw, '/style.css')).text()).toBe('body{color:teal}');
      vi.setSystemTime(Date.now() + 31_000);
      expect((await get(fw, '/style.css')).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it('preload: files are loaded on first use and served from memory even after they leave the disk', async () => {
    const fw = app({ preload: ['docs', 'style.css'] });
    expect((await get(fw, '/app.js')).status).toBe(200);
    rmSync(join(site.root, 'docs'), { recursive: true });
    rmSync(join(site.root, 'style.css'));
    rmSync(join(site.root, 'app.js'));
    expect(await (await get(fw, '/docs/')).text()).toBe('<h1>docs</h1>');
    expect(await (await get(fw, '/style.css')).text()).toBe('body{color:red}');
    expect((await get(fw, '/app.js')).status).toBe(404);
  });

  it('preload: true skips files over cacheMaxFileSize and never follows links out of root', async () => {
    const fw = app({ preload: true, cacheMaxFileSize: 64 * 1024 });
    await get(fw, '/');
    rmSync(join(site.dir, 'outside'), { recursive: true });
    rmSync(join(site.root, 'big.bin'));
    expect((await get(fw, '/big.bin')).status).toBe(404);
    expect(await (await get(fw, '/digits.txt')).text()).toBe('0123456789');
  });

  it('FileCache holds its three limits: file size, entries, total bytes (least recently used goes first)', () => {
    const stat = { size: 0, mtimeMs: 0, isFile: true, isDirectory: false };
    const entry = (n: number) => ({ bytes: new Uint8Array(n), stat, etag: '"x"', trustedUntil: 0 });
    const cache = new FileCache({ maxFileSize: 10, maxEntries: 3, maxBytes: 20 });
    cache.set('too-big', entry(11));
    expect(cache.get('too-big')).toBeUndefined();
    for (const name of ['a', 'b', 'c']) cache.set(name, entry(5));
    cache.get('a');
    cache.set('d', entry(5));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 3, bytes: 15 });
    cache.set('e', entry(10));
    expect(cache.stats().bytes).toBeLessThanOrEqual(20);
    expect(cache.get('e')).toBeDefined();
  });

  it('an explicit source is used instead of the platform default', async () => {
    const fw = new Fw();
    fw.use(staticFiles('/unused', { source: nodeFileSource(join(site.root, 'docs')) }));
    expect(await (await fw.request('/index.html')).text()).toBe('<h1>docs</h1>');
  });
});
