/**
 * `fw-mcp`: the MCP server bound to an fw app (route tools, runtime tools, prompts, workflows), its HTTP plugin and
 * OAuth, and everything `fw-mcp/plain` exports. This is where transports and the bridge are wired to the server.
 */
import type { CoreFw } from 'fw';
import { BridgedMCPServer } from './bridged-server';
import type { MCPServerOptions } from './types';

/** Creates an MCP server, optionally bound to an fw app (`null` binds later with `server.bind(app)`). */
export function createMCPServer(app: CoreFw | null = null, options: MCPServerOptions = {}): BridgedMCPServer {
  return new BridgedMCPServer(app, options);
}

/** Same as `createMCPServer`: the short form `mcp(app, options)`. */
export function mcp(app: CoreFw | null = null, options: MCPServerOptions = {}): BridgedMCPServer {
  return new BridgedMCPServer(app, options);
}

export * from './plain';
export { BridgedMCPServer as MCPServer } from './bridged-server';
export {
  createMCPPlugin,
  type MCPCancellationOptions,
  type MCPHTTPOptions,
  type MCPLegacySSE,
  type MCPResumabilityOptions,
  type MCPSessionOptions,
} from './http/plugin';
export type { SessionKV } from './http/options';
export { oauth } from './oauth/resource-server';
export type {
  MCPIntrospectionCacheOptions,
  MCPIntrospectionOptions,
  MCPJWTOptions,
  MCPOAuth,
  MCPOAuthOptions,
} from './oauth/options';
export { authOf } from './auth/request-auth';
export type { MCPRouteOptions } from './bridge/route-options';
export { runWorkflow } from './workflows/run-workflow';
export { createBuiltinWorkflows, type BuiltinWorkflowOptions } from './workflows/builtin';
export type { RunWorkflowOptions, WorkflowRun, StepReport } from './workflows/types';
export { routeToolName } from './bridge/route-tool-name';
export type { BridgeOptions } from './app-bridge';
export { runtimeTools } from './bridge/runtime-tools';
export { routeTools, type RouteTool, type RouteToolOptions } from './bridge/route-tools';
export type { BridgeTool } from './bridge/bridge-tool';
