/** The client matrix over stdio: the matrix app's MCP server as a child process of each client. */
import { beforeAll, describe, it } from 'vitest';
import { aiSdk, ensureInstalled, expectScenario, inspectorCli, sdkV1, sdkV2, stdioServer, type Endpoint } from './client-matrix';

let endpoint: Endpoint;
beforeAll(async () => {
  await Promise.all([ensureInstalled('node22'), ensureInstalled('sdkV2'), ensureInstalled('aiSdk')]);
  endpoint = await stdioServer();
}, 240_000);

describe('MCP clients over stdio (no serverless adapter: fw/serverless/status answers available: false)', () => {
  it('the official SDK 1.32 client (StdioClientTransport)', async () => {
    expectScenario(await sdkV1(endpoint), null);
  });

  it('the SDK v2 client (@modelcontextprotocol/client 2.4, versionNegotiation auto)', async () => {
    expectScenario(await sdkV2(endpoint), null);
  });

  it('the Vercel AI SDK client (@ai-sdk/mcp 2.0 StdioMCPTransport, Node 22)', async () => {
    expectScenario(await aiSdk(endpoint), null);
  });

  it('the MCP inspector CLI', async () => {
    expectScenario(await inspectorCli(endpoint), null);
  });
});
