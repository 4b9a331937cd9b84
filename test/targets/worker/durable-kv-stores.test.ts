import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../session/helpers';
import { bundleWorker, compatibilityDate } from './helpers';

const rpc = (id: number, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params });
const V2026 = '2026-07-28';
const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';
/** A 2026-07-28 request: the _meta envelope in the body, the version and method in headers. */
const modern = (id: number | string, method: string, params: Record<string, unknown> = {}) => ({
  body: JSON.stringify({
    jsonrpc: '2.0',
    id,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': V2026, 'io.modelcontextprotocol/clientCapabilities': {} } },
  }),
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': V2026,
    'mcp-method': method,
    ...(method === 'tools/call' ? { 'mcp-name': params.name as string } : {}),
  },
});

/** Reads the JSON-RPC messages of an SSE body one at a time, as they arrive. */
function sseMessages(response: Response): () => Promise<any> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data !== '') return JSON.parse(data);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe('fw/session and fw-mcp stores on durableObjectKV in workerd: two worker scripts sharing the FwKVObject objects', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/targets/worker/fixtures/durable-kv-stores-worker.ts');
    const options = (name: string, owner: boolean) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      durableObjects: {
        FW_KV: owner ? { className: 'FwKVObject', useSQLite: true } : { className: 'FwKVObject', scriptName: 'alpha', useSQLite: true },
      },
    });
    mf = new Miniflare({ cf: false, workers: [options('alpha', true), options('beta', false)] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: string, path: string, init: RequestInit = {}): Promise<Response> {
    const w = await mf.getWorker(name);
    return (await w.fetch(`https://stores.test${path}`, init as never)) as unknown as Response;
  }

  async function mcp(name: string, body: unknown, session?: string): Promise<{ status: number; headers: Headers; json: any }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (session) headers['mcp-session-id'] = session;
    const res = await call(name, '/mcp', { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  }

  it('keeps an fw/session session in the Durable Object: each worker sees the last write of the other', async () => {
    const first = await call('alpha', '/count');
    expect(await first.json()).toEqual({ count: 1 });
    const cookie = cookieHeader(first);
    const counts: number[] = [];
    for (const name of ['beta', 'alpha', 'beta', 'beta', 'alpha']) {
      counts.push(((await (await call(name, '/count', { headers: { cookie } })).json()) as { count: number }).count);
    }
    expect(counts).toEqual([2, 3, 4, 5, 6]);
  });

  it('keeps fw-mcp 2026-07-28 subscriptions in a Durable Object: a change published on one worker reaches a stream listening on the other', async () => {
    const listen = modern('listen-1', 'subscriptions/listen', { notifications: { resourceSubscriptions: ['app://counter'] } });
    const stop = new AbortController();
    const stream = await call('alpha', '/mcp', { method: 'POST', ...listen, signal: stop.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const next = sseMessages(stream);
    expect(await next()).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUBSCRIPTION]: 'listen-1' }, notifications: { resourceSubscriptions: ['app://counter'] } },
    });
    const bump = modern(1, 'tools/call', { name: 'bump' });
    const bumped = (await (await call('beta', '/mcp', { method: 'POST', ...bump })).json()) as any;
    expect(bumped.result.structuredContent).toEqual({ counter: 1, listeners: 1 });
    expect(await next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { _meta: { [SUBSCRIPTION]: 'listen-1' }, uri: 'app://counter' },
    });
    stop.abort();
  });

  it('keeps fw-mcp sessions, tasks and SSE events in Durable Objects: a task started on one worker is followed and read on the other, a stream answered by one is replayed by the other', async () => {
    const init = await mcp(
      'alpha',
      rpc(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }),
    );
    const session = init.headers.get('mcp-session-id') as string;
    expect(session).toBeTruthy();
    expect(init.json.result.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const started = await mcp('beta', rpc(1, 'tools/call', { name: 'slow_echo', arguments: { ms: 600 }, task: {} }), session);
    const { taskId } = started.json.result.task;
    expect((await mcp('alpha', rpc(2, 'tasks/get', { taskId }), session)).json.result.status).toBe('working');
    expect((await mcp('alpha', rpc(3, 'tasks/list'), session)).json.result.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([
      taskId,
    ]);
    const result = await mcp('alpha', rpc(4, 'tasks/result', { taskId }), session);
    expect(result.json.result.content).toEqual([{ type: 'text', text: 'waited 600 ms' }]);
    expect((await mcp('beta', rpc(5, 'tasks/get', { taskId }), session)).json.result.status).toBe('completed');
    const streamed = await call('alpha', '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': session },
      body: JSON.stringify(rpc(7, 'tools/call', { name: 'count', arguments: { steps: 3 }, _meta: { progressToken: 'p' } })),
    });
    const ids = [...(await streamed.text()).matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const replay = await call('beta', '/mcp', {
      headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'last-event-id': ids[0] },
    });
    expect(replay.status).toBe(200);
    const replayed = await replay.text();
    expect([...replayed.matchAll(/^id: (\S+)$/gm)].map((m) => m[1])).toEqual(ids.slice(1));
    expect(replayed).toContain('counted to 3');
    const ended = await call('beta', '/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session } });
    expect(ended.status).toBe(204);
    expect((await mcp('alpha', rpc(6, 'ping'), session)).status).toBe(404);
  });
});
