import type { RequestId } from '../jsonrpc';
import type { ClientLink } from '../peer';
import type { Registry } from '../registry';
import type { RequestContext } from '../request-context';
import type { MCPServer } from '../server';
import type { MCPTool } from '../types';
import type { TasksOptions } from '../tasks/types';

type Params = Record<string, any> | undefined;

/** What an extension is bound with: the server it serves and the server options it reads (`tasks` for the tasks extension). */
export interface ExtensionHost {
  readonly server: MCPServer;
  readonly tasks?: TasksOptions;
}

/** An extension bound to one server: what the 2026-07-28 era hands it. */
export interface BoundExtension {
  /** Whether the server offers it now (declared under `capabilities.extensions` of `server/discover`). */
  offered(registry: Registry): boolean;
  /** Answers a `tools/call` of a tool the extension takes over (the tasks extension: task tools), or undefined to run it as a plain call. */
  callTool(tool: MCPTool, params: Params, ctx: RequestContext, link: ClientLink): Promise<Record<string, unknown>> | undefined;
  /** Answers one of the extension's own methods, or undefined when `method` is not one it offers. */
  answer(method: string, params: Params, ctx: RequestContext, link: ClientLink): Promise<Record<string, unknown>> | undefined;
  /** The extension's part for 2025-era clients (the tasks extension: 2025-11-25's task-augmented requests), if it has one. */
  readonly legacy?: LegacyTasks;
}

/** 2025-11-25's task-augmented requests, which the tasks extension brings to the 2025 era of the endpoint. */
export interface LegacyTasks {
  /** Starts `run` as a task of the client of `link` and answers the `CreateTaskResult`. */
  start(
    link: ClientLink,
    requestId: RequestId,
    meta: Record<string, unknown>,
    ttl: number | undefined,
    run: (ctx: RequestContext) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>>;
  /** Answers `tasks/get`, `tasks/result`, `tasks/list` or `tasks/cancel`, or undefined for another method. */
  answer(
    method: string,
    params: Params,
    ctx: RequestContext,
    link: ClientLink,
    pageSize: number,
  ): Promise<Record<string, unknown>> | undefined;
}

/**
 * An opt-in protocol extension of 2026-07-28, given in the server's `extensions` option (`tasksExtension` from
 * `fw-mcp/tasks`): a server carries an extension's code only when its deployment imports it.
 */
export interface MCPExtension {
  /** Its identifier, the key under `capabilities.extensions` (`io.modelcontextprotocol/tasks`). */
  readonly id: string;
  /** Binds it to a server at construction. */
  bind(host: ExtensionHost): BoundExtension;
}

/** Checks the `extensions` option at startup (each an extension object, no identifier twice) and binds each to the server. */
export function bindExtensions(given: unknown, host: ExtensionHost): Map<string, BoundExtension> {
  const bound = new Map<string, BoundExtension>();
  if (given === undefined) return bound;
  if (!Array.isArray(given))
    throw new TypeError(
      "extensions must be an array of extensions, e.g. extensions: [tasksExtension] with tasksExtension from 'fw-mcp/tasks'",
    );
  for (const extension of given as unknown[]) {
    const candidate = extension as Partial<MCPExtension> | null;
    if (typeof candidate?.id !== 'string' || typeof candidate.bind !== 'function')
      throw new TypeError(
        `extensions: ${String(extension)} is not an extension; pass the extension objects fw-mcp exports, e.g. tasksExtension from 'fw-mcp/tasks'`,
      );
    if (bound.has(candidate.id)) throw new TypeError(`extensions: ${candidate.id} is given twice; list each extension once`);
    bound.set(candidate.id, candidate.bind(host));
  }
  return bound;
}
