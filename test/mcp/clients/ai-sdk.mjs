/**
 * Drives an MCP server with the Vercel AI SDK's client (@ai-sdk/mcp, Node >= 22), the way an AI SDK app does:
 * `createMCPClient`, then `tools()` and a tool's `execute`, plus the raw list/call/read/prompt methods.
 * Usage: node22 ai-sdk.mjs <install dir> <url> | <install dir> stdio <command> [args...]. Prints one JSON report.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [dir, target, ...command] = process.argv.slice(2);
const load = (name) => import(pathToFileURL(createRequire(`${dir}/`).resolve(name)).href);
const { createMCPClient } = await load('@ai-sdk/mcp');
const transport =
  target === 'stdio'
    ? new (await load('@ai-sdk/mcp/mcp-stdio')).StdioMCPTransport({ command: command[0], args: command.slice(1), stderr: 'ignore' })
    : { type: 'http', url: target };

const report = {};
let client;
try {
  client = await createMCPClient({ transport, clientName: 'fw-matrix-ai-sdk' });
  report.server = client.serverInfo?.name;
  report.protocolVersion = client.initializeResult?.protocolVersion;
  report.tools = (await client.listTools()).tools.map((t) => t.name);
  const toolSet = await client.tools();
  report.aiToolExecute = await toolSet.get_users_by_id.execute({ id: 2 }, { toolCallId: 'call-1', messages: [] });
  report.routeTool = await client.callTool({ name: 'get_users_by_id', arguments: { id: 2 } });
  report.runtimeTool = await client.callTool({ name: 'fw/serverless/status', arguments: {} });
  report.resource = await client.readResource({ uri: 'docs://users-guide' });
  report.prompt = await client.getPrompt({ name: 'fw/analyze-route', arguments: { path: '/users/:id' } });
} catch (error) {
  const cause = error?.cause ? ` (cause: ${error.cause?.message ?? error.cause})` : '';
  report.error = `${error?.message ?? error}${cause}`;
} finally {
  await client?.close().catch(() => {});
}
process.stdout.write(JSON.stringify(report));
