import type { Miniflare } from 'miniflare';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

const expected = JSON.stringify({ items: Array.from({ length: 1000 }, (_, i) => i) });

describe('compress in workerd (miniflare): the runtime encodes, compress() negotiates', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/compress/fixtures/compress-worker.ts'));
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  /** A plain HTTP client that does not decode, so the bytes on the wire are checked. */
  async function raw(acceptEncoding: string): Promise<{ encoding: string | null; vary: string | null; bytes: Buffer }> {
    const url = new URL('/big', await mf.ready);
    return new Promise((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            encoding: (res.headers['content-encoding'] as string | undefined) ?? null,
            vary: (res.headers.vary as string | undefined) ?? null,
            bytes: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    });
  }

  it('sends gzip and br bodies encoded exactly once', async () => {
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gz.bytes).toString()).toBe(expected);
    const br = await raw('br, gzip');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(expected);
  });

  it('knows the runtime encodes br and gzip (CompressionStream there has gzip and deflate only)', async () => {
    const codings = (await (await mf.dispatchFetch('http://app.test/codings')).json()) as { stream: string[]; available: string[] };
    expect(codings).toEqual({ stream: ['gzip', 'deflate'], available: ['br', 'gzip'] });
  });
});
