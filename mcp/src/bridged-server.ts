import { AppBridge } from './bridge/install';
import { MCPServer, type BridgeFactory } from './server';

/**
 * The MCP server with the app bridge: the bound app's routes as tools, the built-in runtime tools, workflows and
 * prompts (each part on by default, see `BridgeOptions`). `fw-mcp` exports it as `MCPServer`; the plain server
 * (`createPlainMCPServer`) leaves the bridge out of the bundle.
 */
export class BridgedMCPServer extends MCPServer {
  protected static override readonly makeBridge: BridgeFactory = (registry, options) => new AppBridge(registry, options);
}
