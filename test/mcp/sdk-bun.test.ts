/** The official SDK client against fw-mcp running under Bun: stdio, and streamable HTTP on fw/bun. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectHTTP, sdkClient } from './helpers';
import { exercise } from './scenario';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bun = `${root}node_modules/.bin/bun`;

describe('under Bun', () => {
  it('runs the whole scenario over stdio against the stdio example', async () => {
    const client = sdkClient();
    const env = { ...process.env, MCP_PAGE_SIZE: '3' } as Record<string, string>;
    await client.connect(
      new StdioClientTransport({ command: bun, args: ['run', `${root}examples/mcp-stdio/server.ts`], env, stderr: 'pipe' }),
    );
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  describe('streamable HTTP on fw/bun', () => {
    let child: ChildProcess;
    let url: string;
    beforeAll(async () => {
      child = spawn(bun, ['run', `${root}test/mcp/servers/bun-http.ts`], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      for await (const chunk of child.stdout!) {
        output += String(chunk);
        if (output.includes('\n')) break;
      }
      url = output.trim();
    });
    afterAll(async () => {
      if (child.exitCode === null) {
        child.kill();
        await once(child, 'exit');
      }
    });

    it('runs the whole scenario, sampling over the SSE response stream included', async () => {
      const client = await connectHTTP(url);
      try {
        await exercise(client, true);
      } finally {
        await client.close();
      }
    });
  });
});
