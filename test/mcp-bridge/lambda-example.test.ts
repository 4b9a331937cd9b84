/** The Lambda example's MCP endpoint, driven by the official SDK client through API Gateway v2 events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { handler } from '../../examples/lambda/index';
import { connectHTTP } from '../mcp/helpers';
import { serveLambda } from './lambda-http';

let shim: Awaited<ReturnType<typeof serveLambda>>;
let client: Client;
const token = 'lambda-example-token-0123456789';

beforeAll(async () => {
  process.env.MCP_TOKEN = token;
  shim = await serveLambda(handler as never);
  client = await connectHTTP(`${shim.url}/mcp`, { authorization: `Bearer ${token}` });
});
afterAll(async () => {
  await client?.close();
  await shim?.close();
  delete process.env.MCP_TOKEN;
});

describe('examples/lambda over MCP', () => {
  it('refuses a caller without the MCP_TOKEN Bearer token (401), and refuses everyone when MCP_TOKEN is unset (500)', async () => {
    const list = (headers: Record<string, string>) =>
      fetch(`${shim.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    expect((await list({})).status).toBe(401);
    expect((await list({ authorization: 'Bearer wrong-token' })).status).toBe(401);
    delete process.env.MCP_TOKEN;
    try {
      expect((await list({ authorization: 'Bearer undefined' })).status).toBe(500);
    } finally {
      process.env.MCP_TOKEN = token;
    }
  });

  it('lists the route tools and, to the authenticated caller, the runtime tools; no MCP endpoint and no mutating route', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_root', 'get_users_by_id', 'get_status', 'fw/serverless/status']));
    expect(names).not.toContain('post_users');
    expect(names.some((n) => n.includes('mcp'))).toBe(false);
  });

  it('calls get_users_by_id through the app and reports a missing user as a tool error', async () => {
    const found = await client.callTool({ name: 'get_users_by_id', arguments: { id: '2' } });
    expect(found.structuredContent).toEqual({ id: '2', name: 'Grace' });
    const missing = await client.callTool({ name: 'get_users_by_id', arguments: { id: '9' } });
    expect(missing.isError).toBe(true);
  });

  it('reads the cold-start statistics through fw/serverless/status', async () => {
    const status = await client.callTool({ name: 'fw/serverless/status', arguments: {} });
    expect(status.isError).toBeFalsy();
    expect(JSON.stringify(status.structuredContent ?? status.content)).toMatch(/cold/i);
  });
});
