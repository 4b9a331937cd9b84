import type { CoreFw } from 'fw';
import { BridgedMCPServer } from './bridged-server';
import { MCPServer as PlainMCPServer } from './server';
import type { MCPServerOptions } from './types';

/** Creates an MCP server, optionally bound to an fw app (`null` binds later with `server.bind(app)`). */
export function createMCPServer(app: CoreFw | null = null, options: MCPServerOptions = {}): BridgedMCPServer {
  return new BridgedMCPServer(app, options);
}

/** Same as `createMCPServer`: the short form `mcp(app, options)`. */
export function mcp(app: CoreFw | null = null, options: MCPServerOptions = {}): BridgedMCPServer {
  return new BridgedMCPServer(app, options);
}

/**
 * An MCP server without the app bridge: only what is registered on it (no route tools, built-in tools, prompts or
 * workflows), so a worker bundle leaves the bridge out; the bridge options throw here.
 */
export function createPlainMCPServer(app: CoreFw | null = null, options: MCPServerOptions = {}): PlainMCPServer {
  return new PlainMCPServer(app, options);
}

export { BridgedMCPServer as MCPServer } from './bridged-server';
export { PlainMCPServer };
export type { NotificationListener } from './server';
export {
  createMCPPlugin,
  type MCPCancellationOptions,
  type MCPHTTPOptions,
  type MCPIntrospectionCacheOptions,
  type MCPIntrospectionOptions,
  type MCPJWTOptions,
  type MCPOAuth,
  type MCPOAuthOptions,
  type MCPResumabilityOptions,
  type MCPSessionOptions,
} from './http/plugin';
export { oauth } from './oauth/resource-server';
export { authOf } from './oauth/request-auth';
export type { MCPAuthInfo } from './oauth/types';
export type { MCPRouteOptions } from './bridge/route-options';
export type { SessionKV } from './http/options';
export { StdioTransport, type StdioTransportOptions, type StdioInput, type StdioOutput } from './stdio/transport';
export { RequestContext, type AbortSource, type InputOptions } from './request-context';
export type { Change, SubscriptionFilter } from './modern/change-feed';
export { paginate, decodeCursor, type Page } from './pagination';
export type { Task, TaskStatus } from './tasks/types';
export { inputBeforeTask, type InputFirstHandler, type InputFirstParts } from './tasks/input-first';
export { TASKS_EXTENSION } from './tasks/extension';
export { compileUriTemplate, type UriTemplate } from './uri-template';
export { docsResources, slugOf } from './docs';
export { ErrorCode, RpcError } from './jsonrpc';
export type {
  JSONRPCMessage,
  JSONRPCRequest,
  JSONRPCNotification,
  JSONRPCResponse,
  JSONRPCResult,
  JSONRPCError,
  RequestId,
} from './jsonrpc';
export { LOG_LEVELS, type LogLevel, type PeerState, type ClientLink } from './peer';
export { SUPPORTED_VERSIONS, MODERN_VERSIONS, LEGACY_VERSIONS, LATEST_VERSION } from './versions';
export type * from './types';
export { runWorkflow } from './workflows/run-workflow';
export { createBuiltinWorkflows, type BuiltinWorkflowOptions } from './workflows/builtin';
export type {
  WorkflowStep,
  HttpStep,
  CodeStep,
  DelayStep,
  LogStep,
  ResultStep,
  RunWorkflowOptions,
  WorkflowRun,
  StepReport,
} from './workflows/types';
export { routeToolName } from './bridge/route-tool-name';
export { PROVIDER_TOOL_NAME, providerSafeNames, safeToolName, type ToolNameStyle } from './tool-names';
export type { BridgeOptions } from './bridge/install';
export { runtimeTools } from './bridge/runtime-tools';
export { routeTools, type RouteTool, type RouteToolOptions } from './bridge/route-tools';
export type { BridgeTool, RuntimeBridgeOptions } from './bridge/bridge-tool';
