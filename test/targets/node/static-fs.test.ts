import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFileSource } from 'fw/node';

const root = mkdtempSync(join(tmpdir(), 'fw-static-fs-'));
const big = new Uint8Array(200_000).map((_, i) => (i * 7) % 251);
writeFileSync(join(root, 'big.bin'), big);
writeFileSync(join(root, 'empty.txt'), '');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('nodeFileSource().read: a pull-driven file stream', () => {
  const source = nodeFileSource(root);

  it('streams a file larger than one chunk, whole and byte-exact', async () => {
    expect(await bytes(source.read('big.bin'))).toEqual(big);
  });

  it('streams an inclusive byte range, inside one chunk and across chunk borders', async () => {
    expect(await bytes(source.read('big.bin', 1024, 5119))).toEqual(big.subarray(1024, 5120));
    expect(await bytes(source.read('big.bin', 60_000, 140_000))).toEqual(big.subarray(60_000, 140_001));
    expect(await bytes(source.read('big.bin', 199_999, 199_999))).toEqual(big.subarray(199_999));
  });

  it('reads an empty file as an empty body, and a range past the end as what is there', async () => {
    expect((await bytes(source.read('empty.txt'))).byteLength).toBe(0);
    expect(await bytes(source.read('big.bin', 199_990, 300_000))).toEqual(big.subarray(199_990));
  });

  it('errors the stream (no hang) when the file is gone by the time it is read', async () => {
    await expect(bytes(source.read('missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops reading and closes the file when the consumer cancels after the first chunk', async () => {
    const reader = source.read('big.bin').getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(64 * 1024);
    await reader.cancel();
    expect(await reader.closed).toBeUndefined();
  });
});
