/** The demo MCP server as a Workers module, with the HTTP options a test bundles in as `__MCP_OPTIONS__`. */
import { Fw } from 'fw';
import { worker } from 'fw/worker';
import { createMCPPlugin, type MCPHTTPOptions } from 'fw-mcp';
import { demoServer } from '../../../examples/mcp-stdio/demo';

declare const __MCP_OPTIONS__: MCPHTTPOptions;

const app = new Fw();
void app.plugin(createMCPPlugin(demoServer(), __MCP_OPTIONS__));

export default worker(app);
