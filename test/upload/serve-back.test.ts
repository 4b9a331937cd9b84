import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { staticFiles } from '../../src/static';
import { upload, type UploadedFile } from '../../src/upload';
import { form, png, polyglot } from './samples';

describe('uploaded files served back by staticFiles (fw/node serve on 127.0.0.1, port 0)', () => {
  let dir: string;
  let server: NodeServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fw-upload-serve-'));
    const app = new Fw();
    await app.plugin(upload({ storage: 'local', dir, maxSize: 64 * 1024, allowedMimeTypes: ['image/png', 'text/plain'] }));
    app.use(staticFiles(dir, { prefix: '/files' }));
    app.post('/upload', async (ctx) => ctx.files());
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const post = async (data: FormData) =>
    (await (await fetch(`${server.url}/upload`, { method: 'POST', body: data })).json()) as UploadedFile[];
  const fetchBack = (key: string) => fetch(`${server.url}/files/${encodeURIComponent(key)}`);

  it('a PNG/HTML polyglot named poly.html comes back as image/png with nosniff, never as HTML', async () => {
    const [file] = await post(form([['image', polyglot, 'poly.html', 'text/html']]));
    expect(file.key).toMatch(/-poly\.png$/);
    const res = await fetchBack(file.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(polyglot);
  });

  it('HTML-named text and a name reversed by a bidi control: neither comes back as text/html', async () => {
    const files = await post(
      form([
        ['page', 'Notes: <html><script>alert(1)</script></html>', 'page.html', 'text/html'],
        ['spoof', png, 'photo\u202Elmth.png', 'image/png'],
      ]),
    );
    expect(files.map((f) => f.key.slice(37))).toEqual(['page.txt', 'photolmth.png']);
    const types = await Promise.all(
      files.map(async (f) => {
        const res = await fetchBack(f.key);
        await res.arrayBuffer();
        return [res.status, res.headers.get('content-type'), res.headers.get('x-content-type-options')];
      }),
    );
    expect(types).toEqual([
      [200, 'text/plain; charset=utf-8', 'nosniff'],
      [200, 'image/png', 'nosniff'],
    ]);
  });
});
