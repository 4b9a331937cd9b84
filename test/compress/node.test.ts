import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { compress } from '../../src/compress';

const BODY = 'line of text\n'.repeat(500);
let server: NodeServer | null = null;
afterAll(async () => {
  await server?.stop();
});

function raw(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('compress on a real Node server', () => {
  it('puts gzip bytes on the wire that decode once to the body, and plain bytes for identity', async () => {
    const app = new Fw();
    app.use(compress());
    app.get('/', () => BODY);
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    const url = `http://127.0.0.1:${server.port}/`;
    const gz = await raw(url, 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gz.bytes.length).toBeLessThan(BODY.length / 10);
    expect(gunzipSync(gz.bytes).toString()).toBe(BODY);
    const plain = await raw(url, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.bytes.toString()).toBe(BODY);
  });
});
