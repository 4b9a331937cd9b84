/** The client matrix inside workerd (miniflare, fw/worker): four MCP clients written elsewhere, over real HTTP. */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { aiSdk, ensureInstalled, expectScenario, inspectorCli, sdkV1, sdkV2, type Endpoint } from './client-matrix';

let mf: Miniflare;
let endpoint: Endpoint;
beforeAll(async () => {
  await Promise.all([ensureInstalled('node22'), ensureInstalled('sdkV2'), ensureInstalled('aiSdk')]);
  mf = await runWorker(await bundleWorker('test/mcp/servers/matrix-worker.ts'));
  endpoint = { url: new URL('/mcp', await mf.ready).href };
}, 240_000);
afterAll(async () => {
  await mf?.dispose();
});

describe('MCP clients against fw in workerd', () => {
  it('the official SDK 1.32 client', async () => {
    expectScenario(await sdkV1(endpoint), 'worker');
  });

  it('the SDK v2 client (@modelcontextprotocol/client 2.4, versionNegotiation auto)', async () => {
    expectScenario(await sdkV2(endpoint), 'worker');
  });

  it('the Vercel AI SDK client (@ai-sdk/mcp 2.0, Node 22)', async () => {
    expectScenario(await aiSdk(endpoint), 'worker');
  });

  it('the MCP inspector CLI', async () => {
    expectScenario(await inspectorCli(endpoint), 'worker');
  });
});
