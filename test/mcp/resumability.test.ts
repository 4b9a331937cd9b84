/**
 * Issue #18, SSE resumability (2025-11-25): event ids, the priming event and `retry`, replay on a GET with
 * `Last-Event-ID`, server-side polling, events in a KVStore shared by instances (fw/node, workerd, fw/lambda).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CallToolResultSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV } from 'fw';
import type { MCPHTTPOptions } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { appWith, connectHTTP, initialize, listen } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';
import { FrameReader, type Frame } from './sse-frames';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const sse = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const count = (steps: number, id = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'count', arguments: { steps }, _meta: { progressToken: 'p' } },
});
const progressOf = (frames: Frame[]) =>
  frames.filter((f) => f.message?.method === 'notifications/progress').map((f) => f.message.params.progress);
const answerOf = (frames: Frame[]) => frames.find((f) => f.message?.id !== undefined && f.message.result)?.message;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves the demo server on fw/node with sessions and resumability; resolves to its endpoint URL. */
async function nodeServer(options: MCPHTTPOptions, server = demoServer()): Promise<string> {
  const running = await listen(await appWith(server, options));
  stops.push(() => running.stop());
  return `${running.url}/mcp`;
}

/** Initializes a session at `url` for `version`; resolves to its id. */
async function session(url: string, version = '2025-11-25'): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: sse, body: JSON.stringify(initialize(version)) });
  await response.text();
  return response.headers.get('mcp-session-id')!;
}

function resume(url: string, id: string, lastEventId: string, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'last-event-id': lastEventId, ...extra } });
}

describe('a POST stream that loses its connection', () => {
  it('primes 2025-11-25 clients with an id and retry, goes on after the drop, and replays what was missed', async () => {
    const url = await nodeServer({ sessions: { store: new MemoryKV() } });
    const id = await session(url);
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(6)) }),
    );
    const [priming, first] = await frames.until(3);
    expect(priming).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}\.0$/), retry: 1000, data: '' });
    const stream = priming.id!.split('.')[0];
    expect(first.id).toBe(`${stream}.1`);
    await frames.drop();
    await pause(150);

    const replay = new FrameReader(await resume(url, id, frames.frames.at(-1)!.id!));
    const missed = await replay.rest();
    expect(replay.ended).toBe(true);
    const seen = [...frames.frames, ...missed].filter((f) => f.message);
    expect(seen.map((f) => f.id)).toEqual(seen.map((_, i) => `${stream}.${i + 1}`));
    expect(progressOf(seen)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answerOf(missed)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'counted to 6' }] } });
  });

  it('picks the live stream up on the same instance while the tool still runs', async () => {
    const url = await nodeServer({ sessions: { secret: 'resume-secret-0123456789' } });
    const id = await session(url);
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(20)) }),
    );
    await frames.until(2);
    await frames.drop();
    const replay = new FrameReader(await resume(url, id, frames.frames.at(-1)!.id!));
    const rest = await replay.rest();
    expect(progressOf([...frames.frames, ...rest])).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(answerOf(rest).result.content[0].text).toBe('counted to 20');
  });

  it('gives older clients event ids without the empty priming event', async () => {
    const url = await nodeServer({ sessions: { store: new MemoryKV() } });
    const id = await session(url, '2025-06-18');
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(2)) }),
    );
    const all = await frames.rest();
    expect(all.every((f) => f.message !== undefined && /\.\d+$/.test(f.id!) && f.retry === undefined)).toBe(true);
  });
});

describe('polling: the server closes the connection, the SDK 1.32 client reconnects with Last-Event-ID', () => {
  it('delivers every progress notification once and the answer, over several connections', async () => {
    let posts = 0;
    let resumes = 0;
    const server = demoServer();
    const app = await appWith(server, { sessions: { store: new MemoryKV() }, resumability: { retryMs: 10, pollAfterMs: 40 } });
    app.onBeforeHandle((ctx) => {
      if (ctx.request.method === 'POST') posts++;
      if (ctx.request.headers.get('last-event-id') !== null) resumes++;
    });
    const running = await listen(app);
    stops.push(() => running.stop());
    const client = await connectHTTP(`${running.url}/mcp`);
    stops.push(() => client.close());
    const progress: number[] = [];
    const result = await client.callTool({ name: 'count', arguments: { steps: 20 } }, CallToolResultSchema, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'counted to 20' }]);
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(resumes).toBeGreaterThanOrEqual(1);
    expect(posts).toBeGreaterThanOrEqual(3);
  });
});

describe('a session GET stream that loses its connection', () => {
  it('keeps collecting the broadcasts and replays them, then carries on live', async () => {
    const server = demoServer();
    const url = await nodeServer({ sessions: { store: new MemoryKV() } }, server);
    const id = await session(url);
    const first = new FrameReader(await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id } }));
    const [priming] = await first.until(1);
    expect(priming.id).toMatch(/\.0$/);
    server.log('warning', 'one');
    await first.until(2);
    await first.drop();
    await pause(30);
    server.log('warning', 'two');
    server.log('warning', 'three');
    const again = new FrameReader(await resume(url, id, first.frames.at(-1)!.id!));
    const missed = await again.until(2);
    expect(missed.map((f) => f.message.params.data)).toEqual(['two', 'three']);
    server.log('warning', 'four');
    expect((await again.until(3)).map((f) => f.message.params.data)).toEqual(['four']);
    await again.drop();
  });

  it('works with the SDK client: a dropped GET stream resumes without losing a broadcast', async () => {
    const server = demoServer();
    const app = await appWith(server, { sessions: { store: new MemoryKV() }, resumability: { retryMs: 10, pollAfterMs: 60 } });
    let resumes = 0;
    app.onBeforeHandle((ctx) => {
      if (ctx.request.headers.get('last-event-id') !== null) resumes++;
    });
    const running = await listen(app);
    stops.push(() => running.stop());
    const client = await connectHTTP(`${running.url}/mcp`);
    stops.push(() => client.close());
    const heard: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      heard.push(n.params.data);
    });
    for (let i = 0; i < 50 && server.log('info', 'ready') === 0; i++) await pause(10);
    for (let i = 0; i < 10; i++) {
      server.log('info', i);
      await pause(15);
    }
    for (let i = 0; i < 50 && !heard.includes(9); i++) await pause(20);
    expect(heard.filter((data) => typeof data === 'number')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(resumes).toBeGreaterThanOrEqual(1);
  });
});

describe('events in a KV store shared by instances', () => {
  it('replays on a second fw/node instance what the first one streamed, polling until the stream ends', async () => {
    const store = new MemoryKV();
    const options = { sessions: { store }, resumability: { store } };
    const [a, b] = [await nodeServer(options), await nodeServer(options)];
    const id = await session(a);
    const frames = new FrameReader(
      await fetch(a, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(20)) }),
    );
    await frames.until(2);
    await frames.drop();
    await pause(20);
    const early = new FrameReader(await resume(b, id, frames.frames.at(-1)!.id!));
    const partial = await early.rest();
    expect(partial.at(-1)).toEqual({ retry: 1000 });
    expect(answerOf(partial)).toBeUndefined();
    // Poll as a client told `retry` does, each time from the last event it got, until the stream ends (bounded).
    const seen = [...frames.frames, ...partial];
    let rest = partial;
    for (let polls = 0; rest.at(-1)?.retry !== undefined; polls++) {
      expect(polls, 'the stream ended within 50 polls').toBeLessThan(50);
      await pause(100);
      const last = seen.filter((f) => f.id).at(-1)!.id!;
      rest = await new FrameReader(await resume(b, id, last)).rest();
      seen.push(...rest);
    }
    expect(progressOf(seen)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(answerOf(rest).result.content[0].text).toBe('counted to 20');
  });

  it('replays on a second Lambda instance (fw/lambda) what the first one answered', async () => {
    const store = new MemoryKV();
    const options = { sessions: { store }, resumability: { store } };
    const [one, two] = [lambdaInstance(await appWith(demoServer(), options)), lambdaInstance(await appWith(demoServer(), options))];
    const id = (await one(v2Event({ body: initialize('2025-11-25') }))).headers['mcp-session-id'];
    const streamed = await one(v2Event({ body: count(3), headers: { 'mcp-session-id': id } }));
    const firstId = /id: (\S+\.1)\n/.exec(streamed.body)![1];
    const replay = await two(
      v2Event({ method: 'GET', headers: { 'mcp-session-id': id, 'last-event-id': firstId, accept: 'text/event-stream' } }),
    );
    expect(replay.statusCode).toBe(200);
    const messages = replay.body
      .split('\n\n')
      .filter((f) => f.includes('data: {'))
      .map((f) => JSON.parse(f.slice(f.indexOf('data: ') + 6)));
    expect(messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'counted to 3' }] } });
    expect(messages.length).toBeGreaterThanOrEqual(4);
  });

  it('replays inside workerd on a GET with Last-Event-ID (a GET without it stays 405)', async () => {
    const options = { sessions: { secret: 'worker-resume-secret-0123' } };
    const mf = await runWorker(await bundleWorker('test/mcp/servers/worker-http.ts', { __MCP_OPTIONS__: JSON.stringify(options) }));
    stops.push(() => mf.dispose());
    const url = new URL('/mcp', await mf.ready).href;
    const id = await session(url);
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(4)) }),
    );
    const all = await frames.rest();
    const replay = new FrameReader(await resume(url, id, all[1].id!));
    const missed = await replay.rest();
    expect(missed.map((f) => f.id)).toEqual(all.slice(2).map((f) => f.id));
    expect(answerOf(missed).result.content[0].text).toBe('counted to 4');
    expect((await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': id } })).status).toBe(405);
  });
});

describe('bad resumption requests', () => {
  it("answers 400 for a malformed id, another session's id, and an expired one", async () => {
    let now = Date.now();
    const store = new MemoryKV({ now: () => now });
    const url = await nodeServer({ sessions: { secret: 'bad-resume-secret-0123456' }, resumability: { store, ttl: 60 } });
    const [mine, theirs] = [await session(url), await session(url)];
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': theirs }, body: JSON.stringify(count(2)) }),
    );
    const [priming] = await frames.until(1);
    await frames.rest();
    for (const lastEventId of ['nonsense', `${priming.id!.split('.')[0]}.x`, '']) {
      const response = await resume(url, mine, lastEventId);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe(-32600);
    }
    const foreign = await resume(url, mine, priming.id!);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.message).toContain('names no stream of this session');
    expect((await resume(url, theirs, priming.id!)).status).toBe(200);
    now += 61_000;
    expect((await resume(url, theirs, priming.id!)).status).toBe(400);
  });

  it('answers 405 on a stateless server, and refuses resumability without sessions or with bad settings at setup', async () => {
    const url = await nodeServer({});
    expect((await fetch(url, { headers: { accept: 'text/event-stream', 'last-event-id': 'x.1' } })).status).toBe(405);
    expect(() => demoServer().startHTTP({ resumability: {} })).toThrow(/resumability needs sessions/);
    expect(() => demoServer().startHTTP({ sessions: { store: new MemoryKV() }, resumability: { ttl: 0 } })).toThrow(/resumability.ttl/);
    expect(() => demoServer().startHTTP({ sessions: { store: new MemoryKV() }, resumability: { ttl: 90_000 } })).toThrow(/at most 86400/);
    expect(() => demoServer().startHTTP({ sessions: { store: new MemoryKV() }, resumability: { retryMs: -1 } })).toThrow(
      /resumability.retryMs/,
    );
    expect(() => demoServer().startHTTP({ sessions: { store: new MemoryKV() }, resumability: { pollAfterMs: Number.NaN } })).toThrow(
      /resumability.pollAfterMs/,
    );
  });

  it('sends plain SSE (no ids) when resumability is off', async () => {
    const url = await nodeServer({ sessions: { store: new MemoryKV() }, resumability: false });
    const id = await session(url);
    const frames = new FrameReader(
      await fetch(url, { method: 'POST', headers: { ...sse, 'mcp-session-id': id }, body: JSON.stringify(count(2)) }),
    );
    const all = await frames.rest();
    expect(all.some((f) => f.id !== undefined)).toBe(false);
  });
});
