import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { sanitizeFilename, upload, type UploadedFile, type UploadOptions } from '../../src/upload';
import { elf, form, gif, pdf, png, polyglot } from './samples';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fw-upload-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function app(options: Partial<UploadOptions> = {}): Promise<{ fw: Fw; uploaded: UploadedFile[] }> {
  const uploaded: UploadedFile[] = [];
  const fw = new Fw({ development: true });
  await fw.plugin(upload({ storage: 'local', dir, maxSize: 64 * 1024, onUpload: (file) => void uploaded.push(file), ...options }));
  fw.post('/upload', async (ctx: Context) => ({ files: await ctx.files(), fields: await ctx.fields(), avatar: await ctx.file('avatar') }));
  return { fw, uploaded };
}

const send = (fw: Fw, body: FormData | string | ReadableStream, headers: Record<string, string> = {}) =>
  fw.request('/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

const stored = () => readdirSync(dir);

describe('upload: bad uploads are refused and nothing is stored', () => {
  it('413 for a file over maxSize', async () => {
    const { fw, uploaded } = await app({ maxSize: 1024 });
    const res = await send(fw, form([['avatar', new Uint8Array(2048), 'big.bin']]));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(stored()).toEqual([]);
    expect(uploaded).toEqual([]);
  });

  it('413 while streaming: a 64 MiB body is abandoned after a small part of it was read', async () => {
    const { fw } = await app({ maxSize: 1024 });
    const boundary = 'fwboundary';
    const encoder = new TextEncoder();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="huge.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
        );
      },
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await send(fw, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('413 up front for a declared Content-Length beyond what the limits allow', async () => {
    const { fw } = await app({ maxSize: 1024, maxFiles: 1 });
    const res = await send(fw, 'x', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it('415 for content that is not what it claims (magic bytes decide), and nothing of the request is stored', async () => {
    const { fw } = await app({ allowedMimeTypes: ['image/png', 'image/gif'] });
    const res = await send(
      fw,
      form([
        ['ok', png, 'fine.png', 'image/png'],
        ['avatar', elf, 'cat.png', 'image/png'],
      ]),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      details: { detected: 'application/x-elf', declared: 'image/png' },
    });
    const text = await send(fw, form([['avatar', 'just text pretending', 'x.png', 'image/png']]));
    expect(text.status).toBe(415);
    expect(stored()).toEqual([]);
  });

  it('415 for a body that is not multipart/form-data; 400 for a malformed one', async () => {
    const { fw } = await app();
    expect((await send(fw, '{"a":1}', { 'content-type': 'application/json' })).status).toBe(415);
    expect((await send(fw, 'x', { 'content-type': 'multipart/form-data' })).status).toBe(415);
    const broken = await send(fw, '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.txt"\r\n\r\nunterminated', {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'INVALID_MULTIPART' });
  });

  it('413 for more files than maxFiles', async () => {
    const { fw } = await app({ maxFiles: 2 });
    const res = await send(
      fw,
      form([
        ['a', 'one', 'a.txt'],
        ['b', 'two', 'b.txt'],
        ['c', 'three', 'c.txt'],
      ]),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'TOO_MANY_FILES' });
    expect(stored()).toEqual([]);
  });

  it('hostile file names are sanitised and files never land outside dir', async () => {
    const { fw } = await app({ filename: (f) => f.name });
    const names = [
      '../../etc/passwd',
      '..\\..\\boot.ini',
      'CON.txt',
      '.htaccess',
      'a\u0000b.txt',
      '<script>.txt',
      '   ',
      'x'.repeat(300) + '.txt',
    ];
    const res = await send(fw, form(names.map((n, i) => [`f${i}`, `content ${i}`, n])));
    const { files } = (await res.json()) as { files: UploadedFile[] };
    expect(files.map((f) => f.name)).toEqual([
      'passwd',
      'boot.ini',
      '_CON.txt',
      'htaccess',
      'ab.txt',
      '_script_.txt',
      'file',
      `${'x'.repeat(196)}.txt`,
    ]);
    expect(stored().sort()).toEqual(files.map((f) => f.key).sort());
    for (const f of files) expect(f.location.startsWith(dir)).toBe(true);
  });

  it('a filename() that returns a path is reduced to a name', async () => {
    const { fw } = await app({ filename: () => '../../escape.txt' });
    const res = await send(fw, form([['avatar', 'hello', 'a.txt']]));
    expect(((await res.json()) as { avatar: UploadedFile }).avatar.key).toBe('escape.txt');
    expect(stored()).toEqual(['escape.txt']);
  });

  it('never overwrites an existing file (409)', async () => {
    const { fw } = await app({ filename: () => 'same.txt' });
    expect((await send(fw, form([['avatar', 'first', 'a.txt']]))).status).toBe(200);
    const clash = await send(fw, form([['avatar', 'second', 'a.txt']]));
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({ code: 'FILE_EXISTS' });
    expect(readFileSync(join(dir, 'same.txt'), 'utf8')).toBe('first');
  });

  it('rejects bad options with a TypeError naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [{}, /storage/],
      [{ storage: 'ftp' }, /storage/],
      [{ storage: 'local' }, /dir/],
      [{ storage: 'local', dir, maxSize: 0 }, /maxSize/],
      [{ storage: 'local', dir, maxFiles: -1 }, /maxFiles/],
      [{ storage: 'local', dir, allowedMimeTypes: ['png'] }, /allowedMimeTypes/],
      [{ storage: 'local', dir, allowedMimeTypes: [] }, /allowedMimeTypes/],
      [{ storage: 'local', dir, filename: 'x' }, /filename/],
      [{ storage: 'local', dir, onUpload: 1 }, /onUpload/],
      [{ storage: 's3' }, /s3.bucket/],
    ];
    for (const [options, message] of bad) expect(() => upload(options as UploadOptions)).toThrow(message);
  });
});

describe('upload: the stored extension always names the detected type', () => {
  it('a PNG/HTML polyglot named poly.html passes image/png and is stored as <uuid>-poly.png', async () => {
    const { fw } = await app({ allowedMimeTypes: ['image/png'] });
    const res = await send(fw, form([['avatar', polyglot, 'poly.html', 'text/html']]));
    expect(res.status).toBe(200);
    const { avatar } = (await res.json()) as { avatar: UploadedFile };
    expect(avatar).toMatchObject({ name: 'poly.html', type: 'image/png', declaredType: 'text/html' });
    expect(avatar.key).toMatch(/^[0-9a-f-]{36}-poly\.png$/);
    expect(stored()).toEqual([avatar.key]);
    expect(new Uint8Array(readFileSync(join(dir, avatar.key)))).toEqual(polyglot);
  });

  it('text that only mentions markup is stored as .txt; a name without extension gets one; a fitting one is kept as written', async () => {
    // Text that starts with markup is active content, refused by default: active-content.test.ts.
    const { fw } = await app();
    const res = await send(
      fw,
      form([
        ['page', 'Notes: <script>alert(1)</script>', 'page.html'],
        ['plain', 'just words', 'README'],
        ['photo', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'holiday.JPG'],
        ['sheet', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0]), 'budget.xlsx'],
        ['table', 'a,b\n1,2\n', 'data.csv'],
        ['blob', new Uint8Array([0, 1, 2, 3]), 'x.html'],
        ['script', 'console.log(1)', 'app.js'],
        ['fake', 'not a drawing', 'x.svg'],
      ]),
    );
    const { files } = (await res.json()) as { files: UploadedFile[] };
    expect(files.map((f) => f.key.slice(37))).toEqual([
      'page.txt',
      'README.txt',
      'holiday.JPG',
      'budget.xlsx',
      'data.csv',
      'x.bin',
      'app.txt',
      'x.txt',
    ]);
    expect(stored().sort()).toEqual(files.map((f) => f.key).sort());
  });

  it('applies to what filename() returns too', async () => {
    const { fw } = await app({ filename: () => 'avatar.html' });
    const res = await send(fw, form([['avatar', png, 'a.png', 'image/png']]));
    expect(((await res.json()) as { avatar: UploadedFile }).avatar.key).toBe('avatar.png');
    expect(stored()).toEqual(['avatar.png']);
  });

  it('bidi controls, zero-width and control characters are stripped from names and keys', async () => {
    const { fw } = await app({ filename: (f) => f.name });
    const names = [
      'invoice\u202Efdp.exe.txt',
      'a\u2066b\u2069c\u2067d\u2068.txt',
      'l\u202Ar\u202Bp\u202Cx\u202D.txt',
      'm\u200Er\u200Fa\u061C.txt',
      'z\u200Bw\u2060j.txt',
      'tab\there\u0085\u007f.txt',
    ];
    const res = await send(fw, form(names.map((n, i) => [`f${i}`, `content ${i}`, n])));
    const { files } = (await res.json()) as { files: UploadedFile[] };
    const clean = ['invoicefdp.exe.txt', 'abcd.txt', 'lrpx.txt', 'mra.txt', 'zwj.txt', 'tabhere.txt'];
    expect(files.map((f) => f.name)).toEqual(clean);
    expect(files.map((f) => f.key)).toEqual(clean);
    expect(stored().sort()).toEqual([...clean].sort());
  });
});

describe('upload: accepted uploads', () => {
  it('stores files locally, with ctx.file(), ctx.files(), ctx.fields() and onUpload', async () => {
    const { fw, uploaded } = await app({ allowedMimeTypes: ['image/*', 'application/pdf'] });
    const res = await send(
      fw,
      form([
        ['title', 'holiday'],
        ['avatar', png, 'me.png', 'image/png'],
        ['doc', pdf, 'cv.pdf', 'application/pdf'],
        ['pic', gif, 'anim.gif', 'application/octet-stream'],
      ]),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { files: UploadedFile[]; fields: Record<string, string>; avatar: UploadedFile };
    expect(body.fields).toEqual({ title: 'holiday' });
    expect(body.files.map((f) => [f.field, f.name, f.type, f.size])).toEqual([
      ['avatar', 'me.png', 'image/png', png.byteLength],
      ['doc', 'cv.pdf', 'application/pdf', pdf.byteLength],
      ['pic', 'anim.gif', 'image/gif', gif.byteLength],
    ]);
    expect(body.files[2].declaredType).toBe('application/octet-stream');
    expect(body.avatar).toMatchObject({ field: 'avatar', storage: 'local' });
    expect(body.avatar.key).toMatch(/^[0-9a-f-]{36}-me\.png$/);
    expect(new Uint8Array(readFileSync(body.avatar.location))).toEqual(png);
    expect(uploaded.map((f) => f.field)).toEqual(['avatar', 'doc', 'pic']);
  });

  it('parses once per request however often the handler asks; an empty file input is no file', async () => {
    const { fw, uploaded } = await app();
    const data = form([['avatar', 'hi', 'a.txt']]);
    data.append('empty', new Blob([]), '');
    const res = await send(fw, data);
    const body = (await res.json()) as { files: UploadedFile[] };
    expect(body.files).toHaveLength(1);
    expect(body.files[0].type).toBe('text/plain');
    expect(uploaded).toHaveLength(1);
  });

  it('a storage of your own', async () => {
    const objects = new Map<string, Uint8Array>();
    const fw = new Fw();
    await fw.plugin(
      upload({
        storage: { kind: 'memory', put: async (key, bytes) => (objects.set(key, bytes), `mem://${key}`) },
        filename: (f) => `${f.field}-${f.name}`,
      }),
    );
    fw.post('/upload', async (ctx) => ctx.file('avatar'));
    const res = await fw.request('/upload', { method: 'POST', body: form([['avatar', png, 'p.png']]) });
    expect(await res.json()).toMatchObject({ key: 'avatar-p.png', location: 'mem://avatar-p.png', storage: 'memory' });
    expect(objects.get('avatar-p.png')).toEqual(png);
  });

  it('sanitizeFilename never cuts a character in half when it shortens a name', () => {
    const short = sanitizeFilename(`a${'😀'.repeat(150)}.txt`);
    expect(short).toBe(`a${'😀'.repeat(97)}.txt`);
    expect(() => encodeURIComponent(short)).not.toThrow();
  });

  it('sanitizeFilename keeps ordinary names', () => {
    expect(sanitizeFilename('Résumé 2024 (final).pdf')).toBe('Résumé 2024 (final).pdf');
    expect(sanitizeFilename('photo.JPG')).toBe('photo.JPG');
  });
});
