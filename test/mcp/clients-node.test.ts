/** The client matrix on fw/node: a real server on 127.0.0.1, driven by four MCP clients written elsewhere. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { serve, type NodeServer } from 'fw/node';
import { aiSdk, ensureInstalled, expectScenario, inspectorCli, sdkV1, sdkV2, type Endpoint } from './client-matrix';
import { matrixApp } from './servers/matrix-app';

let http: NodeServer;
let endpoint: Endpoint;
beforeAll(async () => {
  await Promise.all([ensureInstalled('node22'), ensureInstalled('sdkV2'), ensureInstalled('aiSdk')]);
  http = await serve(matrixApp(), { port: 0, hostname: '127.0.0.1' });
  endpoint = { url: `${http.url}/mcp` };
}, 240_000);
afterAll(async () => {
  await http?.stop();
});

describe('MCP clients against fw/node', () => {
  it('the official SDK 1.32 client', async () => {
    expectScenario(await sdkV1(endpoint), 'node');
  });

  it('the SDK v2 client (@modelcontextprotocol/client 2.4, versionNegotiation auto)', async () => {
    expectScenario(await sdkV2(endpoint), 'node');
  });

  it('the Vercel AI SDK client (@ai-sdk/mcp 2.0, Node 22)', async () => {
    expectScenario(await aiSdk(endpoint), 'node');
  });

  it('the MCP inspector CLI', async () => {
    expectScenario(await inspectorCli(endpoint), 'node');
  });
});
