import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/** Opens a ws client and resolves once open, with its messages queued for `next()`. */
export function client(url: string): Promise<{
  ws: WebSocket;
  next: () => Promise<string | Buffer>;
  closed: Promise<{ code: number; reason: string }>;
  headers: Record<string, string | string[] | undefined>;
}> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const queue: Array<string | Buffer> = [];
    const waiters: Array<(m: string | Buffer) => void> = [];
    let headers: Record<string, string | string[] | undefined> = {};
    ws.on('upgrade', (res) => (headers = res.headers));
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? (data as Buffer) : data.toString();
      const w = waiters.shift();
      if (w) w(m);
      else queue.push(m);
    });
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    ws.on('open', () =>
      resolve({
        ws,
        closed,
        headers,
        next: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((r) => waiters.push(r))),
      }),
    );
    ws.on('error', reject);
  });
}

/** Resolves with the HTTP status a refused handshake got. */
export function refusedStatus(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('the handshake was accepted')));
    ws.on('error', () => undefined);
  });
}

/** Resolves once the app's close log (GET /ws-log, kept where the server runs) has a line matching `pattern`. */
async function logged(base: string, pattern: RegExp): Promise<void> {
  const httpBase = base.replace(/^ws/, 'http');
  for (;;) {
    const lines = (await (await fetch(`${httpBase}/ws-log`)).json()) as string[];
    if (lines.some((l) => pattern.test(l))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What a target's sockets can do that the suite checks only where possible. */
export interface WebSocketSuiteOptions {
  /** Whether the server can ping peers (workers cannot: no ping API, idle peers are left to the runtime). Default true. */
  serverPings?: boolean;
}

/** The WebSocket behaviour every target must show, driven by a real `ws` client against `base()` (ws://host:port). */
export function webSocketSuite(name: string, base: () => string, options: WebSocketSuiteOptions = {}): void {
  describe(`${name}: WebSocket routes`, () => {
    it('runs upgrade, open (async, before any message), message and close with typed data and params', async () => {
      const c = await client(`${base()}/echo/lobby?user=ann`);
      expect(c.headers['x-welcome']).toBe('ann');
      c.ws.send('first');
      const hello = JSON.parse(String(await c.next()));
      expect(hello).toMatchObject({ hello: 'ann', room: 'lobby' });
      expect(hello.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await c.next()).toBe('1:first');
      c.ws.send('second');
      expect(await c.next()).toBe('2:second');
      c.ws.close(1000, 'done');
      await c.closed;
      await logged(base(), /^close ann 1000 done$/);
    });

    it('echoes binary frames as bytes', async () => {
      const c = await client(`${base()}/echo/bin?user=bob`);
      await c.next();
      c.ws.send(Buffer.from([1, 2, 3]));
      const reply = await c.next();
      expect(Buffer.isBuffer(reply)).toBe(true);
      expect([...(reply as Buffer)]).toEqual([3, 2, 1]);
      c.ws.close();
      await c.closed;
    });

    it('lets a handler close the socket with a code and reason', async () => {
      const c = await client(`${base()}/echo/x?user=cy`);
      await c.next();
      c.ws.send('bye');
      expect(await c.closed).toEqual({ code: 4000, reason: 'asked to leave' });
      await logged(base(), /^close cy 4000 asked to leave$/);
    });

    it('closes with 1011 when a handler throws', async () => {
      const c = await client(`${base()}/echo/x?user=dee`);
      await c.next();
      c.ws.send('throw');
      expect((await c.closed).code).toBe(1011);
    });

    it('closes with 1009 when a message is over maxPayload', async () => {
      const c = await client(`${base()}/small`);
      c.ws.send('short');
      expect(await c.next()).toBe('short');
      c.ws.send('x'.repeat(100));
      expect((await c.closed).code).toBe(1009);
    });

    it('keeps a peer that answers pings past idleTimeout', async () => {
      const c = await client(`${base()}/idle`);
      expect(await c.next()).toBe('watching');
      await new Promise((r) => setTimeout(r, 2500));
      expect(c.ws.readyState).toBe(WebSocket.OPEN);
      c.ws.close();
      await c.closed;
    });

    if (options.serverPings ?? true) {
      it('drops a peer that stops answering after idleTimeout', async () => {
        const ws = new WebSocket(`${base()}/idle`, { autoPong: false });
        const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
        expect((await closed) >= 1000).toBe(true);
        await logged(base(), /^idle closed 10(0[56]|01)$/);
      });
    }

    it('refuses the handshake with the Response upgrade() returned', async () => {
      const refused = await refusedStatus(`${base()}/echo/lobby`);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({ error: 'who?', code: 'UNAUTHORIZED' });
    });

    it('answers 400 to a handshake without Sec-WebSocket-Key, and closes the connection', async () => {
      const port = Number(new URL(base()).port);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            'GET /echo/x?user=eve HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13\r\n\r\n',
          ),
        );
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (text += d));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    });

    it('answers 404 to an upgrade on a path with no ws route', async () => {
      expect((await refusedStatus(`${base()}/nowhere`)).status).toBe(404);
    });

    it('answers 426 to a plain HTTP request on a ws-only path, and HTTP routes still work', async () => {
      const httpBase = base().replace(/^ws/, 'http');
      const res = await fetch(`${httpBase}/small`);
      expect(res.status).toBe(426);
      expect(await (await fetch(`${httpBase}/http`)).text()).toBe('plain');
    });
  });
}
