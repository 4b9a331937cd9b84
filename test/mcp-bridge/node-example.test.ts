/** The Node example's MCP endpoint, driven by the official SDK client over a real fw/node server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { serve, type NodeServer } from 'fw/node';
import { createApp } from '../../examples/node/app';
import { connectHTTP } from '../mcp/helpers';

let server: NodeServer;
let client: Client;

beforeAll(async () => {
  server = await serve(createApp().app, { port: 0, hostname: '127.0.0.1' });
  client = await connectHTTP(`${server.url}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

describe('examples/node over MCP', () => {
  it('lists the route tools (the WebSocket route and the MCP endpoint left out) and the runtime tools', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['get_root', 'get_users', 'get_users_by_id', 'get_rooms_by_room', 'fw/serverless/status', 'fw/ws/rooms']),
    );
    expect(names).not.toContain('post_echo');
    expect(names.some((n) => n.includes('mcp') || n.includes('chat'))).toBe(false);
  });

  it('calls get_users_by_id and reads the live rooms', async () => {
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: '1' } })).structuredContent).toEqual({
      id: '1',
      name: 'Ada Lovelace',
    });
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: '7' } })).isError).toBe(true);
    expect((await client.callTool({ name: 'fw/ws/rooms', arguments: {} })).structuredContent).toEqual({ rooms: [] });
  });

  it('reads fw/serverless/status for this Node instance', async () => {
    const stats = (await client.callTool({ name: 'fw/serverless/status', arguments: {} })).structuredContent as {
      target: string;
      coldStarts: number;
      invocations: number;
      warmInvocations: number;
    };
    expect(stats.target).toBe('node');
    expect(stats.coldStarts).toBe(1);
    expect(stats.warmInvocations).toBe(stats.invocations - 1);
  });
});
