import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { node, serve, type NodeServeOptions, type NodeServer } from 'fw/node';
import { rawExchange } from './helpers';
import { jsonBody, slowClient } from './slow-client';

const headersTimeout = 1000;
const requestTimeout = 2000;
const keepAliveTimeout = 500;
const bodyReads: string[] = [];

function buildApp(): Fw {
  return new Fw()
    .get('/', () => 'hi')
    .post('/echo', async (ctx) => {
      try {
        return { bytes: (await ctx.request.text()).length };
      } catch (error) {
        const { status, code } = error as { status?: number; code?: string };
        bodyReads.push(`failed: ${status} ${code}`);
        throw error;
      }
    })
    .get('/slow', async () => {
      await new Promise((r) => setTimeout(r, requestTimeout + 500));
      return { ok: true };
    })
    .post('/stream-early', () => {
      let timer: ReturnType<typeof setInterval>;
      return new Response(
        new ReadableStream({
          start(controller) {
            timer = setInterval(() => controller.enqueue(new TextEncoder().encode('tick;')), 100);
          },
          cancel() {
            clearInterval(timer);
          },
        }),
      );
    });
}

function openConnections(server: NodeServer): Promise<number> {
  return new Promise((resolve, reject) => server.node.getConnections((error, count) => (error ? reject(error) : resolve(count))));
}

let server: NodeServer;

beforeAll(async () => {
  server = await serve(buildApp(), { port: 0, hostname: '127.0.0.1', headersTimeout, requestTimeout, keepAliveTimeout });
});

afterAll(() => server.stop());

describe('fw/node serve: request time-outs', () => {
  it('answers 408 with an fw JSON error when the headers trickle in past headersTimeout, and closes', async () => {
    const { answer, closedAfterMs } = await slowClient(server.port, 'GET / HTTP/1.1\r\nhost: x\r\n', 'x-slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer.toLowerCase()).toContain('content-type: application/json');
    expect(jsonBody(answer)).toEqual({ error: 'The request did not arrive in time', code: 'REQUEST_TIMEOUT' });
    expect(closedAfterMs).toBeGreaterThanOrEqual(headersTimeout - 50);
    expect(closedAfterMs).toBeLessThan(headersTimeout + 500);
  });

  it('answers 408 to a connection that sends nothing at all', async () => {
    const { answer, closedAfterMs } = await slowClient(server.port, '', null);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(headersTimeout + 500);
  });

  it('answers 431 with an fw JSON error to 20 KB of headers, and closes', async () => {
    const started = Date.now();
    const answer = await rawExchange(server.port, [`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20 * 1024)}\r\n\r\n`]);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(jsonBody(answer)).toEqual({ error: 'The request headers are too large', code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(headersTimeout);
  });

  it('answers other parser refusals with an fw JSON error too: 413 for huge chunk extensions, 400 for garbage', async () => {
    bodyReads.length = 0;
    const extension = await rawExchange(server.port, [
      `POST /echo HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n1;${'e'.repeat(20 * 1024)}\r\nx\r\n0\r\n\r\n`,
    ]);
    expect(extension).toMatch(/^HTTP\/1\.1 413 /);
    expect(jsonBody(extension)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(bodyReads).toEqual(['failed: 413 PAYLOAD_TOO_LARGE']);
    const garbage = await rawExchange(server.port, ['NOT HTTP AT ALL\r\n\r\n']);
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(jsonBody(garbage)).toEqual({ error: 'Malformed request', code: 'BAD_REQUEST' });
  });

  it('answers 408 and closes when the body trickles past requestTimeout; the handler sees its read fail; the server goes on', async () => {
    bodyReads.length = 0;
    const { answer, closedAfterMs } = await slowClient(server.port, 'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n', 'b');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonBody(answer)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(closedAfterMs).toBeGreaterThanOrEqual(requestTimeout - 50);
    expect(closedAfterMs).toBeLessThan(requestTimeout + 500);
    expect(bodyReads).toEqual(['failed: 408 REQUEST_TIMEOUT']);
    expect(await (await fetch(`${server.url}/`)).text()).toBe('hi');
  });

  it('closes all of 50 slow-body connections once requestTimeout has passed', async () => {
    const clients = await Promise.all(
      Array.from({ length: 50 }, () => slowClient(server.port, 'POST /echo HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n', 'b')),
    );
    expect(clients.filter((c) => c.answer.startsWith('HTTP/1.1 408 ')).length).toBe(50);
    // Node sweeps for expired requests every connectionsCheckingInterval (100 ms here), but 50 trickling clients share two cores
    // with the other test files: the bound says "closed soon after requestTimeout", not "at once".
    expect(Math.max(...clients.map((c) => c.closedAfterMs))).toBeLessThan(requestTimeout + 2500);
    expect(await openConnections(server)).toBe(0);
  });

  it('does not cut a handler slower than requestTimeout once the whole request has arrived', async () => {
    const res = await fetch(`${server.url}/slow`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('closes an idle keep-alive connection after keepAliveTimeout (plus the 1 s Node 20 adds)', async () => {
    const { answer, closedAfterMs } = await slowClient(server.port, 'GET / HTTP/1.1\r\nhost: x\r\n\r\n', null);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).not.toContain('408');
    expect(closedAfterMs).toBeGreaterThanOrEqual(keepAliveTimeout - 50);
    expect(closedAfterMs).toBeLessThan(keepAliveTimeout + 1000 + 500);
  });

  it('cuts a slow body behind a response already being streamed without writing a 408 into it', async () => {
    const { answer, closedAfterMs } = await slowClient(
      server.port,
      'POST /stream-early HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n',
      'b',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toContain('tick;');
    expect(answer).not.toContain('HTTP/1.1 408');
    expect(closedAfterMs).toBeGreaterThanOrEqual(requestTimeout - 50);
    expect(closedAfterMs).toBeLessThan(requestTimeout + 500);
  });
});

describe('fw/node serve: time-out options', () => {
  it('hands the defaults (headers 10 s, request 60 s, keep-alive 5 s) to node:http and checks every second', async () => {
    const plain = await serve(buildApp(), { port: 0, hostname: '127.0.0.1' });
    try {
      const {
        headersTimeout: h,
        requestTimeout: r,
        keepAliveTimeout: k,
        connectionsCheckingInterval: c,
      } = plain.node as typeof plain.node & { connectionsCheckingInterval: number };
      expect({ h, r, k, c }).toEqual({ h: 10_000, r: 60_000, k: 5_000, c: 1000 });
    } finally {
      await plain.stop();
    }
  });

  it('checks for expired requests at a tenth of the shorter limit, and takes 0 or Infinity as no limit', async () => {
    expect((server.node as typeof server.node & { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(100);
    const open = await serve(buildApp(), {
      port: 0,
      hostname: '127.0.0.1',
      headersTimeout: 0,
      requestTimeout: Infinity,
      keepAliveTimeout: 0,
    });
    try {
      expect([open.node.headersTimeout, open.node.requestTimeout, open.node.keepAliveTimeout]).toEqual([0, 0, 0]);
    } finally {
      await open.stop();
    }
  });

  it('applies the time-outs over HTTPS too', async () => {
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
    const secure = await serve(buildApp(), {
      port: 0,
      hostname: '127.0.0.1',
      headersTimeout,
      requestTimeout,
      tls: { key: readFileSync(join(dir, 'key.pem')), cert },
    });
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = tlsConnect({ port: secure.port, host: '127.0.0.1', ca: cert, servername: 'localhost' }, () =>
          socket.write('GET / HTTP/1.1\r\nhost: x\r\n'),
        );
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(jsonBody(answer)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    } finally {
      await secure.stop();
    }
  });

  it.each([
    ['headersTimeout', -1, RangeError, /headersTimeout must be a whole number of milliseconds >= 0/],
    ['requestTimeout', Number.NaN, RangeError, /requestTimeout must be a whole number of milliseconds >= 0.*got NaN/],
    ['keepAliveTimeout', 2.5, RangeError, /keepAliveTimeout must be a whole number/],
    ['keepAliveTimeout', '5000', TypeError, /keepAliveTimeout must be a number of milliseconds, got string/],
    ['requestTimeout', null, TypeError, /requestTimeout must be a number of milliseconds, got object/],
  ])('rejects %s: %s at startup, in serve() and in node()', async (name, value, type, message) => {
    const options = { port: 0, hostname: '127.0.0.1', [name]: value } as unknown as NodeServeOptions;
    await expect(serve(buildApp(), options)).rejects.toThrow(type);
    await expect(serve(buildApp(), options)).rejects.toThrow(message);
    expect(() => node(options)).toThrow(message);
  });

  it('rejects a headersTimeout longer than requestTimeout', async () => {
    await expect(serve(buildApp(), { port: 0, headersTimeout: 5000, requestTimeout: 1000 })).rejects.toThrow(
      /headersTimeout \(5000 ms\) must not be longer than requestTimeout \(1000 ms\)/,
    );
  });

  it('app.listen() through node() applies the adapter time-outs', async () => {
    const app = new Fw({ adapter: node({ headersTimeout: 700, requestTimeout: 1400 }), hostname: '127.0.0.1' }).get('/', () => 'hi');
    const running = await app.listen(0);
    try {
      const { answer, closedAfterMs } = await slowClient(running.port, 'GET / HTTP/1.1\r\n', 'x: 1\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(700 + 400);
    } finally {
      await app.stop();
    }
  });
});
