import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { upload, type UploadedFile } from '../../src/upload';
import { form, png } from './samples';

describe('upload over real HTTP (fw/node serve on 127.0.0.1, port 0)', () => {
  let dir: string;
  let server: NodeServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fw-upload-http-'));
    const app = new Fw();
    await app.plugin(upload({ storage: 'local', dir, maxSize: 512 * 1024, maxFiles: 2, allowedMimeTypes: ['image/png', 'text/plain'] }));
    app.post('/upload', async (ctx) => ctx.files());
    server = await serve(app, { port: 0, hostname: '127.0.0.1', maxBodySize: 4 * 1024 * 1024 });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a 300 KB file sent by fetch', async () => {
    const big = new Uint8Array(300 * 1024);
    big.set(png);
    const res = await fetch(`${server.url}/upload`, { method: 'POST', body: form([['avatar', big, 'big.png', 'image/png']]) });
    expect(res.status).toBe(200);
    const [file] = (await res.json()) as UploadedFile[];
    expect(file).toMatchObject({ type: 'image/png', size: big.byteLength });
    expect(readFileSync(file.location).byteLength).toBe(big.byteLength);
  });

  it('413 for a file over maxSize, and nothing is left in dir', async () => {
    const before = readdirSync(dir).length;
    const res = await fetch(`${server.url}/upload`, {
      method: 'POST',
      body: form([['avatar', new Uint8Array(600 * 1024), 'big.txt', 'text/plain']]),
    });
    expect(res.status).toBe(413);
    expect(readdirSync(dir)).toHaveLength(before);
  });
});
