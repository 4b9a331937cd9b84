import { ErrorCode, RpcError } from '../jsonrpc';
import type { Registry } from '../registry';
import type { MCPTool } from '../types';
import { objectParam } from './params';

/** Whether a tool may be called as a task (`execution.taskSupport` optional or required). */
export function isTaskTool(tool: MCPTool): boolean {
  const support = tool.execution?.taskSupport;
  return support === 'optional' || support === 'required';
}

/** Whether the server offers task-augmented `tools/call` (some tool allows it), so it declares the `tasks` capability. */
export function offersTasks(registry: Registry): boolean {
  for (const tool of registry.tools.values()) if (isTaskTool(tool)) return true;
  return false;
}

/** What `params.task` asks for: undefined for a plain call, else the requested ttl (ms); anything malformed is -32602. */
export function taskParams(params: Record<string, any> | undefined): { ttl?: number } | undefined {
  const task = objectParam(params, 'task');
  if (task === undefined) return undefined;
  const ttl = task.ttl;
  if (ttl === undefined || ttl === null) return {};
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)
    throw new RpcError(
      ErrorCode.InvalidParams,
      `Invalid "task.ttl": expected a positive number of milliseconds, got ${JSON.stringify(ttl)}`,
    );
  return { ttl };
}

/** Refuses a call in a mode the tool does not allow: -32601, as the spec's tool-level negotiation says. */
export function checkTaskMode(tool: MCPTool, asTask: boolean): void {
  const support = tool.execution?.taskSupport ?? 'forbidden';
  if (asTask && support === 'forbidden')
    throw new RpcError(
      ErrorCode.MethodNotFound,
      `The tool "${tool.name}" cannot be called as a task (its execution.taskSupport is "forbidden"): call it without "task"`,
    );
  if (!asTask && support === 'required')
    throw new RpcError(
      ErrorCode.MethodNotFound,
      `The tool "${tool.name}" must be called as a task (its execution.taskSupport is "required"): add "task": {} to the params`,
    );
}

/** What a 2025-era client needs the tasks extension for, and where it comes from (the server has none). */
const TASKS_IMPORT = "this server does not offer tasks: add tasksExtension from 'fw-mcp/tasks' to the server's extensions";

/**
 * Refuses, on a server without the tasks extension, a task-augmented call of a task tool (-32602) and a plain call of a
 * tool that runs only as a task (-32601), naming the import that brings tasks; anything else runs plainly.
 */
export function checkNoTasks(tool: MCPTool, params: Record<string, any> | undefined): void {
  if (params?.task !== undefined && isTaskTool(tool))
    throw new RpcError(ErrorCode.InvalidParams, `The tool "${tool.name}" was called as a task, but ${TASKS_IMPORT}`);
  if (tool.execution?.taskSupport === 'required')
    throw new RpcError(
      ErrorCode.MethodNotFound,
      `The tool "${tool.name}" runs only as a task (its execution.taskSupport is "required"), but ${TASKS_IMPORT}`,
    );
}

/** -32601 for a 2025-11-25 `tasks/` method on a server without the tasks extension, naming the import. */
export function tasksMethodNotFound(method: string): RpcError {
  return new RpcError(ErrorCode.MethodNotFound, `Method not found: ${method} (${TASKS_IMPORT})`);
}
