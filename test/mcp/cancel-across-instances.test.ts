/**
 * `notifications/cancelled` without a session reaches the running `tools/call` from another POST and from another
 * instance through the store they share: two apps on one MemoryKV in process, two fw/node servers on Redis
 * (127.0.0.1:6379), and the Lambda handler (two invocations). The handler sees `ctx.signal` abort; a cancellation
 * from another caller (another credential) for the same request id does nothing; the official SDK client's own
 * cancellation (it aborts, then POSTs `notifications/cancelled`) reaches the handler.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV, type Fw, type KVStore } from 'fw';
import { redisKV } from 'fw/node';
import { createMCPPlugin, createMCPServer, type MCPHTTPOptions } from 'fw-mcp';
import { appWith, connectHTTP, listen, post } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** What the `wait` tool saw: a promise of its abort reason per call, keyed by its `tag` argument. */
class Seen {
  private readonly waiters = new Map<string, (reason: string) => void>();
  readonly reasons = new Map<string, Promise<string>>();
  readonly started = new Map<string, Promise<void>>();
  private readonly starters = new Map<string, () => void>();

  expect(tag: string): void {
    this.reasons.set(tag, new Promise((resolve) => this.waiters.set(tag, resolve)));
    this.started.set(tag, new Promise((resolve) => this.starters.set(tag, resolve)));
  }

  start(tag: string): void {
    this.starters.get(tag)?.();
  }

  abort(tag: string, reason: unknown): void {
    this.waiters.get(tag)?.(String(reason));
  }
}

/** A stateless server with `wait`: runs until its signal aborts (or `ms` pass) and records the abort reason. */
function waitingServer(seen: Seen) {
  const server = createMCPServer(null, { name: 'cancel', exposeRoutes: false, builtinTools: false, builtinPrompts: false });
  server.addTool<{ tag: string; ms?: number }>({
    name: 'wait',
    description: 'Waits until cancelled',
    inputSchema: { type: 'object', properties: { tag: { type: 'string' }, ms: { type: 'integer' } }, required: ['tag'] },
    handler: ({ tag, ms = 10_000 }, ctx) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve('not cancelled'), ms);
        ctx.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          seen.abort(tag, ctx.signal.reason);
          resolve('cancelled');
        });
        seen.start(tag);
      }),
  });
  return server;
}

const call = (id: number | string, tag: string, ms?: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'wait', arguments: ms === undefined ? { tag } : { tag, ms } },
});
const cancel = (requestId: number | string, reason = 'changed my mind') => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason },
});

/** Resolves with 'pending' when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);
}

async function twoApps(seen: Seen, options: MCPHTTPOptions): Promise<[Fw, Fw]> {
  return [await appWith(waitingServer(seen), options), await appWith(waitingServer(seen), options)];
}

describe('in process: two apps sharing one MemoryKV', () => {
  it('a cancellation POSTed to the other app aborts the handler, whose POST then ends with 202 and no answer', async () => {
    const seen = new Seen();
    seen.expect('a');
    const [first, second] = await twoApps(seen, { cancellation: { store: new MemoryKV(), pollIntervalMs: 20 } });
    const running = post(first, call(7, 'a'));
    await seen.started.get('a');
    expect((await post(second, cancel(7))).status).toBe(202);
    expect(await within(seen.reasons.get('a')!, 2000)).toBe('changed my mind');
    const answer = await running;
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
  });

  it("another caller's cancellation for the same request id has no effect", async () => {
    const seen = new Seen();
    seen.expect('alice');
    const [first, second] = await twoApps(seen, {
      cancellation: { store: new MemoryKV(), pollIntervalMs: 20 },
      authorize: (ctx) => /^Bearer (alice|bob)$/.test(ctx.request.headers.get('authorization') ?? ''),
    });
    const alice = { authorization: 'Bearer alice' };
    const bob = { authorization: 'Bearer bob' };
    const running = post(first, call(1, 'alice'), alice);
    await seen.started.get('alice');
    expect((await post(second, cancel(1, 'bob'), bob)).status).toBe(202);
    expect((await post(first, cancel(1, 'bob'), bob)).status).toBe(202);
    expect(await within(seen.reasons.get('alice')!, 300)).toBe('pending');
    expect((await post(second, cancel(1, 'alice'), alice)).status).toBe(202);
    expect(await within(seen.reasons.get('alice')!, 2000)).toBe('alice');
    expect((await running).status).toBe(202);
  });

  it('without a store a cancellation reaches a request on the same app only', async () => {
    const seen = new Seen();
    seen.expect('here');
    seen.expect('there');
    const [first, second] = await twoApps(seen, {});
    const here = post(first, call(3, 'here'));
    await seen.started.get('here');
    await post(first, cancel(3, 'same app'));
    expect(await within(seen.reasons.get('here')!, 2000)).toBe('same app');
    expect((await here).status).toBe(202);

    const there = post(first, call(4, 'there', 400));
    await seen.started.get('there');
    await post(second, cancel(4, 'other app'));
    expect(await within(seen.reasons.get('there')!, 200)).toBe('pending');
    expect((await there).json.result.content).toEqual([{ type: 'text', text: 'not cancelled' }]);
  });

  it('a cancellation left in the store before a later request reused the id does not touch that request', async () => {
    const seen = new Seen();
    seen.expect('later');
    const store: KVStore = new MemoryKV();
    const [first, second] = await twoApps(seen, { cancellation: { store, pollIntervalMs: 20 } });
    await post(second, cancel(9, 'for an earlier request'));
    const stored = await store.list({ prefix: 'mcp:cancel:' });
    expect(stored).toHaveLength(1);
    await store.put(stored[0], JSON.stringify({ at: Date.now() - 60_000, reason: 'for an earlier request' }), { ttl: 60 });
    const later = post(first, call(9, 'later', 300));
    await seen.started.get('later');
    expect(await within(seen.reasons.get('later')!, 150)).toBe('pending');
    expect((await later).json.result.content).toEqual([{ type: 'text', text: 'not cancelled' }]);
  });
});

describe('two fw/node servers sharing Redis on 127.0.0.1:6379', () => {
  it('a cancellation sent to the other server aborts the handler', async () => {
    const prefix = `fw-mcp-cancel-${crypto.randomUUID()}:`;
    const kvs = [redisKV({ prefix }), redisKV({ prefix })];
    stops.push(() => Promise.all(kvs.map((kv) => kv.close())));
    const seen = new Seen();
    seen.expect('redis');
    const servers = await Promise.all(
      kvs.map(async (store) => listen(await appWith(waitingServer(seen), { cancellation: { store, pollIntervalMs: 50 } }))),
    );
    stops.push(() => Promise.all(servers.map((s) => s.stop())));
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const running = fetch(`${servers[0].url}/mcp`, { method: 'POST', headers, body: JSON.stringify(call('req-1', 'redis')) });
    await seen.started.get('redis');
    const sent = await fetch(`${servers[1].url}/mcp`, { method: 'POST', headers, body: JSON.stringify(cancel('req-1', 'via redis')) });
    expect(sent.status).toBe(202);
    expect(await within(seen.reasons.get('redis')!, 3000)).toBe('via redis');
    const answer = await running;
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('');
  });
});

describe('the official SDK client without a session', () => {
  it("its cancellation (abort, then notifications/cancelled on another POST) reaches the handler's ctx.signal", async () => {
    const seen = new Seen();
    seen.expect('sdk');
    const http = await listen(await appWith(waitingServer(seen)));
    stops.push(() => http.stop());
    const client = await connectHTTP(`${http.url}/mcp`);
    stops.push(() => client.close());
    const controller = new AbortController();
    const running = client.callTool({ name: 'wait', arguments: { tag: 'sdk' } }, CallToolResultSchema, { signal: controller.signal });
    await seen.started.get('sdk');
    controller.abort('user pressed stop');
    await expect(running).rejects.toThrow();
    expect(await within(seen.reasons.get('sdk')!, 2000)).toContain('user pressed stop');
  });
});

describe('through the Lambda handler', () => {
  it('a second invocation carrying the cancellation aborts the first one, on the same instance and on another sharing a store', async () => {
    const seen = new Seen();
    seen.expect('same');
    seen.expect('other');
    const store = new MemoryKV();
    const [appA, appB] = await twoApps(seen, { cancellation: { store, pollIntervalMs: 20 } });
    const instanceA = lambdaInstance(appA);
    const instanceB = lambdaInstance(appB);

    const first = instanceA(v2Event({ body: call(11, 'same') }));
    await seen.started.get('same');
    expect((await instanceA(v2Event({ body: cancel(11, 'same instance') }))).statusCode).toBe(202);
    expect(await within(seen.reasons.get('same')!, 2000)).toBe('same instance');
    expect((await first).statusCode).toBe(202);

    const second = instanceA(v2Event({ body: call(12, 'other') }));
    await seen.started.get('other');
    expect((await instanceB(v2Event({ body: cancel(12, 'other instance') }))).statusCode).toBe(202);
    expect(await within(seen.reasons.get('other')!, 2000)).toBe('other instance');
    expect((await second).statusCode).toBe(202);
  });

  it('a cancellation from another source address does not reach the request', async () => {
    const seen = new Seen();
    seen.expect('ip');
    const instance = lambdaInstance(await appWith(waitingServer(seen), { cancellation: { store: new MemoryKV(), pollIntervalMs: 20 } }));
    const running = instance(v2Event({ body: call(5, 'ip', 400), sourceIp: '192.0.2.10' }));
    await seen.started.get('ip');
    await instance(v2Event({ body: cancel(5, 'not mine'), sourceIp: '198.51.100.7' }));
    expect(await within(seen.reasons.get('ip')!, 200)).toBe('pending');
    expect(JSON.parse((await running).body).result.content).toEqual([{ type: 'text', text: 'not cancelled' }]);
  });
});

describe('the cancellation option', () => {
  it('refuses a bad poll interval or a store that is not a KVStore at startup, saying what to pass', () => {
    const server = waitingServer(new Seen());
    expect(() => createMCPPlugin(server, { cancellation: { pollIntervalMs: 0 } })).toThrow(
      /cancellation.pollIntervalMs must be a number of milliseconds of at least 10, got 0/,
    );
    expect(() => createMCPPlugin(server, { cancellation: { store: {} as never } })).toThrow(/cancellation.store must be a KVStore/);
  });
});
