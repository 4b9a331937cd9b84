import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest, get as httpGet } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { node, serve, type NodeServer } from 'fw/node';
import { getColdStartStats } from 'fw/serverless';
import { rawExchange, until } from './helpers';

const events: string[] = [];
let produced = 0;

function buildApp(): Fw {
  return new Fw()
    .get('/', () => ({ hello: 'world' }))
    .get('/echo-query', (ctx) => ({ query: ctx.query, agent: ctx.header('x-agent'), env: typeof ctx.env.incoming }))
    .post('/echo', async (ctx) => ({ got: await ctx.body() }))
    .post('/size', async (ctx) => ({ bytes: (await ctx.request.arrayBuffer()).byteLength }))
    .post('/stream-size', async (ctx) => {
      let bytes = 0;
      for await (const chunk of ctx.request.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      return { bytes };
    })
    .post('/twice', async (ctx) => {
      const before = ctx.request.bodyUsed;
      const first = await ctx.request.text();
      const second = await ctx.request.text().then(
        () => 'read again',
        (error: Error) => error.name,
      );
      return { before, first, second, after: ctx.request.bodyUsed, streamUsed: ctx.request.body !== null && ctx.request.bodyUsed };
    })
    .get('/url', (ctx) => ({ url: ctx.request.url, query: ctx.query, proto: Object.getPrototypeOf(ctx.query) === Object.prototype }))
    .post('/ignore', () => 'ignored')
    .get('/cookies', (ctx) => {
      ctx.setCookie('a', '1');
      ctx.setCookie('b', '2', { httpOnly: true });
      return 'ok';
    })
    .get('/boom', () => {
      throw new Error('kaput');
    })
    .get(
      '/wait-abort',
      (ctx) =>
        new Promise((resolve) => {
          events.push('waiting');
          ctx.request.signal.addEventListener('abort', () => {
            events.push('aborted');
            resolve('never sent');
          });
        }),
    )
    .get('/stream', () => {
      let i = 0;
      return new Response(
        new ReadableStream({
          pull(controller) {
            if (i === 3) return controller.close();
            controller.enqueue(new TextEncoder().encode(`chunk${i++};`));
          },
        }),
      );
    })
    .get('/broken-stream', () => {
      let sent = false;
      return new Response(
        new ReadableStream({
          async pull(controller) {
            if (sent) {
              await new Promise((r) => setTimeout(r, 30));
              return controller.error(new Error('source failed'));
            }
            sent = true;
            controller.enqueue(new TextEncoder().encode('partial'));
          },
        }),
      );
    })
    .get('/broken-at-once', () => new Response(new ReadableStream({ pull: (c) => c.error(new Error('no data')) })))
    .get('/firehose', () => {
      const chunk = new Uint8Array(64 * 1024);
      return new Response(
        new ReadableStream(
          {
            pull(controller) {
              produced += chunk.byteLength;
              if (produced > 256 * 1024 * 1024) return controller.close();
              controller.enqueue(chunk);
            },
          },
          { highWaterMark: 0 },
        ),
      );
    });
}

let server: NodeServer;
let base: string;

beforeAll(async () => {
  server = await serve(buildApp(), { port: 0, hostname: '127.0.0.1', maxBodySize: 1000 });
  base = server.url;
});

afterAll(() => server.stop());

describe('fw/node serve: HTTP', () => {
  it('answers JSON with the status, content type and length', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-length')).toBe('17');
    expect(await res.json()).toEqual({ hello: 'world' });
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('passes the query, the headers and the Node request (ctx.env.incoming)', async () => {
    const res = await fetch(`${base}/echo-query?name=fw&n=2`, { headers: { 'x-agent': 'vitest' } });
    expect(await res.json()).toEqual({ query: { name: 'fw', n: '2' }, agent: 'vitest', env: 'object' });
  });

  it('streams a request body into the handler', async () => {
    const res = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: [1, 2, 3] }),
    });
    expect(await res.json()).toEqual({ got: { a: [1, 2, 3] } });
  });

  it('accepts a chunked body under the limit', async () => {
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(400));
        c.enqueue(new Uint8Array(400));
        c.close();
      },
    });
    const res = await fetch(`${base}/size`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await res.json()).toEqual({ bytes: 800 });
  });

  it('reads a body as a stream when a handler asks for request.body', async () => {
    const res = await fetch(`${base}/stream-size`, { method: 'POST', body: 'x'.repeat(900) });
    expect(await res.json()).toEqual({ bytes: 900 });
  });

  it('reads a body once, as a Request does, when text() is called twice', async () => {
    const res = await fetch(`${base}/twice`, { method: 'POST', body: 'héllo' });
    expect(await res.json()).toEqual({ before: false, first: 'héllo', second: 'TypeError', after: true, streamUsed: true });
  });

  it('answers 413 when a chunked body read as a stream grows past maxBodySize', async () => {
    const chunk = (n: number) => `${n.toString(16)}\r\n${'y'.repeat(n)}\r\n`;
    const answer = await rawExchange(server.port, [
      `POST /stream-size HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n`,
      chunk(600),
      chunk(600),
      '0\r\n\r\n',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
  });

  it('answers 413 at once when Content-Length is over maxBodySize, in the app format, and closes', async () => {
    const answer = await rawExchange(server.port, [
      `POST /size HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: 5000\r\n\r\n`,
      'x'.repeat(100),
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
  });

  it('answers 413 when a chunked body grows past maxBodySize while streaming, and closes', async () => {
    const chunk = (n: number) => `${n.toString(16)}\r\n${'y'.repeat(n)}\r\n`;
    const answer = await rawExchange(server.port, [
      `POST /size HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n`,
      chunk(600),
      chunk(600),
      chunk(600),
      '0\r\n\r\n',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
  });

  it('answers 400 and closes when the bytes sent run past a lying Content-Length', async () => {
    const answer = await rawExchange(server.port, [`POST /size HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\n\r\n`, 'z'.repeat(5000)]);
    expect(answer).toContain('HTTP/1.1 400 Bad Request');
    expect(answer.toLowerCase()).toContain('connection: close');
  });

  it('keeps the connection usable after a handler ignores a small body', async () => {
    const answer = await rawExchange(server.port, [
      `POST /ignore HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\n0123456789`,
      `GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`,
    ]);
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(answer).toContain('ignored');
    expect(answer).toContain('{"hello":"world"}');
  });

  it('keeps several Set-Cookie headers separate', async () => {
    const cookies = await new Promise<string[]>((resolve, reject) => {
      httpGet(`${base}/cookies`, (res) => {
        res.resume();
        resolve(res.headers['set-cookie'] ?? []);
      }).on('error', reject);
    });
    expect(cookies).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const res = await fetch(`${base}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.text()).toBe('');
  });

  it('turns a throwing handler into a 500 error body', async () => {
    const res = await fetch(`${base}/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('answers 404 and 405 from the core', async () => {
    expect((await fetch(`${base}/nope`)).status).toBe(404);
    expect((await fetch(`${base}/cookies`, { method: 'DELETE' })).status).toBe(405);
  });

  it('writes the request URL as new URL() would, whatever the Host header looks like', async () => {
    const urlFor = async (host: string) => {
      const answer = await rawExchange(server.port, [`GET /url?__proto__=x&a=1 HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`]);
      return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { url: string; query: Record<string, string>; proto: boolean };
    };
    expect((await urlFor('example.com:54321')).url).toBe('http://example.com:54321/url?__proto__=x&a=1');
    expect((await urlFor('EXAMPLE.com:80')).url).toBe('http://example.com/url?__proto__=x&a=1');
    expect((await urlFor('example.com:08080')).url).toBe('http://example.com:8080/url?__proto__=x&a=1');
    expect((await urlFor('0x7f.1')).url).toBe('http://127.0.0.1/url?__proto__=x&a=1');
    const dotted = await rawExchange(server.port, [`GET /x/%2E%2e/url HTTP/1.1\r\nhost: example.com:54321\r\nconnection: close\r\n\r\n`]);
    expect(JSON.parse(dotted.slice(dotted.indexOf('\r\n\r\n') + 4)).url).toBe('http://example.com:54321/url');
    const { query, proto } = await urlFor('example.com');
    expect(query).toEqual({ ['__proto__']: 'x', a: '1' });
    expect(Object.keys(query)).toEqual(['__proto__', 'a']);
    expect(proto).toBe(true);
  });

  it('answers 400 to a Host header with a port past 65535', async () => {
    const answer = await rawExchange(server.port, [`GET / HTTP/1.1\r\nhost: example.com:99999\r\nconnection: close\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  it('answers 400 to a Host header that makes no URL', async () => {
    const answer = await rawExchange(server.port, [`GET / HTTP/1.1\r\nhost: bad host:1:2\r\nconnection: close\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('BAD_REQUEST');
  });

  it('accepts an absolute-form request target and answers 400 to one that is no URL', async () => {
    const ok = await rawExchange(server.port, [
      `GET http://example.test/echo-query?x=1 HTTP/1.1\r\nhost: example.test\r\nconnection: close\r\n\r\n`,
    ]);
    expect(ok).toMatch(/^HTTP\/1\.1 200/);
    expect(ok).toContain('"query":{"x":"1"}');
    const bad = await rawExchange(server.port, [`GET nonsense HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`]);
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
  });

  it('streams a response chunk by chunk', async () => {
    const res = await fetch(`${base}/stream`);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(await res.text()).toBe('chunk0;chunk1;chunk2;');
  });

  it('answers 500 when a streamed body fails before anything was sent', async () => {
    const res = await fetch(`${base}/broken-at-once`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
  });

  it('cuts the connection when a streamed body fails half-way, and keeps serving', async () => {
    const failed = await fetch(`${base}/broken-stream`)
      .then((res) => res.text())
      .then(
        () => 'completed',
        (e: Error) => e.name,
      );
    expect(failed).toBe('TypeError');
    expect(await (await fetch(`${base}/`)).json()).toEqual({ hello: 'world' });
  });

  it('applies back-pressure: a client that stops reading stops the producer', async () => {
    produced = 0;
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${base}/firehose`, (res) => {
        res.pause();
        let last = -1;
        const settle = setInterval(() => {
          if (produced === last) {
            clearInterval(settle);
            try {
              expect(produced).toBeLessThan(32 * 1024 * 1024);
              resolve();
            } catch (e) {
              reject(e);
            } finally {
              req.destroy();
            }
          }
          last = produced;
        }, 200);
      });
      req.on('error', () => undefined);
      req.end();
    });
    expect(produced).toBeGreaterThan(0);
  });

  it('aborts request.signal when the client disconnects', async () => {
    events.length = 0;
    const controller = new AbortController();
    const pending = fetch(`${base}/wait-abort`, { signal: controller.signal }).catch((e: Error) => e.name);
    await until(() => events.includes('waiting'));
    controller.abort();
    expect(await pending).toBe('AbortError');
    await until(() => events.includes('aborted'));
    expect(events).toEqual(['waiting', 'aborted']);
  });

  it('counts invocations in the cold-start statistics', async () => {
    const before = getColdStartStats().invocations;
    await (await fetch(`${base}/`)).text();
    const stats = getColdStartStats();
    expect(stats.target).toBe('node');
    expect(stats.invocations).toBe(before + 1);
  });
});

describe('fw/node serve: options and lifecycle', () => {
  it('serves HTTPS with tls.key and tls.cert', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fw-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    const secure = await serve(buildApp(), { port: 0, hostname: '127.0.0.1', tls: { key: readFileSync(join(dir, 'key.pem')), cert } });
    try {
      expect(secure.url).toMatch(/^https:/);
      const body = await new Promise<string>((resolve, reject) => {
        httpsRequest(`${secure.url}/`, { ca: cert, servername: 'localhost' }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      expect(JSON.parse(body)).toEqual({ hello: 'world' });
    } finally {
      await secure.stop();
    }
  });

  it('takes maxBodySize: Infinity as no limit', async () => {
    const open = await serve(buildApp(), { port: 0, hostname: '127.0.0.1', maxBodySize: Infinity });
    try {
      const res = await fetch(`${open.url}/size`, { method: 'POST', body: new Uint8Array(3 * 1024 * 1024) });
      expect(await res.json()).toEqual({ bytes: 3 * 1024 * 1024 });
    } finally {
      await open.stop();
    }
  });

  it('rejects a bad maxBodySize', async () => {
    await expect(serve(buildApp(), { port: 0, maxBodySize: -1 })).rejects.toThrow(RangeError);
  });

  it('app.listen() finds fw/node by itself and stop() closes it', async () => {
    const app = buildApp();
    const running = await app.listen(0);
    expect(running.port).toBeGreaterThan(0);
    expect(await (await fetch(`http://127.0.0.1:${running.port}/`)).json()).toEqual({ hello: 'world' });
    await app.stop();
    await expect(fetch(`http://127.0.0.1:${running.port}/`)).rejects.toThrow();
  });

  it('node() is an adapter for new Fw({ adapter })', async () => {
    const app = new Fw({ adapter: node({ maxBodySize: 10 }), hostname: '127.0.0.1' }).post('/size', async (ctx) => ({
      bytes: (await ctx.request.arrayBuffer()).byteLength,
    }));
    const running = await app.listen(0);
    try {
      const res = await fetch(`http://127.0.0.1:${running.port}/size`, { method: 'POST', body: 'x'.repeat(11) });
      expect(res.status).toBe(413);
    } finally {
      await app.stop();
    }
  });
});
