/**
 * Bench contestant: the official SDK v2 server (`@modelcontextprotocol/server` 2.4) as its docs serve it on Node:
 * `createMcpHandler` (a fresh McpServer per request, 2026-07-28 per request, 2025 through its stateless fallback)
 * behind `toNodeHandler` of `@modelcontextprotocol/node`, on node:http. Same `add` tool. Prints its endpoint URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSdkV2 } from '../sdk-v2';

const { McpServer, createMcpHandler } = await loadSdkV2('@modelcontextprotocol/server');
const { toNodeHandler } = await loadSdkV2('@modelcontextprotocol/node');
const { z } = await loadSdkV2('zod');

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) },
    async ({ a, b }: { a: number; b: number }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  return server;
});
const listener = createServer(toNodeHandler(handler));
listener.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`));
