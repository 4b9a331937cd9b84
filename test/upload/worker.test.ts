import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import type { UploadedFile } from '../../src/upload';
import { elf, form, pdf, png, polyglot } from './samples';

describe('upload to R2 in workerd (miniflare)', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/upload/fixtures/upload-worker.ts'), { cf: false, r2Buckets: ['UPLOADS'] });
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  /** Encodes the form here (Node's FormData is not miniflare's), then posts the bytes with their boundary. */
  const send = async (data: FormData) => {
    const encoded = new Request('http://encode.test/', { method: 'POST', body: data });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers = { 'content-type': encoded.headers.get('content-type')! };
    return (await mf.dispatchFetch('http://uploads.test/upload', { method: 'POST', body, headers })) as unknown as Response;
  };

  it('stores checked files in the bucket with the detected content type', async () => {
    const res = await send(
      form([
        ['note', 'hi'],
        ['avatar', png, '../me.png', 'image/png'],
        ['cv', pdf, 'cv.pdf', 'application/pdf'],
      ]),
    );
    expect(res.status).toBe(200);
    const { files, fields } = (await res.json()) as { files: UploadedFile[]; fields: Record<string, string> };
    expect(fields).toEqual({ note: 'hi' });
    expect(files.map((f) => [f.name, f.type, f.storage])).toEqual([
      ['me.png', 'image/png', 'r2'],
      ['cv.pdf', 'application/pdf', 'r2'],
    ]);
    const bucket = await mf.getR2Bucket('UPLOADS');
    const object = await bucket.get(files[0].key);
    expect(object?.httpMetadata?.contentType).toBe('image/png');
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(png);
  });

  it('a PNG/HTML polyglot named poly.html is stored under a .png key with image/png, as on local and S3 storage', async () => {
    const res = await send(form([['avatar', polyglot, 'poly.html', 'text/html']]));
    const { files } = (await res.json()) as { files: UploadedFile[] };
    expect(files.map((f) => [f.name, f.type])).toEqual([['poly.html', 'image/png']]);
    expect(files[0].key).toMatch(/^[0-9a-f-]{36}-poly\.png$/);
    const object = await (await mf.getR2Bucket('UPLOADS')).get(files[0].key);
    expect(object?.httpMetadata?.contentType).toBe('image/png');
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(polyglot);
  });

  it('refuses a spoofed type (415) and an oversized file (413), storing nothing', async () => {
    const bucket = await mf.getR2Bucket('UPLOADS');
    const before = (await bucket.list()).objects.length;
    const spoofed = await send(form([['avatar', elf, 'cat.png', 'image/png']]));
    expect(spoofed.status).toBe(415);
    await spoofed.text();
    const big = await send(form([['avatar', new Uint8Array(100 * 1024), 'big.png', 'image/png']]));
    expect(big.status).toBe(413);
    await big.text();
    expect((await bucket.list()).objects.length).toBe(before);
  });
});

describe('active content uploaded to R2 in workerd (miniflare)', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/upload/fixtures/active-worker.ts'), { cf: false, r2Buckets: ['UPLOADS'] });
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  const send = async (data: FormData) => {
    const encoded = new Request('http://encode.test/', { method: 'POST', body: data });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers = { 'content-type': encoded.headers.get('content-type')! };
    return (await mf.dispatchFetch('http://uploads.test/upload', { method: 'POST', body, headers })) as unknown as Response;
  };

  it('an allowed SVG is stored with Content-Disposition: attachment; HTML is refused (415) and never stored', async () => {
    const ok = await send(form([['logo', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.png', 'image/png']]));
    expect(ok.status).toBe(200);
    const { files } = (await ok.json()) as { files: UploadedFile[] };
    const bucket = await mf.getR2Bucket('UPLOADS');
    const object = await bucket.get(files[0].key);
    expect(object?.httpMetadata).toMatchObject({ contentType: 'image/svg+xml', contentDisposition: 'attachment' });
    await object?.arrayBuffer();
    const refused = await send(form([['page', '<!doctype html><script>alert(1)</script>', 'page.txt', 'text/plain']]));
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { code: string }).code).toBe('ACTIVE_CONTENT');
    expect((await bucket.list()).objects.map((o) => o.key)).toEqual([files[0].key]);
  });
});
