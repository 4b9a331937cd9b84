/** The official SDK client over legacy HTTP+SSE and over stdio (a child process), and the MCP inspector CLI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema, CreateMessageRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { NodeServer } from 'fw/node';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectSSE, listen, sdkClient } from './helpers';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;
const example = `${root}examples/mcp-stdio/server.ts`;

/** The same scenario on any transport: pages, call, read, prompt, complete, progress, logging, sampling. */
async function exercise(client: Client): Promise<void> {
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'forty-two' } }));
  const names: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    names.push(page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor);
  expect(names).toEqual([['add', 'echo', 'count'], ['ask_model', 'stream_words', 'sleep'], ['fail']]);
  expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).structuredContent).toEqual({ sum: 3 });
  expect(((await client.readResource({ uri: 'demo://users/5' })).contents[0] as { text: string }).text).toBe('{"id":"5","name":"user 5"}');
  expect((await client.getPrompt({ name: 'greet', arguments: { name: 'Lin', language: 'finnish' } })).messages[0].content).toEqual({ type: 'text', text: 'Say hello to Lin in finnish.' });
  expect((await client.complete({ ref: { type: 'ref/resource', uri: 'demo://users/{id}' }, argument: { name: 'id', value: '1' } })).completion.values).toEqual(['1', '10', '11']);
  const progress: number[] = [];
  await client.callTool({ name: 'count', arguments: { steps: 3 } }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) });
  expect(progress).toEqual([1, 2, 3]);
  const logs: string[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { logs.push(String(n.params.data)); });
  await client.setLoggingLevel('notice');
  await client.callTool({ name: 'count', arguments: { steps: 3 } });
  expect(logs).toEqual(['counted 3']);
  expect((await client.callTool({ name: 'ask_model', arguments: { question: 'answer?' } })).content).toEqual([{ type: 'text', text: 'model said: forty-two' }]);
}

describe('SDK client over legacy HTTP+SSE', () => {
  let http: NodeServer;
  beforeAll(async () => { http = await listen(await appWith(demoServer({ pageSize: 3 }))); });
  afterAll(async () => { await http?.stop(); });

  it('initializes through the endpoint event and runs the whole scenario', async () => {
    const client = await connectSSE(`${http.url}/mcp/sse`);
    try {
      expect(client.getServerVersion()?.name).toBe('fw-mcp-demo');
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it('answers a POST for an unknown or missing session with 404 / 400', async () => {
    const unknown = await fetch(`${http.url}/mcp/stream?sessionId=nope`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(unknown.status).toBe(404);
    const missing = await fetch(`${http.url}/mcp/stream`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe(-32600);
  });
});

describe('SDK client over stdio (child process)', () => {
  it('runs the whole scenario against the stdio example', async () => {
    const client = sdkClient();
    const transport = new StdioClientTransport({ command: tsx, args: [example], env: { ...process.env, MCP_PAGE_SIZE: '3' } as Record<string, string>, stderr: 'pipe' });
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});

describe('SDK client over stdio, server under Bun', () => {
  it('runs the whole scenario against the stdio example run by bun', async () => {
    const client = sdkClient();
    const transport = new StdioClientTransport({ command: `${root}node_modules/.bin/bun`, args: ['run', example], env: { ...process.env, MCP_PAGE_SIZE: '3' } as Record<string, string>, stderr: 'pipe' });
    await client.connect(transport);
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});

describe('MCP inspector CLI', () => {
  // The CLI reads its own package.json relative to the working directory, so it runs from its build folder.
  const cliDir = `${root}node_modules/@modelcontextprotocol/inspector-cli/build`;

  it('lists the tools of the stdio example', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['index.js', tsx, example, '--method', 'tools/list'], { cwd: cliDir, timeout: 60_000 });
    const listed = JSON.parse(stdout);
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(['add', 'echo', 'count', 'ask_model', 'stream_words', 'sleep', 'fail']);
  });

  it('calls a tool of the stdio example', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['index.js', tsx, example, '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'text=hello'], { cwd: cliDir, timeout: 60_000 });
    expect(JSON.parse(stdout).content).toEqual([{ type: 'text', text: 'hello' }]);
  });
});
