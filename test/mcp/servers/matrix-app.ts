/**
 * The app every client of the matrix drives, on every target: the stdio example's users API with fw-mcp mounted
 * at /mcp (stateless), its route tools, the runtime tools, the built-in prompts and one docs resource.
 */
import type { Fw } from 'fw';
import { createMCPPlugin, mcp, type MCPServer } from 'fw-mcp';
import { createApp } from '../../../examples/mcp-stdio/app';

/** The text of the one resource, `docs://users-guide`. */
export const guide = '# Users guide\n\nGET /users lists the users; GET /users/:id reads one.\n';

/**
 * The MCP server bound to an app: name `fw-matrix`, one docs resource. The matrix checks that clients interoperate on
 * every target (workers and Lambda have no loopback peer), so it opts into runtime tools for every caller.
 */
export function matrixServer(app: Fw): MCPServer {
  return mcp(app, { name: 'fw-matrix', docs: { 'users-guide.md': guide }, exposeRuntimeTools: 'public' });
}

/** The example app with the MCP endpoint mounted at /mcp. */
export function matrixApp(): Fw {
  const app = createApp();
  app.use(createMCPPlugin(matrixServer(app)));
  return app;
}
