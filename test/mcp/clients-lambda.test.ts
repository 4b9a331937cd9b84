/**
 * The client matrix through fw/lambda: `lambda(app)` behind a local HTTP server that turns each request into an
 * API Gateway v2 event (test/mcp-bridge/lambda-http.ts), driven by four MCP clients written elsewhere.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { lambda } from 'fw/lambda';
import { serveLambda } from '../mcp-bridge/lambda-http';
import { aiSdk, ensureInstalled, expectScenario, inspectorCli, sdkV1, sdkV2, type Endpoint } from './client-matrix';
import { matrixApp } from './servers/matrix-app';

let shim: Awaited<ReturnType<typeof serveLambda>>;
let endpoint: Endpoint;
beforeAll(async () => {
  await Promise.all([ensureInstalled('node22'), ensureInstalled('sdkV2'), ensureInstalled('aiSdk')]);
  shim = await serveLambda(lambda(matrixApp()) as never);
  endpoint = { url: `${shim.url}/mcp` };
}, 240_000);
afterAll(async () => {
  await shim?.close();
});

describe('MCP clients against fw/lambda (API Gateway v2 events)', () => {
  it('the official SDK 1.32 client', async () => {
    expectScenario(await sdkV1(endpoint), 'lambda');
  });

  it('the SDK v2 client (@modelcontextprotocol/client 2.4, versionNegotiation auto)', async () => {
    expectScenario(await sdkV2(endpoint), 'lambda');
  });

  it('the Vercel AI SDK client (@ai-sdk/mcp 2.0, Node 22)', async () => {
    expectScenario(await aiSdk(endpoint), 'lambda');
  });

  it('the MCP inspector CLI', async () => {
    expectScenario(await inspectorCli(endpoint), 'lambda');
  });
});
