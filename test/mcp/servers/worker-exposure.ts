/** A worker with one MCP server on two endpoints: `/mcp` without authentication, `/private` behind a Bearer token. */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';

const app = new Fw();
app.get('/hello', () => ({ hello: 'worker' }));
const server = mcp(app);
app.use(createMCPPlugin(server));
app.use(createMCPPlugin(server, { path: '/private', authToken: 'worker-token' }));

export default worker(app);
