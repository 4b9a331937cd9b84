import { describe, expect, it } from 'vitest';
import { Fw, etag } from 'fw';
import { compress, type CompressOptions } from '../../src/compress';
import { negotiateEncoding } from '../../src/compress/negotiate';
import { isCompressible, supportedEncodings } from '../../src/compress/formats';

const BIG = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) });

function appWith(options?: CompressOptions): Fw {
  const app = new Fw();
  app.use(compress(options));
  app.get('/big', (ctx) => ctx.setHeader('content-type', 'application/json') && BIG);
  app.get('/small', () => ({ ok: true }));
  app.get('/png', () => new Response(new Uint8Array(5000), { headers: { 'content-type': 'image/png' } }));
  app.get('/encoded', () => new Response(BIG, { headers: { 'content-type': 'application/json', 'content-encoding': 'identity-ish' } }));
  app.get('/notransform', () => new Response(BIG, { headers: { 'content-type': 'application/json', 'cache-control': 'no-transform' } }));
  app.get(
    '/events',
    () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode(`data: ${'x'.repeat(5000)}\n\n`));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  );
  app.get(
    '/stream',
    () =>
      new Response(
        new ReadableStream({
          start(c) {
            for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode('y'.repeat(500)));
            c.close();
          },
        }),
        { headers: { 'content-type': 'text/plain' } },
      ),
  );
  app.get('/sized', () => new Response('z'.repeat(100), { headers: { 'content-type': 'text/plain', 'content-length': '100' } }));
  return app;
}

async function inflate(res: Response, format: CompressionFormat): Promise<string> {
  return new Response(res.body!.pipeThrough(new DecompressionStream(format))).text();
}

describe('negotiateEncoding', () => {
  it('never throws on garbage and yields identity', () => {
    for (const header of ['', '   ', ';;;', 'gzip;q=abc', 'gzip;q=2', '\u0000', 'g zip', ',,,'])
      expect(negotiateEncoding(header, ['gzip', 'deflate'])).toBeNull();
    expect(negotiateEncoding(null, ['gzip'])).toBeNull();
  });

  it('honours q-values, q=0 refusals, * and server order on ties', () => {
    expect(negotiateEncoding('gzip, deflate', ['br', 'gzip', 'deflate'])).toBe('gzip');
    expect(negotiateEncoding('deflate, gzip', ['gzip', 'deflate'])).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.5, deflate;q=0.9', ['gzip', 'deflate'])).toBe('deflate');
    expect(negotiateEncoding('*;q=0.1, gzip;q=0', ['gzip', 'deflate'])).toBe('deflate');
    expect(negotiateEncoding('br', ['gzip', 'deflate'])).toBeNull();
    expect(negotiateEncoding('x-gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('identity', ['gzip'])).toBeNull();
  });
});

describe('compress: bad input', () => {
  it('rejects bad options', () => {
    expect(() => compress({ threshold: -1 })).toThrow('threshold must be a whole number');
    expect(() => compress({ encodings: ['zstd' as never] })).toThrow('unknown encoding "zstd"');
  });

  it('answers uncompressed to a garbage or missing Accept-Encoding, with Vary', async () => {
    const app = appWith();
    const cases: Record<string, string>[] = [{}, { 'accept-encoding': ';q=;;,' }, { 'accept-encoding': 'gzip;q=0' }];
    for (const headers of cases) {
      const res = await app.request('/big', { headers });
      expect(res.headers.has('content-encoding')).toBe(false);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(await res.text()).toBe(BIG);
    }
  });
});

describe('compress', () => {
  it('gzips and deflates large text bodies that decompress to the original', async () => {
    const app = appWith();
    const gz = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.has('content-length')).toBe(false);
    expect(await inflate(gz, 'gzip')).toBe(BIG);
    const df = await app.request('/big', { headers: { 'accept-encoding': 'deflate' } });
    expect(df.headers.get('content-encoding')).toBe('deflate');
    expect(await inflate(df, 'deflate')).toBe(BIG);
  });

  it('compresses a stream of unknown length past the threshold', async () => {
    const res = await appWith().request('/stream', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await inflate(res, 'gzip')).toBe('y'.repeat(5000));
  });

  it('skips small bodies, images, encoded bodies, no-transform, event streams and HEAD', async () => {
    const app = appWith();
    const ae = { headers: { 'accept-encoding': 'gzip' } };
    for (const path of ['/small', '/png', '/encoded', '/notransform', '/sized']) {
      const res = await app.request(path, ae);
      expect(res.headers.get('content-encoding'), path).not.toBe('gzip');
      await res.arrayBuffer();
    }
    const events = await app.request('/events', ae);
    expect(events.headers.has('content-encoding')).toBe(false);
    const reader = events.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(5000);
    await reader.cancel();
    const head = await app.request('/big', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers.has('content-encoding')).toBe(false);
  });

  it('weakens a strong ETag on the compressed variant', async () => {
    const app = new Fw();
    app.use(compress());
    app.use(etag());
    app.get('/', (ctx) => ctx.setHeader('content-type', 'application/json') && BIG);
    const res = await app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{27}"$/);
    expect(await inflate(res, 'gzip')).toBe(BIG);
  });

  it('respects a threshold of 0 and a custom filter', async () => {
    const app = appWith({ threshold: 0, filter: (type) => type === 'image/png' });
    const png = await app.request('/png', { headers: { 'accept-encoding': 'gzip' } });
    expect(png.headers.get('content-encoding')).toBe('gzip');
    expect((await new Response(png.body!.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer()).byteLength).toBe(5000);
  });

  it('knows which types compress and which codings this runtime has', () => {
    expect(isCompressible('application/json; charset=utf-8')).toBe(true);
    expect(isCompressible('application/vnd.api+json')).toBe(true);
    expect(isCompressible('image/svg+xml')).toBe(true);
    expect(isCompressible('image/jpeg')).toBe(false);
    expect(isCompressible('application/zip')).toBe(false);
    expect(isCompressible(null)).toBe(false);
    expect(supportedEncodings().has('gzip')).toBe(true);
  });
});
