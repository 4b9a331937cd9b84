/** The Lambda example's MCP endpoint, driven by the official SDK client through API Gateway v2 events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { handler } from '../../examples/lambda/index';
import { connectHTTP } from '../mcp/helpers';
import { serveLambda } from './lambda-http';

let shim: Awaited<ReturnType<typeof serveLambda>>;
let client: Client;

beforeAll(async () => {
  shim = await serveLambda(handler as never);
  client = await connectHTTP(`${shim.url}/mcp`);
});
afterAll(async () => {
  await client?.close();
  await shim?.close();
});

describe('examples/lambda over MCP', () => {
  it('lists the route tools but, without authentication on Lambda, no runtime tool, no MCP endpoint and no mutating route', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_root', 'get_users_by_id', 'get_status']));
    expect(names.filter((n) => n.startsWith('fw/'))).toEqual([]);
    expect(names).not.toContain('post_users');
    expect(names.some((n) => n.includes('mcp'))).toBe(false);
  });

  it('calls get_users_by_id through the app and reports a missing user as a tool error', async () => {
    const found = await client.callTool({ name: 'get_users_by_id', arguments: { id: '2' } });
    expect(found.structuredContent).toEqual({ id: '2', name: 'Grace' });
    const missing = await client.callTool({ name: 'get_users_by_id', arguments: { id: '9' } });
    expect(missing.isError).toBe(true);
  });

  it('refuses fw/serverless/status to an unauthenticated caller as an unknown tool', async () => {
    await expect(client.callTool({ name: 'fw/serverless/status', arguments: {} })).rejects.toThrow(/Unknown tool: fw\/serverless\/status/);
  });
});
