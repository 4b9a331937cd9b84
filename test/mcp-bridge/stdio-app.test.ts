/** The stdio example bound to an app, driven by the official SDK client over a real child process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
let client: Client;

beforeAll(async () => {
  client = new Client({ name: 'stdio-app-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'examples/mcp-stdio/app-server.ts'],
      cwd: root,
      env: { ...process.env, MCP_ALLOW_MUTATION: '1' } as Record<string, string>,
      stderr: 'pipe',
    }),
  );
});
afterAll(() => client?.close());

describe('examples/mcp-stdio app-server', () => {
  it('exposes the routes as tools, mutations included when allowed', async () => {
    const tools = (await client.listTools()).tools;
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_users', 'get_users_by_id', 'post_users', 'fw/routes/list', 'fw/workflow/run']));
    expect(tools.find((t) => t.name === 'get_users')!.inputSchema.properties).toEqual({
      role: { type: 'string', enum: ['admin', 'user'] },
    });
  });

  it('creates and reads back a user through route tools, and runs a workflow over the same app', async () => {
    const created = await client.callTool({ name: 'post_users', arguments: { body: { name: 'Katherine Johnson' } } });
    const id = (created.structuredContent as { id: string }).id;
    const read = await client.callTool({ name: 'get_users_by_id', arguments: { id } });
    expect(read.structuredContent).toMatchObject({ name: 'Katherine Johnson' });
    const chained = await client.callTool({
      name: 'fw/chain-requests',
      arguments: { requests: [{ path: '/users?role=admin' }, { path: '/users/1' }] },
    });
    expect(chained.isError).toBeFalsy();
    const bad = await client.callTool({ name: 'get_users', arguments: { role: 'nobody' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('/role');
  });

  it('gets a built-in prompt with live routes and completes its path argument', async () => {
    const prompt = await client.getPrompt({ name: 'fw/analyze-route', arguments: { path: '/users/:id' } });
    expect(JSON.stringify(prompt.messages)).toContain('One user by id');
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'fw/analyze-route' },
      argument: { name: 'path', value: '/users/' },
    });
    expect(completion.completion.values).toEqual(['/users/:id']);
  });
});
