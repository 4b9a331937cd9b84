/**
 * fileSender(): sendFile and download, with cases ported from @fastify/static's sendFile and download tests.
 * Differences: the sender is made once per root (Fastify decorates reply with the plugin's root), and a missing
 * file is fw's 404 error body rather than a callback.
 */
import { parse } from 'content-disposition';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { fileSender, type FileSenderOptions } from '../../src/static';
import { makeSite, type Site } from './fixture';

let site: Site;
beforeEach(() => {
  site = makeSite();
  writeFileSync(join(site.root, 'sub', 'rapport été.pdf'), '%PDF-1.4 fake');
});
afterEach(() => site.remove());

function app(options: FileSenderOptions = {}): Fw {
  const files = fileSender(site.root, options);
  const fw = new Fw();
  fw.get('/file/*', (ctx) => files.sendFile(ctx, ctx.params['*']));
  fw.get('/named', (ctx) => files.sendFile(ctx, 'digits.txt'));
  fw.get('/download/*', (ctx) => files.download(ctx, ctx.params['*']));
  fw.get('/as/:name', (ctx) => files.download(ctx, 'digits.txt', ctx.params.name));
  fw.post('/report', (ctx) => files.download(ctx, 'sub/rapport été.pdf', 'Rapport – été 2026.pdf'));
  return fw;
}

describe('sendFile', () => {
  it('sends a file with its type, ETag and Last-Modified', async () => {
    const response = await app().request('/named');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('etag')).not.toBeNull();
    expect(response.headers.get('last-modified')).not.toBeNull();
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await response.text()).toBe('0123456789');
  });

  it('answers ranges, conditional requests and HEAD', async () => {
    const fw = app();
    expect(await (await fw.request('/named', { headers: { range: 'bytes=2-4' } })).text()).toBe('234');
    const etag = (await fw.request('/named')).headers.get('etag')!;
    expect((await fw.request('/named', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await (await fw.request('/named', { method: 'HEAD' })).text()).toBe('');
  });

  it('sends a file of a nested path, with spaces and non-ASCII names', async () => {
    const fw = app();
    expect(await (await fw.request('/file/sub/hello%20world.txt')).text()).toBe('spaced');
    expect((await fw.request(`/file/sub/${encodeURIComponent('rapport été.pdf')}`)).status).toBe(200);
  });

  it('answers 404 for a missing file or a directory, and 403 for a path out of the root', async () => {
    const fw = app();
    expect((await fw.request('/file/missing.txt')).status).toBe(404);
    expect((await fw.request('/file/docs')).status).toBe(404);
    expect((await fw.request('/file/escape.txt')).status).toBe(403);
    const files = fileSender(site.root);
    const direct = new Fw();
    direct.get('/', (ctx) => files.sendFile(ctx, '../outside/secret.txt'));
    expect((await direct.request('/')).status).toBe(403);
  });

  it('does not send dotfiles unless allowed', async () => {
    expect((await app().request('/file/.env')).status).toBe(404);
    expect((await app({ dotfiles: true }).request('/file/.env')).status).toBe(200);
  });

  it('applies maxAge, setHeaders and precompressed variants', async () => {
    writeFileSync(join(site.root, 'digits.txt.gz'), gzipSync('0123456789'));
    const fw = app({ maxAge: 60, precompressed: ['gzip'], setHeaders: (headers) => headers.set('x-sent', '1') });
    const response = await fw.request('/named', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('x-sent')).toBe('1');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('refuses bad options at startup', () => {
    expect(() => fileSender('')).toThrow(/root must be a non-empty path/);
    expect(() => fileSender(site.root, { prefix: '/x' } as never)).toThrow(/prefix is a staticFiles option/);
    expect(() => fileSender(site.root, { maxAge: -1 })).toThrow(/maxAge/);
  });
});

describe('download', () => {
  it('offers the file as an attachment under its own name', async () => {
    const response = await app().request('/download/digits.txt');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=digits.txt');
    expect(await response.text()).toBe('0123456789');
  });

  it('names it with a UTF-8 filename* and an ASCII fallback (RFC 6266, RFC 8187)', async () => {
    const response = await app().request('/report', { method: 'POST' });
    expect(response.status).toBe(200);
    const header = response.headers.get('content-disposition')!;
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
    expect(header).toContain("filename*=UTF-8''Rapport%20%E2%80%93%20%C3%A9t%C3%A9%202026.pdf");
    expect(parse(header).parameters.filename).toBe('Rapport – été 2026.pdf');
  });

  it('escapes quotes and refuses header injection in the name', async () => {
    const fw = app();
    const quoted = await fw.request(`/as/${encodeURIComponent('a"b.txt')}`);
    expect(parse(quoted.headers.get('content-disposition')!).parameters.filename).toBe('a"b.txt');
    const injected = await fw.request(`/as/${encodeURIComponent('x\r\nSet-Cookie: a=b')}`);
    expect(injected.headers.get('set-cookie')).toBeNull();
  });

  it('uses the file name of a nested non-ASCII path', async () => {
    const response = await app().request(`/download/sub/${encodeURIComponent('rapport été.pdf')}`);
    expect(parse(response.headers.get('content-disposition')!).parameters.filename).toBe('rapport été.pdf');
  });

  it('answers 404 for a missing file', async () => {
    expect((await app().request('/download/nope.txt')).status).toBe(404);
  });
});
