/** Worker entry for the bundle-size comparison: fw + fw-mcp with one tool, plain server (no app bridge). */
import { Fw } from 'fw';
import { createMCPPlugin, createPlainMCPServer } from 'fw-mcp';

const server = createPlainMCPServer(null, { name: 'bench' }).addTool<{ a: number; b: number }>({
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  handler: ({ a, b }) => String(a + b),
});
const app = new Fw();
void app.plugin(createMCPPlugin(server));

export default { fetch: (request: Request) => app.fetch(request) };
