/**
 * A worker with one MCP server on four endpoints: `/mcp` without authentication, `/private` behind a fixed Bearer token,
 * `/secret` behind the token in the MCP_TOKEN binding, `/unset` behind a binding the worker does not have.
 */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';

const app = new Fw();
app.get('/hello', () => ({ hello: 'worker' }));
const server = mcp(app);
app.use(createMCPPlugin(server));
app.use(createMCPPlugin(server, { path: '/private', authToken: 'worker-token' }));
app.use(createMCPPlugin(server, { path: '/secret', authToken: (ctx) => (ctx.env as { MCP_TOKEN?: string }).MCP_TOKEN }));
app.use(createMCPPlugin(server, { path: '/unset', authToken: (ctx) => (ctx.env as { NO_SUCH_SECRET?: string }).NO_SUCH_SECRET }));

export default worker(app);
