import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const project = fileURLToPath(new URL('./fixtures/project/', import.meta.url));

describe('fw mcp: the project app over stdio, driven by the official MCP SDK client', () => {
  const client = new Client({ name: 'cli-test', version: '1.0.0' });

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [`${root}cli/bin/fw.mjs`, 'mcp', '--app', 'src/app.ts', '--name', 'cli-fixture'],
      cwd: project,
      stderr: 'pipe',
    });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
  });

  it('initializes with the given name and lists the app routes as tools', async () => {
    expect(client.getServerVersion()?.name).toBe('cli-fixture');
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names.length).toBeGreaterThanOrEqual(4);
    const hello = tools.find((t) => /hello/i.test(t.name) && /get/i.test(t.name));
    expect(hello).toBeDefined();
    const result = await client.callTool({ name: hello!.name, arguments: {} });
    expect(JSON.stringify(result.content)).toContain('world');
  });

  it('answers an unknown tool with an error, not a crash', async () => {
    const result = await client
      .callTool({ name: 'no/such/tool', arguments: {} })
      .catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
    expect(result.isError).toBe(true);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});
