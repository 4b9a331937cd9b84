/** The demo MCP server on fw/bun bound to 0.0.0.0 with no auth and a rate limit of 3; prints its port. */
import { Fw } from 'fw';
import { serve } from 'fw/bun';
import { createMCPPlugin } from 'fw-mcp';
import { demoServer } from '../../../examples/mcp-stdio/demo';

const app = new Fw();
await app.plugin(createMCPPlugin(demoServer(), { rateLimit: { max: 3, windowMs: 60_000 } }));
const server = await serve(app, { port: 0, hostname: '0.0.0.0' });
console.log(server.port);
