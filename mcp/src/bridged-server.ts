import { validate, type FwPluginConfig } from 'fw';
import { AppBridge } from './app-bridge';
import { createMCPPlugin } from './http/plugin';
import type { MCPHTTPOptions } from './http/options';
import { PlainMCPServer } from './plain-server';
import type { SchemaCheck } from './schema-check';
import type { BridgeFactory } from './server';

/**
 * The MCP server with the app bridge: the bound app's routes as tools, the built-in runtime tools, workflows and
 * prompts (each part on by default, see `BridgeOptions`), tool schemas checked by fw's validator, and `startHTTP`.
 * `fw-mcp` exports it as `MCPServer`; the plain server (`createPlainMCPServer`) leaves all of it out of the bundle.
 */
export class BridgedMCPServer extends PlainMCPServer {
  protected static override readonly makeBridge: BridgeFactory = (registry, options) => new AppBridge(registry, options);
  protected static override readonly schemaCheck: SchemaCheck = validate;

  /** The fw plugin that serves this server over streamable HTTP (and legacy SSE): `createMCPPlugin(this, options)`. */
  startHTTP(options: MCPHTTPOptions = {}): FwPluginConfig {
    return createMCPPlugin(this, options);
  }
}
