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
