import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bundleWorker, runWorker } from './helpers';

/** Collects what a real WebSocket client sees: the handshake, messages in order, and the close. */
function connect(url: string): Promise<{ ws: WebSocket; headers: Record<string, string | string[] | undefined>; messages: (string | Buffer)[]; closed: Promise<{ code: number; reason: string }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: (string | Buffer)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: reason.toString() })));
    ws.on('message', (data, isBinary) => messages.push(isBinary ? (data as Buffer) : data.toString()));
    ws.once('upgrade', (response) => resolve({ ws, headers: response.headers, messages, closed }));
    ws.once('unexpected-response', (_request, response) => reject(Object.assign(new Error(`refused with ${response.statusCode}`), { status: response.statusCode })));
    ws.once('error', reject);
  });
}

describe('WebSocket routes on workers (WebSocketPair), with the ws client', () => {
  let mf: Miniflare;
  let base: string;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/adapter-worker.ts'), { kvNamespaces: ['KV'], bindings: { LABEL: 'ws' } });
    base = (await mf.ready).toString().replace(/^http/, 'ws').replace(/\/$/, '');
  });
  afterAll(() => mf?.dispose());

  it('opens, greets with ws.data and params, echoes text and binary in order', async () => {
    const { ws, headers, messages } = await connect(`${base}/chat/lobby?user=ada`);
    expect(headers['x-welcome']).toBe('ada');
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toBe('hello ada in lobby');
    ws.send('one');
    ws.send('two');
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await expect.poll(() => messages.length).toBe(4);
    expect(messages.slice(1, 3)).toEqual(['ONE', 'TWO']);
    expect([...(messages[3] as Buffer)]).toEqual([3, 2, 1]);
    ws.close(1000, 'done');
  });

  it('closes from the server side with the code the handler chose', async () => {
    const { ws, messages, closed } = await connect(`${base}/chat/lobby?user=bob`);
    ws.send('bye');
    expect(await closed).toEqual({ code: 4000, reason: 'asked to leave' });
    expect(messages).toEqual(['hello bob in lobby', 'closing']);
  });

  it('closes with 1009 when a message is larger than maxPayload', async () => {
    const { ws, closed } = await connect(`${base}/chat/lobby?user=eve`);
    ws.send('x'.repeat(65));
    expect((await closed).code).toBe(1009);
  });

  it('refuses the handshake when upgrade(ctx) answers', async () => {
    await expect(connect(`${base}/chat/lobby`)).rejects.toMatchObject({ status: 401 });
  });

  it('answers a plain request to a ws path with 426, and other paths as HTTP', async () => {
    const plain = await mf.dispatchFetch('http://localhost/chat/lobby?user=x');
    expect(plain.status).toBe(426);
    expect(await plain.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
    await expect(connect(`${base}/users/1`)).rejects.toMatchObject({ status: 200 });
  });
});
