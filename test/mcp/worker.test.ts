/** fw-mcp inside workerd (miniflare) with signed sessions: the SDK client's whole scenario, and a restarted worker. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker } from '../targets/worker/helpers';
import { Miniflare } from 'miniflare';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectHTTP } from './helpers';
import { exercise } from './scenario';

let script: string;

async function start(): Promise<{ mf: Miniflare; url: string }> {
  const mf = new Miniflare({
    cf: false,
    compatibilityDate: '2026-04-01',
    host: '127.0.0.1',
    port: 0,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
  });
  return { mf, url: new URL('/mcp', await mf.ready).href };
}

beforeAll(async () => {
  script = await bundleWorker('test/mcp/servers/worker-sessions.ts');
});

describe('fw-mcp in workerd with signed sessions', () => {
  const running: Miniflare[] = [];
  afterAll(async () => {
    for (const mf of running) await mf.dispose();
  });

  it('refuses long-lived streams with 405 (GET and legacy SSE) instead of hanging the worker', async () => {
    const { mf, url } = await start();
    running.push(mf);
    const get = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'x' } });
    expect(get.status).toBe(405);
    expect((await get.json()).error.message).toContain('no GET stream');
    const legacy = await fetch(`${url}/sse`, { headers: { accept: 'text/event-stream' } });
    expect(legacy.status).toBe(405);
    expect((await legacy.json()).error.message).toContain('use streamable HTTP');
  });

  it('runs the SDK client scenario (sampling over the SSE response included) and keeps the session across a restart', async () => {
    const first = await start();
    const client = await connectHTTP(first.url);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
    expect(sessionId).toContain('.');
    await exercise(client);
    await client.close();
    await first.mf.dispose();

    const second = await start();
    try {
      const answer = await fetch(second.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'echo', arguments: { text: 'after restart' } },
        }),
      });
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.content).toEqual([{ type: 'text', text: 'after restart' }]);
      const forged = await fetch(second.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mcp-session-id': `${sessionId}x` },
        body: '{"jsonrpc":"2.0","id":2,"method":"ping"}',
      });
      expect(forged.status).toBe(404);
    } finally {
      await second.mf.dispose();
    }
  });
});
