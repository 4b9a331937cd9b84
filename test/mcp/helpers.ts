/** Shared helpers of the fw-mcp tests: serving an app on Node, connecting the official SDK client, raw JSON-RPC posts. */
import { execFile } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { createMCPPlugin, type MCPHTTPOptions, type MCPServer } from 'fw-mcp';

/** An fw app with the server mounted (plugin setup awaited). */
export async function appWith(server: MCPServer, options: MCPHTTPOptions = {}): Promise<Fw> {
  const app = new Fw();
  await app.plugin(createMCPPlugin(server, options));
  return app;
}

/** Serves an app on 127.0.0.1 with an ephemeral port. */
export function listen(app: Fw): Promise<NodeServer> {
  return serve(app, { port: 0, hostname: '127.0.0.1' });
}

/** The SDK client declaring sampling, elicitation and roots. */
export function sdkClient(): Client {
  return new Client({ name: 'fw-mcp-tests', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
}

/** Connects the SDK client over streamable HTTP. */
export async function connectHTTP(url: string, headers?: Record<string, string>): Promise<Client> {
  const client = sdkClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Connects the SDK client over the legacy HTTP+SSE transport. */
export async function connectSSE(url: string): Promise<Client> {
  const client = sdkClient();
  await client.connect(new SSEClientTransport(new URL(url)));
  return client;
}

/** POSTs one raw JSON-RPC body to an app in process and returns status, headers and parsed body. */
export async function post(app: Fw, body: unknown, headers: Record<string, string> = {}, path = '/mcp') {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

/** The JSON-RPC messages of an SSE body, in order. */
export function sseMessages(text: string): any[] {
  return text
    .split('\n\n')
    .map((frame) =>
      frame
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data));
}

/** An initialize request body. */
export function initialize(protocolVersion = '2025-06-18', capabilities: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } },
  };
}

/** The repository root (absolute, with a trailing slash). */
export const repoRoot = new URL('../../', import.meta.url).pathname;

/**
 * Runs the MCP inspector CLI (installed) with `args` (a URL or command, then its options) and returns its exit
 * code and output. It reads its own package.json relative to the working directory, so it runs from its build folder.
 */
export function inspector(args: string[], timeout = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['index.js', ...args],
      { cwd: `${repoRoot}node_modules/@modelcontextprotocol/inspector-cli/build`, timeout },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0, stdout, stderr });
      },
    );
  });
}
