import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { upload, type UploadedFile } from '../../src/upload';
import { elf, form, png, polyglot } from './samples';

describe('upload to S3 (@aws-sdk/client-s3 against a local s3rver on 127.0.0.1)', () => {
  let server: S3rver;
  let dir: string;
  let client: Record<string, unknown>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fw-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'uploads', configs: [] }],
    });
    const { port } = await server.run();
    client = {
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    };
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function app(): Promise<Fw> {
    const fw = new Fw();
    await fw.plugin(upload({ storage: 's3', s3: { bucket: 'uploads', prefix: 'avatars/', client }, allowedMimeTypes: ['image/png'] }));
    fw.post('/upload', async (ctx) => ctx.file('avatar'));
    return fw;
  }

  it('stores the object under the prefix with the detected content type', async () => {
    const res = await (await app()).request('/upload', {
      method: 'POST',
      body: form([['avatar', png, 'me.png', 'application/octet-stream']]),
    });
    expect(res.status).toBe(200);
    const file = (await res.json()) as UploadedFile;
    expect(file).toMatchObject({ storage: 's3', type: 'image/png', name: 'me.png' });
    expect(file.location).toBe(`avatars/${file.key}`);
    const object = await new S3Client(client).send(new GetObjectCommand({ Bucket: 'uploads', Key: file.location }));
    expect(object.ContentType).toBe('image/png');
    expect(await object.Body!.transformToByteArray()).toEqual(png);
  });

  it('a PNG/HTML polyglot named poly.html is stored under a .png key as image/png, as on local and R2 storage', async () => {
    const res = await (await app()).request('/upload', { method: 'POST', body: form([['avatar', polyglot, 'poly.html', 'text/html']]) });
    const file = (await res.json()) as UploadedFile;
    expect(file.key).toMatch(/^[0-9a-f-]{36}-poly\.png$/);
    const object = await new S3Client(client).send(new GetObjectCommand({ Bucket: 'uploads', Key: `avatars/${file.key}` }));
    expect(object.ContentType).toBe('image/png');
    expect(await object.Body!.transformToByteArray()).toEqual(polyglot);
  });

  it('refuses a spoofed type before anything reaches the bucket', async () => {
    const res = await (await app()).request('/upload', { method: 'POST', body: form([['avatar', elf, 'me.png', 'image/png']]) });
    expect(res.status).toBe(415);
  });

  it('active content is refused by default, and stored with Content-Disposition: attachment when allowed', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const refused = await (await app()).request('/upload', { method: 'POST', body: form([['avatar', svg, 'me.png', 'image/png']]) });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { code: string }).code).toBe('ACTIVE_CONTENT');
    const fw = new Fw();
    await fw.plugin(upload({ storage: 's3', s3: { bucket: 'uploads', prefix: 'svg/', client }, allowActiveContent: ['image/svg+xml'] }));
    fw.post('/upload', async (ctx) => ctx.file('avatar'));
    const res = await fw.request('/upload', { method: 'POST', body: form([['avatar', svg, 'me.png', 'image/png']]) });
    const file = (await res.json()) as UploadedFile;
    expect(file.key).toMatch(/-me\.svg$/);
    const head = await new S3Client(client).send(new HeadObjectCommand({ Bucket: 'uploads', Key: file.location }));
    expect([head.ContentType, head.ContentDisposition]).toEqual(['image/svg+xml', 'attachment']);
  });
});
