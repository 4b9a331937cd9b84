/**
 * Stateless cancellation inside workerd (miniflare): two dispatches, the second carrying `notifications/cancelled`.
 * In one isolate it aborts the running handler directly; between two endpoints that share only a Durable Object KV
 * (as two isolates would) it goes through the store. Another caller's cancellation (another credential) does nothing.
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { messages } from './wire';

let mf: Miniflare;
beforeAll(async () => {
  mf = await runWorker(await bundleWorker('test/mcp/servers/worker-cancel.ts'), {
    durableObjects: { FW_KV: { className: 'FwKVObject', useSQLite: true } },
  });
}, 60_000);
afterAll(() => mf?.dispose());

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function send(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return mf.dispatchFetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  }) as never;
}

/** Starts `wait` on `path` and resolves once its handler runs (its progress event arrived), with the rest of its stream. */
async function started(path: string, id: number, ms: number, extra: Record<string, string> = {}) {
  const response = await send(
    path,
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: { ms }, _meta: { progressToken: `p${id}` } } },
    extra,
  );
  const stream = messages(response);
  expect((await stream.next())?.method).toBe('notifications/progress');
  return stream;
}

const cancel = (requestId: number, reason: string) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason },
});

describe('stateless cancellation in workerd', () => {
  it('in one isolate: the second dispatch aborts the handler, whose stream ends without an answer', async () => {
    const stream = await started('/local/mcp', 1, 10_000);
    const sent = Date.now();
    expect((await send('/local/mcp', cancel(1, 'same isolate'))).status).toBe(202);
    expect(await stream.rest()).toEqual([]);
    expect(Date.now() - sent).toBeLessThan(5000);
  });

  it('between endpoints sharing only the Durable Object KV: the cancellation reaches the handler through the store', async () => {
    const stream = await started('/a/mcp', 2, 10_000);
    const sent = Date.now();
    expect((await send('/b/mcp', cancel(2, 'through the store'))).status).toBe(202);
    expect(await stream.rest()).toEqual([]);
    expect(Date.now() - sent).toBeLessThan(5000);
  });

  it("another caller's cancellation for the same id does nothing, in the isolate or through the store", async () => {
    const stream = await started('/a/mcp', 3, 1500, { authorization: 'Bearer alice' });
    expect((await send('/a/mcp', cancel(3, 'not mine'), { authorization: 'Bearer mallory' })).status).toBe(202);
    expect((await send('/b/mcp', cancel(3, 'not mine'), { authorization: 'Bearer mallory' })).status).toBe(202);
    const rest = await stream.rest();
    expect(rest).toEqual([{ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'not cancelled' }] } }]);
  });
});
