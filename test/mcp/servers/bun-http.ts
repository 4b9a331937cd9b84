/** The demo MCP server over streamable HTTP on fw/bun (Bun.serve), for the SDK client test; prints its URL. */
import { Fw } from 'fw';
import { serve } from 'fw/bun';
import { createMCPPlugin } from 'fw-mcp';
import { demoServer } from '../../../examples/mcp-stdio/demo';

const app = new Fw();
await app.plugin(createMCPPlugin(demoServer({ pageSize: 3 })));
const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
console.log(`http://127.0.0.1:${server.port}/mcp`);
