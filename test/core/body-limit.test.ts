import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { lambda } from 'fw/lambda';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { fixture } from '../targets/lambda/fixtures';
import { lambdaContext } from '../fixtures/lambda/context';

const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
const tooLarge = { error: 'Request body is larger than the limit of 1048576 bytes', code: 'PAYLOAD_TOO_LARGE' };

function jsonApp(config = {}): { app: Fw; handled: () => number } {
  const app = new Fw(config);
  let handled = 0;
  app.post('/items', async (ctx) => {
    handled++;
    return { size: JSON.stringify(await ctx.body()).length };
  });
  app.post('/text', async (ctx) => (await ctx.bodyText()).length);
  app.post('/form', async (ctx) => [...(await ctx.formData()).keys()]);
  return { app, handled: () => handled };
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, (offset += 64 * 1024)));
    },
  });
}

describe('the core enforces maxBodySize on every target (default 1 MiB)', () => {
  it('refuses a declared Content-Length over the limit with 413 before reading', async () => {
    const { app } = jsonApp();
    const response = await app.request('/items', { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });

  it('counts a streamed body without Content-Length and stops at the limit', async () => {
    const { app } = jsonApp();
    let pulled = 0;
    const source = streamOf(big);
    const counting = source.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    const request = new Request('http://localhost/text', { method: 'POST', body: counting, duplex: 'half' } as RequestInit);
    const response = await app.fetch(request);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(1024 * 1024 + 256 * 1024);
  });

  it('reads a body without Content-Length whole, in one chunk or many, as text and as bytes', async () => {
    const app = new Fw();
    app.post('/text', (ctx) => ctx.bodyText());
    app.post('/bytes', async (ctx) => [...new Uint8Array(await ctx.bodyBytes())].length);
    app.post('/json', (ctx) => ctx.body());
    const text = `\u00e9${'y'.repeat(200 * 1024)}\u20ac`;
    const post = (path: string, body: BodyInit) =>
      app.fetch(new Request(`http://localhost${path}`, { method: 'POST', body, duplex: 'half' } as RequestInit));
    expect(await (await post('/text', streamOf(text))).text()).toBe(text);
    expect(await (await post('/bytes', streamOf(text))).json()).toBe(new TextEncoder().encode(text).byteLength);
    expect(await (await post('/text', '\ufeffbom')).text()).toBe('bom');
    expect(await (await post('/bytes', '\u00e9')).json()).toBe(2);
    expect(await (await post('/json', '{"a":[1]}')).json()).toEqual({ a: [1] });
    expect((await post('/json', '{"a":')).status).toBe(400);
    expect((await post('/text', streamOf(''))).status).toBe(200);
  });

  it('form bodies over the limit are a 413, not "Malformed form body"', async () => {
    const { app } = jsonApp();
    const form = new FormData();
    form.set('file', new Blob(['x'.repeat(1024 * 1024 + 1)]), 'a.bin');
    expect((await app.request('/form', { method: 'POST', body: form })).status).toBe(413);
  });

  it('accepts bodies within the limit, and the limit is configurable', async () => {
    const { app } = jsonApp({ maxBodySize: 3 * 1024 * 1024 });
    const response = await app.request('/items', { method: 'POST', body: big, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    const small = jsonApp({ maxBodySize: 10 });
    expect((await small.app.request('/text', { method: 'POST', body: '0123456789' })).status).toBe(200);
    expect((await small.app.request('/text', { method: 'POST', body: '0123456789a' })).status).toBe(413);
    const unlimited = jsonApp({ maxBodySize: Infinity });
    expect((await unlimited.app.request('/items', { method: 'POST', body: big })).status).toBe(200);
  });

  it.each([-1, 1.5, NaN, '1mb'])('new Fw({ maxBodySize: %s }) throws at startup', (value) => {
    expect(() => new Fw({ maxBodySize: value as number })).toThrow('maxBodySize');
  });

  it('Lambda: a 2 MiB event body is a 413 before the handler parses it', async () => {
    const { app, handled } = jsonApp();
    const event = fixture('apigw-v2');
    event.requestContext.http.method = 'POST';
    event.rawPath = '/items';
    event.requestContext.http.path = '/items';
    event.body = big;
    event.isBase64Encoded = false;
    event.headers = { ...event.headers, 'content-type': 'application/json' };
    delete event.headers['content-length'];
    const result = (await lambda(app)(event, lambdaContext())) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(413);
    expect(JSON.parse(result.body)).toEqual(tooLarge);
    expect(handled()).toBe(1);
  });
});

describe('maxBodySize in workerd', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/core/fixtures/body-limit-worker.ts'));
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  it('a 2 MiB JSON body is a 413 with the JSON error body, not a validation answer', async () => {
    const response = await mf.dispatchFetch('http://worker.test/items', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    const ok = await mf.dispatchFetch('http://worker.test/items', {
      method: 'POST',
      body: '{"name":"ok"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
  });
});

describe('fw/node takes the app maxBodySize as its default', () => {
  it('a 1.5 MiB body passes when the app allows 2 MiB, and the app limit holds at the socket', async () => {
    const { serve } = await import('fw/node');
    const { app } = jsonApp({ maxBodySize: 2 * 1024 * 1024 });
    const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    try {
      const ok = await fetch(`${server.url}/text`, { method: 'POST', body: 'x'.repeat(1.5 * 1024 * 1024) });
      expect(await ok.text()).toBe(String(1.5 * 1024 * 1024));
      const refused = await fetch(`${server.url}/text`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024 + 1) });
      expect(refused.status).toBe(413);
    } finally {
      await server.stop();
    }
  });
});
