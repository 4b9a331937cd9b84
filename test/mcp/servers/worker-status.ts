/** A worker exposing fw/serverless/status through fw-mcp (stateless, behind a Bearer token), for the status figures read in workerd. */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, mcp } from 'fw-mcp';

const app = new Fw();
app.get('/hello', () => ({ hello: 'worker' }));
app.use(createMCPPlugin(mcp(app), { authToken: 'status-token' }));

export default worker(app);
