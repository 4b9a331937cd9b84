/**
 * The official SDK v2 client (`@modelcontextprotocol/client` 2.4, installed at test time) speaking MCP 2026-07-28 to
 * fw-mcp on every target: pinned (`versionNegotiation: { mode: { pin: '2026-07-28' } }`) it lists, calls, reads, gets a
 * prompt, completes, answers two elicitations, a sampling and a roots request through multi round-trip retries, and
 * hears a resource update on a `subscriptions/listen` stream; in `auto` mode it settles on 2026-07-28, in `legacy`
 * mode on 2025-11-25 through `initialize`, against the same endpoint.
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKV } from 'fw';
import { lambda, lambdaStream } from 'fw/lambda';
import { serve, type NodeServer } from 'fw/node';
import { installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { serveLambda } from '../mcp-bridge/lambda-http';
import { serveLambdaStream } from '../mcp-bridge/lambda-stream-http';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { ensureInstalled } from './client-matrix';
import { expectModernScenario, modernClient, sdkV2Modern } from './client-v2026';
import { v2026App } from './servers/v2026-app';

beforeAll(() => ensureInstalled('sdkV2'), 240_000);

describe('fw/node', () => {
  const store = new MemoryKV();
  let a: NodeServer;
  let b: NodeServer;
  beforeAll(async () => {
    a = await serve(v2026App({ store }), { port: 0, hostname: '127.0.0.1' });
    b = await serve(v2026App({ store }), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('pinned to 2026-07-28: every feature, round trips, and an update published by another instance sharing the store', async () => {
    expectModernScenario(await sdkV2Modern(`${a.url}/mcp`, { bumpUrl: `${b.url}/mcp` }), 'node');
  });

  it('in auto mode probes server/discover and settles on 2026-07-28', async () => {
    expectModernScenario(await sdkV2Modern(`${a.url}/mcp`, { mode: 'auto', subscribe: false }), 'node', false);
  });

  it('in legacy mode initializes with 2025-11-25 on the same endpoint, and its elicitation is a server-to-client request again', async () => {
    const { client, asked } = await modernClient(`${a.url}/mcp`, 'legacy');
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      const deleted = await client.callTool({ name: 'delete_user', arguments: { id: '1' } });
      expect(deleted.structuredContent).toEqual({ deleted: true, id: '1', by: 'Ada' });
      expect(asked).toEqual(['Delete user 1?', 'Who confirms?']);
    } finally {
      await client.close();
    }
  });
});

describe('workerd (miniflare)', () => {
  let mf: Miniflare;
  let url: string;
  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/mcp/servers/v2026-worker.ts'));
    url = new URL('/mcp', await mf.ready).href;
  }, 120_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  it('pinned to 2026-07-28: every feature, round trips, and a subscription streamed by the worker', async () => {
    expectModernScenario(await sdkV2Modern(url), 'worker');
  });
});

describe('fw/lambda', () => {
  let buffered: Awaited<ReturnType<typeof serveLambda>>;
  let streamed: Awaited<ReturnType<typeof serveLambdaStream>>;
  let uninstall: () => void;
  beforeAll(async () => {
    buffered = await serveLambda(lambda(v2026App({ maxDurationMs: 1500 })) as never);
    uninstall = installAwsLambdaGlobal();
    streamed = await serveLambdaStream(lambdaStream(v2026App({ maxDurationMs: 3000 })));
  });
  afterAll(async () => {
    uninstall?.();
    await Promise.all([buffered?.close(), streamed?.close()]);
  });

  it('buffered lambda(): every feature and round trips; a listen stream arrives whole once maxDurationMs ends it', async () => {
    expectModernScenario(await sdkV2Modern(`${buffered.url}/mcp`, { buffered: true }), 'lambda');
  });

  it('streaming lambdaStream(): the subscription is acknowledged and delivered as it happens', async () => {
    expectModernScenario(await sdkV2Modern(`${streamed.url}/mcp`), 'lambda');
  });
});
