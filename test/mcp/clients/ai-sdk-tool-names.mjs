/**
 * Lists a server's tools with the Vercel AI SDK's client (@ai-sdk/mcp, Node >= 22) the way an agent hands them to a
 * model: the keys of `client.tools()` are the tool names the model provider receives. Executes one tool by its name
 * and reports the protocol version the connection settled on.
 * Usage: node22 ai-sdk-tool-names.mjs <install dir> <url> <tool to execute> <its arguments as JSON>. Prints one JSON report.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [dir, url, toolName, args] = process.argv.slice(2);
const load = (name) => import(pathToFileURL(createRequire(`${dir}/`).resolve(name)).href);
const { createMCPClient } = await load('@ai-sdk/mcp');

const report = {};
let client;
try {
  client = await createMCPClient({ transport: { type: 'http', url }, clientName: 'fw-tool-names-ai-sdk' });
  report.protocolVersion = client.initializeResult?.protocolVersion;
  const toolSet = await client.tools();
  report.names = Object.keys(toolSet);
  report.executed = await toolSet[toolName].execute(JSON.parse(args), { toolCallId: 'call-1', messages: [] });
} catch (error) {
  const cause = error?.cause ? ` (cause: ${error.cause?.message ?? error.cause})` : '';
  report.error = `${error?.message ?? error}${cause}`;
} finally {
  await client?.close().catch(() => {});
}
process.stdout.write(JSON.stringify(report));
