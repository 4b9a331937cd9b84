import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { rawExchange } from './helpers';

describe('the lazy Request fw/node hands handlers', () => {
  let server: NodeServer;

  beforeAll(async () => {
    const app = new Fw()
      .get('/shape', (ctx) => {
        const request = ctx.request;
        return {
          isRequest: request instanceof Request,
          tag: Object.prototype.toString.call(request),
          method: request.method,
          url: request.url,
          agent: request.headers.get('x-agent'),
          aborted: request.signal.aborted,
          body: request.body,
          copy: new Request(request).headers.get('x-agent'),
        };
      })
      .post('/clone', async (ctx) => {
        const copy = ctx.request.clone();
        return { first: await ctx.request.text(), second: await copy.json(), used: ctx.request.bodyUsed };
      })
      .post('/bytes', async (ctx) => ({ length: (await ctx.request.arrayBuffer()).byteLength }))
      .post('/stream', async (ctx) => ({ text: await new Response(ctx.request.body).text() }))
      .post('/form', async (ctx) => {
        const form = await ctx.request.formData();
        return { a: form.get('a'), b: form.get('b') };
      })
      .post('/twice', async (ctx) => {
        await ctx.request.text();
        return ctx.request.text();
      });
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });

  afterAll(() => server.stop());

  it('is a Request with method, url, headers, a live signal, and no body on GET', async () => {
    const res = await fetch(`${server.url}/shape?x=1`, { headers: { 'x-agent': 'test' } });
    expect(await res.json()).toEqual({
      isRequest: true,
      tag: '[object Request]',
      method: 'GET',
      url: `${server.url.replace('localhost', '127.0.0.1')}/shape?x=1`,
      agent: 'test',
      aborted: false,
      body: null,
      copy: 'test',
    });
  });

  it('normalizes the URL as new Request does', async () => {
    const raw = await rawExchange(server.port, ['GET /a/../shape HTTP/1.1\r\nHost: EXAMPLE.com:80\r\nConnection: close\r\n\r\n']);
    expect(raw).toMatch(/"url":"http:\/\/example\.com\/shape"/);
  });

  it('answers 400 in JSON when the Host makes no URL', async () => {
    const raw = await rawExchange(server.port, ['GET /shape HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n']);
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toMatch(/"code":"BAD_REQUEST"/);
  });

  it('reads, clones and streams bodies like a Request', async () => {
    const clone = await fetch(`${server.url}/clone`, { method: 'POST', body: '{"n":1}' });
    expect(await clone.json()).toEqual({ first: '{"n":1}', second: { n: 1 }, used: true });
    const bytes = await fetch(`${server.url}/bytes`, { method: 'POST', body: new Uint8Array(1000) });
    expect(await bytes.json()).toEqual({ length: 1000 });
    const stream = await fetch(`${server.url}/stream`, { method: 'POST', body: 'streamed' });
    expect(await stream.json()).toEqual({ text: 'streamed' });
    const form = await fetch(`${server.url}/form`, { method: 'POST', body: new URLSearchParams({ a: '1', b: 'two' }) });
    expect(await form.json()).toEqual({ a: '1', b: 'two' });
  });

  it('fails a second body read as a Request does (a 500, not a hang)', async () => {
    const res = await fetch(`${server.url}/twice`, { method: 'POST', body: 'once' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });
});

describe('fw/node request URLs', () => {
  let server: NodeServer;

  beforeAll(async () => {
    server = await serve(
      new Fw().all('/*', (ctx) => ctx.request.url),
      { port: 0, hostname: '127.0.0.1' },
    );
  });

  afterAll(() => server.stop());

  const targets = ['/', '/a/b?x=1&y=%20z', '/%7Efoo/./bar', '/a/../b', "/q?it's", '/a/.well-known', '/x?a=b/c:d@e', '/p?q={x}', '/a|b'];
  const hosts = [
    'example.com',
    'EXAMPLE.com',
    'example.com:80',
    'example.com:8080',
    'example.com:0080',
    'example.com:443',
    '127.0.0.1:3000',
    '[::1]:3000',
  ];

  it('a target with a malformed escape reaches the core, which answers 400 BAD_PATH', async () => {
    const raw = await rawExchange(server.port, ['GET /a%zz HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n']);
    expect(raw.startsWith('HTTP/1.1 400')).toBe(true);
    expect(raw).toContain('"code":"BAD_PATH"');
  });

  it('are what new URL makes of host and target, for plain and unusual ones', async () => {
    for (const host of hosts) {
      for (const target of targets) {
        const raw = await rawExchange(server.port, [`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`]);
        const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
        expect(body, `${host} ${target}`).toBe(new URL(`http://${host}${target}`).href);
      }
    }
  });
});
