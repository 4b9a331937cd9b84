/** Bench contestant: fw-mcp on fw/node with the plugin's defaults (stateless streamable HTTP), one `add` tool. Prints its endpoint URL. */
import { Fw } from 'fw';
import { serve } from 'fw/node';
import { createMCPPlugin, createMCPServer } from 'fw-mcp';

const server = createMCPServer(null, { name: 'bench', version: '1.0.0' }).addTool<{ a: number; b: number }>({
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  handler: ({ a, b }) => String(a + b),
});
const app = new Fw();
await app.plugin(createMCPPlugin(server));
const running = await serve(app, { port: 0, hostname: '127.0.0.1' });
console.log(`${running.url}/mcp`);
