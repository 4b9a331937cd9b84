/** The official MCP SDK client against fw-mcp served by fw on a real Node HTTP server (streamable HTTP). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { NodeServer } from 'fw/node';
import type { MCPServer } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectHTTP, listen } from './helpers';

let server: MCPServer;
let http: NodeServer;
let client: Client;
let sawAbort: (reason: unknown) => void;
const aborted = new Promise((resolve) => {
  sawAbort = resolve;
});
let sawDisconnect: (reason: unknown) => void;
const disconnected = new Promise((resolve) => {
  sawDisconnect = resolve;
});

beforeAll(async () => {
  server = demoServer({ pageSize: 4 });
  server.addTool({
    name: 'confirm_and_roots',
    description: 'Elicits a confirmation and lists roots',
    handler: async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Proceed?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      const roots = await ctx.listRoots();
      return { action: answer.action, ok: answer.content?.ok, roots: roots.roots.map((r: { uri: string }) => r.uri) };
    },
  });
  server.addTool({
    name: 'wait_for_cancel',
    description: 'Waits until the request is cancelled',
    handler: (_args, ctx) =>
      new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () => {
          sawAbort(ctx.signal.reason);
          resolve('cancelled');
        }),
      ),
  });
  server.addTool({
    name: 'wait_for_disconnect',
    description: 'Waits until the HTTP client goes away',
    handler: (_args, ctx) =>
      new Promise((resolve) =>
        ctx.signal.addEventListener('abort', () => {
          sawDisconnect(ctx.signal.reason);
          resolve('gone');
        }),
      ),
  });
  http = await listen(await appWith(server));
  client = await connectHTTP(`${http.url}/mcp`);
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
    role: 'assistant',
    model: 'test-model',
    content: { type: 'text', text: `echo: ${(request.params.messages[0].content as { text: string }).text}` },
  }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { ok: true } }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///project', name: 'project' }] }));
});

afterAll(async () => {
  await client?.close();
  await http?.stop();
});

describe('SDK client over streamable HTTP', () => {
  it('initializes: negotiated version, server info and instructions; no listChanged (stateless: no channel to push on)', () => {
    expect(client.getServerVersion()).toEqual({ name: 'fw-mcp-demo', version: '1.0.0' });
    expect(client.getInstructions()).toBe('Demo tools: add numbers, echo text, report progress.');
    expect(client.getServerCapabilities()?.tools).toEqual({});
  });

  it('lists tools across three pages with cursors', async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      pages.push(page.tools.map((t) => t.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pages).toEqual([
      ['add', 'echo', 'count', 'ask_model'],
      ['stream_words', 'sleep', 'fail', 'confirm_and_roots'],
      ['wait_for_cancel', 'wait_for_disconnect'],
    ]);
  });

  it('calls a tool and gets structured content checked against its output schema', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } });
    expect(result.structuredContent).toEqual({ sum: 42 });
    expect(result.content).toEqual([{ type: 'text', text: '{"sum":42}' }]);
  });

  it('turns invalid arguments into an isError result naming the path (SEP-1303)', async () => {
    const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 'x' } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(/\/b/);
  });

  it('reads resources and templates, gets a prompt, completes an argument', async () => {
    const readme = await client.readResource({ uri: 'demo://readme' });
    expect(readme.contents[0]).toMatchObject({ text: '# Demo\nA demo resource.' });
    const user = await client.readResource({ uri: 'demo://users/7' });
    expect(JSON.parse((user.contents[0] as { text: string }).text)).toEqual({ id: '7', name: 'user 7' });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { name: 'Grace' } });
    expect(prompt.messages[0].content).toEqual({ type: 'text', text: 'Say hello to Grace in english.' });
    const completion = await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'language', value: 'ge' } });
    expect(completion.completion.values).toEqual(['german']);
  });

  it('delivers increasing progress notifications before the result', async () => {
    const seen: number[] = [];
    const result = await client.callTool({ name: 'count', arguments: { steps: 4 } }, CallToolResultSchema, {
      onprogress: (p) => seen.push(p.progress),
    });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(result.content).toEqual([{ type: 'text', text: 'counted to 4' }]);
  });

  it('filters log messages below the level the request carries (stateless: a level lives with its request)', async () => {
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(`${n.params.level}:${n.params.data}`);
    });
    await client.callTool({ name: 'count', arguments: { steps: 2 } });
    expect(logs).toEqual(['debug:counted 1', 'notice:counted 2']);
    logs.length = 0;
    await client.callTool({ name: 'count', arguments: { steps: 2 }, _meta: { 'io.modelcontextprotocol/logLevel': 'info' } });
    expect(logs).toEqual(['notice:counted 2']);
  });

  it('runs sampling answered by the client over the SSE response stream', async () => {
    const result = await client.callTool({ name: 'ask_model', arguments: { question: 'ping?' } });
    expect(result.content).toEqual([{ type: 'text', text: 'model said: echo: ping?' }]);
  });

  it('runs elicitation and roots/list answered by the client', async () => {
    const result = await client.callTool({ name: 'confirm_and_roots', arguments: {} });
    expect(result.structuredContent).toEqual({ action: 'accept', ok: true, roots: ['file:///project'] });
  });

  it('cancels a session-less request when its notifications/cancelled arrives on another POST (same caller: same address, no credential)', async () => {
    // A caller of another address or credential cannot: test/mcp/cancel-across-instances.test.ts, isolation.test.ts.
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, CallToolResultSchema, { signal: controller.signal });
    setTimeout(() => controller.abort('changed my mind'), 50);
    await expect(call).rejects.toThrow();
    expect(String(await Promise.race([aborted, new Promise((resolve) => setTimeout(() => resolve('still running'), 2000))]))).toContain(
      'changed my mind',
    );
    const after = await client.callTool({ name: 'echo', arguments: { text: 'still alive' } });
    expect(after.content).toEqual([{ type: 'text', text: 'still alive' }]);
  });

  it('delivers streamed tool content block by block before the result', async () => {
    const order: string[] = [];
    client.fallbackNotificationHandler = async (n) => {
      if (n.method === 'notifications/content') order.push(`block:${(n.params as { content: { text: string } }).content.text}`);
    };
    const result = await client.callTool({ name: 'stream_words', arguments: {} });
    order.push('result');
    client.fallbackNotificationHandler = undefined;
    expect(order).toEqual(['block:one', 'block:two', 'block:three', 'result']);
    expect(result.content).toEqual([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
      { type: 'text', text: 'three' },
    ]);
  });

  it('aborts the handler signal when the HTTP client disconnects mid-request', async () => {
    const controller = new AbortController();
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait_for_disconnect', arguments: {} } });
    const pending = fetch(`${http.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    expect(String(await disconnected)).toContain('The client disconnected');
  });

  it('answers ping', async () => {
    expect(await client.ping()).toEqual({});
  });
});
