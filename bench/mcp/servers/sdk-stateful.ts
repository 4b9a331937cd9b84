/**
 * Bench contestant: the official SDK's stateful streamable HTTP server as its own example serves it
 * (src/examples/server/jsonResponseStreamableHttp.ts): Express, one server and transport per session, kept in a
 * map by `Mcp-Session-Id`, JSON responses. Prints its endpoint URL.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  server.registerTool('add', { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({
    content: [{ type: 'text', text: String(a + b) }],
  }));
  return server;
}

const sessions = new Map<string, StreamableHTTPServerTransport>();
const app = createMcpExpressApp();
app.post('/mcp', async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
  const sessionId = req.headers['mcp-session-id'];
  const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
  if (existing) {
    await existing.handleRequest(req, res, req.body);
    return;
  }
  if (sessionId || !isInitializeRequest(req.body)) {
    res.writeHead(sessionId ? 404 : 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Session not found' }, id: null }));
    return;
  }
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (id) => {
      sessions.set(id, transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
const listener = app.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`);
});
