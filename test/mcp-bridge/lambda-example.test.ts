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
  it('lists the route tools and the runtime tools, but no MCP endpoint and no mutating route', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_root', 'get_users_by_id', 'get_status', 'fw/serverless/status', 'fw/routes/list']));
    expect(names).not.toContain('post_users');
    expect(names.some((n) => n.includes('mcp'))).toBe(false);
  });

  it('calls get_users_by_id through the app and reports a missing user as a tool error', async () => {
    const found = await client.callTool({ name: 'get_users_by_id', arguments: { id: '2' } });
    expect(found.structuredContent).toEqual({ id: '2', name: 'Grace' });
    const missing = await client.callTool({ name: 'get_users_by_id', arguments: { id: '9' } });
    expect(missing.isError).toBe(true);
  });

  it('reads fw/serverless/status: one cold start on this instance, then warm invocations', async () => {
    const result = await client.callTool({ name: 'fw/serverless/status', arguments: {} });
    const stats = result.structuredContent as {
      target: string;
      coldStarts: number;
      invocations: number;
      warmInvocations: number;
      coldStart: boolean;
      warmUpMs: number | null;
    };
    expect(stats.target).toBe('lambda');
    expect(stats.coldStarts).toBe(1);
    expect(stats.invocations).toBeGreaterThan(3);
    expect(stats.warmInvocations).toBe(stats.invocations - 1);
    expect(stats.coldStart).toBe(false);
    expect(stats.warmUpMs).not.toBeNull();
  });
});
