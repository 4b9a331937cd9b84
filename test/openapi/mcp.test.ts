/** The MCP tool fw/openapi/get reads the document openapi() publishes as app state, through the official SDK client. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { serve, type NodeServer } from 'fw/node';
import { connectHTTP } from '../mcp/helpers';
import { documentedApp } from './fixture-app';

describe('fw/openapi/get over MCP', () => {
  let server: NodeServer;
  let client: Client;

  beforeAll(async () => {
    const app = documentedApp();
    app.use(createMCPPlugin(mcp(app, { name: 'openapi-test' })));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    client = await connectHTTP(`${server.url}/mcp`);
  });

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it('returns the same document the app serves at /openapi', async () => {
    const result = await client.callTool({ name: 'fw/openapi/get', arguments: {} });
    expect(result.isError).toBeUndefined();
    const served = await (await fetch(`${server.url}/openapi`)).json();
    expect(result.structuredContent).toEqual(served);
    expect(Object.keys(served.paths)).toContain('/users/{id}');
  });
});
