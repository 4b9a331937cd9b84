/** The demo MCP server as a Workers module, with signed sessions (bundled and run in workerd by the tests). */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin } from 'fw-mcp';
import { demoServer } from '../../../examples/mcp-stdio/demo';

const app = new Fw();
void app.plugin(createMCPPlugin(demoServer({ pageSize: 3 }), { sessions: { secret: 'worker-test-secret-0123456789' } }));

export default worker(app);
