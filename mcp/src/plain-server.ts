import { openStdio } from '#stdio';
import { MCPServer, type Transport } from './server';

/**
 * The MCP server without the app bridge, with stdio wired in: `start()` serves the process's standard streams (in a
 * worker, where `#stdio` has no transport, it fails at once). It imports nothing from fw at run time, so it runs where
 * fw is not installed (`fw-mcp/plain`).
 */
export class PlainMCPServer extends MCPServer {
  /** Serves over stdio (`'stdio'` or a configured `StdioTransport`, or any `Transport`); resolves when the input ends. */
  override start(transport: 'stdio' | Transport = 'stdio'): Promise<void> {
    return super.start(transport === 'stdio' ? openStdio(this.debug) : transport);
  }
}
