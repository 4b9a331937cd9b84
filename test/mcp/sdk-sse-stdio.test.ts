/** The official SDK client over legacy HTTP+SSE and over stdio (a child process), and the MCP inspector CLI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { NodeServer } from 'fw/node';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectSSE, listen, sdkClient } from './helpers';
import { exercise } from './scenario';
import { createMCPPlugin } from 'fw-mcp';
import { legacySSE } from 'fw-mcp/legacy-sse';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;
const example = `${root}examples/mcp-stdio/server.ts`;

describe('SDK client over legacy HTTP+SSE', () => {
  let http: NodeServer;
  beforeAll(async () => {
    http = await listen(await appWith(demoServer({ pageSize: 3 }), { legacySSE }));
  });
  afterAll(async () => {
    await http?.stop();
  });

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
    const unknown = await fetch(`${http.url}/mcp/stream?sessionId=nope`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.status).toBe(404);
    const missing = await fetch(`${http.url}/mcp/stream`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe(-32600);
  });
});

describe('legacy HTTP+SSE is an import', () => {
  it('without legacySSE, /sse and /stream answer 405 naming streamable HTTP and the import; the SDK client gets no stream', async () => {
    const running = await listen(await appWith(demoServer()));
    try {
      const get = await fetch(`${running.url}/mcp/sse`, { headers: { accept: 'text/event-stream' } });
      expect(get.status).toBe(405);
      const refused = (await get.json()).error;
      expect(refused.code).toBe(-32600);
      expect(refused.message).toContain('use streamable HTTP at /mcp');
      expect(refused.message).toContain("legacySSE from 'fw-mcp/legacy-sse'");
      const post = await fetch(`${running.url}/mcp/stream?sessionId=x`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(post.status).toBe(405);
      await expect(connectSSE(`${running.url}/mcp/sse`)).rejects.toThrow(/405/);
    } finally {
      await running.stop();
    }
  });

  it('refuses enableSSE: true without legacySSE, and a legacySSE that is not the import, at startup', () => {
    expect(() => createMCPPlugin(demoServer(), { enableSSE: true })).toThrow(/legacySSE from 'fw-mcp\/legacy-sse'/);
    expect(() => createMCPPlugin(demoServer(), { legacySSE: {} as never })).toThrow(/legacySSE from 'fw-mcp\/legacy-sse'/);
  });

  it('enableSSE: false turns a given legacySSE off', async () => {
    const app = await appWith(demoServer(), { legacySSE, enableSSE: false });
    expect((await app.request('/mcp/sse', { headers: { accept: 'text/event-stream' } })).status).toBe(405);
  });
});

describe('SDK client over stdio (child process)', () => {
  it('runs the whole scenario against the stdio example', async () => {
    const client = sdkClient();
    const transport = new StdioClientTransport({
      command: tsx,
      args: [example],
      env: { ...process.env, MCP_PAGE_SIZE: '3' } as Record<string, string>,
      stderr: 'pipe',
    });
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
    const { stdout } = await promisify(execFile)(process.execPath, ['index.js', tsx, example, '--method', 'tools/list'], {
      cwd: cliDir,
      timeout: 60_000,
    });
    const listed = JSON.parse(stdout);
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual([
      'add',
      'echo',
      'count',
      'ask_model',
      'stream_words',
      'sleep',
      'fail',
    ]);
  });

  it('calls a tool of the stdio example', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['index.js', tsx, example, '--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 'text=hello'],
      { cwd: cliDir, timeout: 60_000 },
    );
    expect(JSON.parse(stdout).content).toEqual([{ type: 'text', text: 'hello' }]);
  });
});
