/**
 * Issue #18, interop: the MCP-Protocol-Version header never refuses `initialize` (the Vercel AI SDK sends one with
 * it; the client matrix, clients-*.test.ts, runs that client on every target) and names the supported versions on
 * any other request; the SDK 1.32 client negotiates 2025-11-25.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { NodeServer } from 'fw/node';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectHTTP, initialize, listen, post } from './helpers';

describe('version negotiation', () => {
  let running: NodeServer;
  beforeAll(async () => {
    running = await listen(await appWith(demoServer()));
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('answers the official SDK 1.32 client with the 2025-11-25 it asks for', async () => {
    const client = await connectHTTP(`${running.url}/mcp`);
    try {
      expect((client.transport as StreamableHTTPClientTransport).protocolVersion).toBe('2025-11-25');
      expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).structuredContent).toEqual({ sum: 2 });
    } finally {
      await client.close();
    }
  });

  it('reads no MCP-Protocol-Version header on initialize: the body negotiates, whatever the header says', async () => {
    const app = await appWith(demoServer());
    for (const header of ['2025-11-25', '2025-06-18', '2026-07-28', 'nonsense']) {
      const { status, json } = await post(app, initialize('2025-11-25'), { 'mcp-protocol-version': header });
      expect(status).toBe(200);
      expect(json.result.protocolVersion).toBe('2025-11-25');
    }
    expect((await post(app, initialize('2031-01-01'), { 'mcp-protocol-version': '2031-01-01' })).json.result.protocolVersion).toBe(
      '2025-06-18',
    );
  });

  it('refuses an unsupported header on any other request with 400 and -32022 (UnsupportedProtocolVersion) naming the supported versions', async () => {
    const app = await appWith(demoServer());
    const bad = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2031-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe(-32022);
    expect(bad.json.error.message).toContain(
      'supported versions are 2026-07-28 (per-request _meta) and 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05 (initialize)',
    );
    // A later date is a 2026-era request: the versions usable that way, as server/discover lists them.
    expect(bad.json.error.data).toEqual({ supported: ['2026-07-28'], requested: '2031-01-01' });
    const old = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '1.0' });
    expect(old.status).toBe(400);
    expect(old.json.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'], requested: '1.0' },
    });
    expect((await post(app, { jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-protocol-version': '2025-11-25' })).status).toBe(200);
  });

  it('checks the header of a session GET too', async () => {
    const app = await appWith(demoServer(), { sessions: { secret: 'interop-secret-0123456789' } });
    const id = (await post(app, initialize('2025-11-25'))).headers.get('mcp-session-id')!;
    const response = await app.request('/mcp', {
      headers: { accept: 'text/event-stream', 'mcp-session-id': id, 'mcp-protocol-version': '1.0' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.data.requested).toBe('1.0');
  });
});
