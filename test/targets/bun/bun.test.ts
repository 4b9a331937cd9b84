import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../ws/ws-suite';
import { webSocketSuite } from '../../ws/ws-suite';
import { rawExchange, until } from '../node/helpers';
import { startBun, type BunProcess } from './bun-process';

let bun: BunProcess;
let base: string;

beforeAll(async () => {
  bun = await startBun('test/targets/bun/server.ts');
  base = `http://127.0.0.1:${bun.port}`;
});

afterAll(() => bun.stop());

describe('fw/bun serve: HTTP on Bun.serve', () => {
  it('answers JSON through app.fetch, with Bun server in ctx.env', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ hello: 'world' });
    expect(await (await fetch(`${base}/echo-query?a=1`, { headers: { 'x-agent': 't' } })).json()).toEqual({
      query: { a: '1' },
      agent: 't',
      server: 'object',
    });
    expect(await (await fetch(`${base}/adapter`)).json()).toEqual({ name: 'bun', runtime: 'object' });
  });

  it('reads a request body', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":[1]}' });
    expect(await res.json()).toEqual({ got: { x: [1] } });
  });

  it('answers 413 to a body over maxBodySize and does not leave the connection hanging', async () => {
    const answer = await rawExchange(bun.port, [`POST /size HTTP/1.1\r\nhost: x\r\ncontent-length: 5000\r\n\r\n`, 'x'.repeat(5000)]);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    const ok = await fetch(`${base}/size`, { method: 'POST', body: 'y'.repeat(900) });
    expect(await ok.json()).toEqual({ bytes: 900 });
  });

  it('answers 413 when a chunked body grows past maxBodySize', async () => {
    const chunk = (n: number) => `${n.toString(16)}\r\n${'y'.repeat(n)}\r\n`;
    const answer = await rawExchange(bun.port, [
      `POST /size HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n`,
      chunk(600),
      chunk(600),
      chunk(600),
      '0\r\n\r\n',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
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

  it('answers HEAD without a body, errors with 500 bodies, and streams responses', async () => {
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const boom = await fetch(`${base}/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(await (await fetch(`${base}/stream`)).text()).toBe('chunk0;chunk1;chunk2;');
  });

  it('keeps cold-start statistics for target bun', async () => {
    const stats = (await (await fetch(`${base}/cold-start`)).json()) as {
      target: string;
      invocations: number;
      coldStarts: number;
      firstInvocationMs: number | null;
    };
    expect(stats.target).toBe('bun');
    expect(stats.coldStarts).toBe(1);
    expect(stats.invocations).toBeGreaterThan(1);
    expect(typeof stats.firstInvocationMs).toBe('number');
  });

  it('aborts request.signal when the client disconnects', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/wait-abort`, { signal: controller.signal }).catch((e: Error) => e.name);
    const events = async () => (await (await fetch(`${base}/events`)).json()) as string[];
    let seen: string[] = [];
    await until(
      () => seen.includes('waiting'),
      async () => (seen = await events()),
    );
    controller.abort();
    expect(await pending).toBe('AbortError');
    await until(
      () => seen.includes('aborted'),
      async () => (seen = await events()),
    );
    expect(seen).toEqual(['waiting', 'aborted']);
  });
});

webSocketSuite('fw/bun', () => `ws://127.0.0.1:${bun.port}`);

describe('fw/bun: RoomManager on Bun sockets', () => {
  it('broadcasts in a room and reports presence and connections', async () => {
    const a = await client(`ws://127.0.0.1:${bun.port}/chat/lobby?user=a`);
    const b = await client(`ws://127.0.0.1:${bun.port}/chat/lobby?user=b`);
    expect(await a.next()).toBe('joined');
    expect(await b.next()).toBe('joined');
    a.ws.send('hey');
    expect(await b.next()).toBe('a: hey');
    const state = (await (await fetch(`${base}/rooms`)).json()) as {
      rooms: unknown;
      presence: Array<{ data: unknown }>;
      connections: { active: number; byPath: Record<string, number> };
    };
    expect(state.rooms).toEqual([{ room: 'lobby', members: 2, local: 2 }]);
    expect(state.presence.map((m) => m.data)).toEqual([{ user: 'a' }, { user: 'b' }]);
    expect(state.connections.byPath['/chat/lobby']).toBe(2);
    b.ws.close();
    await b.closed;
    let rooms: Array<{ members: number }> = [];
    await until(
      () => rooms[0]?.members === 1,
      async () => (rooms = ((await (await fetch(`${base}/rooms`)).json()) as { rooms: Array<{ members: number }> }).rooms),
    );
    a.ws.close();
  });
});
