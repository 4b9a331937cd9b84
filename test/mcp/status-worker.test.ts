/** fw/serverless/status read through fw-mcp inside workerd: figures measured from the first moment the clock moves. */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

let mf: Miniflare;
beforeAll(async () => {
  mf = await runWorker(await bundleWorker('test/mcp/servers/worker-status.ts'));
});
afterAll(async () => {
  await mf?.dispose();
});

let id = 0;
async function status(): Promise<Record<string, unknown>> {
  const response = await mf.dispatchFetch('http://worker.test/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: 'Bearer status-token',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: 'fw/serverless/status', arguments: {} } }),
  });
  expect(response.status).toBe(200);
  const message = (await response.json()) as { result: { structuredContent?: Record<string, unknown>; content: { text: string }[] } };
  return message.result.structuredContent ?? JSON.parse(message.result.content[0].text);
}

describe('fw/serverless/status in workerd', () => {
  it('reports an init time under a few seconds, an uptime that grows, and a cold start only on the first request', async () => {
    const first = await status();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await status();
    const coldStart = (s: Record<string, unknown>) => s.coldStart ?? (s.coldStartStats as Record<string, unknown> | undefined)?.coldStart;
    const stats = (s: Record<string, unknown>) => (s.coldStartStats ?? s) as Record<string, number | boolean | string>;
    expect(coldStart(first)).toBe(true);
    expect(coldStart(second)).toBe(false);
    for (const s of [first, second]) {
      expect(stats(s).initDurationMs).toBeGreaterThanOrEqual(0);
      expect(stats(s).initDurationMs).toBeLessThan(5000);
      expect(stats(s).uptimeMs).toBeGreaterThanOrEqual(0);
      expect(stats(s).uptimeMs).toBeLessThan(60_000);
    }
    expect(stats(second).uptimeMs).toBeGreaterThan(stats(first).uptimeMs as number);
    expect(stats(second).invocations).toBe((stats(first).invocations as number) + 1);
    expect(stats(first).target).toBe('worker');
  });
});
