/**
 * Server-to-client requests (elicitation, sampling, roots) of 2025-era clients behind fw/lambda: the buffered
 * `lambda()` handler cannot deliver them before its answer, so they fail at once naming what to use instead;
 * `lambdaStream()` carries them. The official SDK 1.32 client drives both through local API Gateway v2 shims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { lambda, lambdaStream } from 'fw/lambda';
import { createMCPServer } from 'fw-mcp';
import { installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { serveLambda } from '../mcp-bridge/lambda-http';
import { serveLambdaStream } from '../mcp-bridge/lambda-stream-http';
import { appWith, connectHTTP } from './helpers';

/** A stateless server whose tools each send one server-to-client request and report what came back. */
async function askingApp() {
  const server = createMCPServer(null, { name: 'asking', exposeRoutes: false, builtinTools: false, builtinPrompts: false });
  server
    .addTool({
      name: 'ask_user',
      description: 'Elicits a confirmation',
      handler: async (_args, ctx) => {
        const answer = await ctx.elicit({ message: 'Proceed?', requestedSchema: { type: 'object', properties: {} } });
        return `elicited: ${answer.action}`;
      },
    })
    .addTool({
      name: 'ask_model',
      description: 'Samples the client model',
      handler: async (_args, ctx) => {
        const answer = await ctx.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 });
        return `sampled: ${answer.model}`;
      },
    })
    .addTool({
      name: 'ask_roots',
      description: 'Lists the client roots',
      handler: async (_args, ctx) => {
        const answer = await ctx.listRoots();
        return `roots: ${answer.roots.length}`;
      },
    });
  return appWith(server);
}

async function answeringClient(url: string): Promise<Client> {
  const client = await connectHTTP(url);
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: {} }));
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: 'assistant',
    model: 'test-model',
    content: { type: 'text', text: 'hello' },
  }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///project' }] }));
  return client;
}

/** The text of a call's outcome (a tool error result or a JSON-RPC error) and how long it took. */
async function timedCall(client: Client, name: string): Promise<{ ms: number; text: string; failed: boolean }> {
  const started = performance.now();
  try {
    const result = await client.callTool({ name, arguments: {} });
    const text = (result.content as { type: string; text: string }[]).map((block) => block.text).join('\n');
    return { ms: performance.now() - started, text, failed: result.isError === true };
  } catch (error) {
    return { ms: performance.now() - started, text: (error as Error).message, failed: true };
  }
}

describe('buffered lambda(): server-to-client requests fail at once', () => {
  let shim: Awaited<ReturnType<typeof serveLambda>>;
  let client: Client;
  beforeAll(async () => {
    shim = await serveLambda(lambda(await askingApp()) as never);
    client = await answeringClient(`${shim.url}/mcp`);
  });
  afterAll(async () => {
    await client?.close();
    await shim?.close();
  });

  for (const [tool, method] of [
    ['ask_user', 'elicitation/create'],
    ['ask_model', 'sampling/createMessage'],
    ['ask_roots', 'roots/list'],
  ] as const) {
    it(`${method} fails in well under a second, naming lambdaStream() and 2026-07-28`, async () => {
      const outcome = await timedCall(client, tool);
      expect(outcome.failed).toBe(true);
      expect(outcome.ms).toBeLessThan(1000);
      expect(outcome.text).toContain(`No channel to send ${method} to the client`);
      expect(outcome.text).toContain('buffered lambda()');
      expect(outcome.text).toContain('lambdaStream()');
      expect(outcome.text).toContain('2026-07-28');
    });
  }
});

describe('lambdaStream(): the same requests reach the client', () => {
  let uninstall: () => void;
  let shim: Awaited<ReturnType<typeof serveLambdaStream>>;
  let client: Client;
  beforeAll(async () => {
    uninstall = installAwsLambdaGlobal();
    shim = await serveLambdaStream(lambdaStream(await askingApp()));
    client = await answeringClient(`${shim.url}/mcp`);
  });
  afterAll(async () => {
    await client?.close();
    await shim?.close();
    uninstall?.();
  });

  it('elicitation, sampling and roots are answered by the client', async () => {
    expect(await timedCall(client, 'ask_user')).toMatchObject({ failed: false, text: 'elicited: accept' });
    expect(await timedCall(client, 'ask_model')).toMatchObject({ failed: false, text: 'sampled: test-model' });
    expect(await timedCall(client, 'ask_roots')).toMatchObject({ failed: false, text: 'roots: 1' });
  });
});
