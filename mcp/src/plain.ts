/**
 * `fw-mcp/plain`: the MCP server on its own, without fw installed: the plain server, stdio, the protocol's types and
 * helpers. Nothing here imports fw at run time; `fw-mcp` adds the app bridge, the HTTP plugin and OAuth, which need fw.
 */
import type { CoreFw } from 'fw';
import { PlainMCPServer } from './plain-server';
import type { MCPServerOptions } from './types';

/**
 * An MCP server without the app bridge: only what is registered on it (no route tools, built-in tools, prompts or
 * workflows), so a worker bundle leaves the bridge out and a project without fw can run it; the bridge options throw here.
 */
export function createPlainMCPServer(app: CoreFw | null = null, options: MCPServerOptions = {}): PlainMCPServer {
  return new PlainMCPServer(app, options);
}

export { PlainMCPServer };
export type { NotificationListener, Transport } from './server';
export type { MCPAuthInfo } from './auth/info';
export { StdioTransport, type StdioTransportOptions, type StdioInput, type StdioOutput } from './stdio/transport';
export { RequestContext, type AbortSource, type InputOptions } from './request-context';
export type { Change, SubscriptionFilter } from './modern/change-feed';
export { paginate, decodeCursor, type Page } from './pagination';
export type { Task, TaskStatus } from './tasks/types';
export { inputBeforeTask, type InputFirstHandler, type InputFirstParts } from './tasks/input-first';
export { TASKS_EXTENSION } from './tasks/extension';
export type { BoundExtension, ExtensionHost, MCPExtension } from './modern/extensions';
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
export type * from './workflow-definition';
export { PROVIDER_TOOL_NAME, providerSafeNames, safeToolName, type ToolNameStyle } from './tool-names';
