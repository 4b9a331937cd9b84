import { ErrorCode, RpcError } from '../jsonrpc';
import { stringParam } from '../methods/params';
import { decodeHeaderValue } from '../modern/header-value';
import type { ClientLink } from '../peer';
import type { RequestContext } from '../request-context';
import { declaresTasks, missingTasksExtension } from './extension';
import type { ExtensionTasks } from './extension-tasks';

/** The methods of the 2026-07-28 tasks extension (`tasks/result` and `tasks/list` are gone from it). */
export const EXTENSION_METHODS = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);

/** -32020 unless an HTTP request's `Mcp-Name` header names the task its body does (SEP-2663 routing headers). */
function checkNameHeader(ctx: RequestContext, taskId: string): void {
  const raw = ctx.headers?.get('mcp-name');
  if (ctx.headers === undefined || raw === undefined) return;
  if (raw === null) throw new RpcError(ErrorCode.HeaderMismatch, 'Header mismatch: the required Mcp-Name header (the taskId) is missing');
  const value = decodeHeaderValue(raw);
  if (value !== taskId)
    throw new RpcError(
      ErrorCode.HeaderMismatch,
      `Header mismatch: Mcp-Name header value ${JSON.stringify((value ?? raw).slice(0, 200))} does not match params.taskId ${JSON.stringify(taskId.slice(0, 200))}`,
    );
}

/**
 * Answers `tasks/get`, `tasks/update` or `tasks/cancel` of the extension: -32021 for a request that does not declare
 * it, -32602 for a missing or unknown `taskId`, -32020 when `Mcp-Name` names another task.
 */
export async function answerTaskMethod(
  tasks: ExtensionTasks,
  method: string,
  params: Record<string, any> | undefined,
  ctx: RequestContext,
  link: ClientLink,
): Promise<Record<string, unknown>> {
  if (!declaresTasks(ctx.peer)) throw missingTasksExtension(`${method} belongs to the tasks extension`);
  const taskId = stringParam(params, 'taskId');
  checkNameHeader(ctx, taskId);
  switch (method) {
    case 'tasks/get':
      return tasks.get(link, taskId);
    case 'tasks/update':
      return tasks.update(link, taskId, params?.inputResponses);
    default:
      return tasks.cancel(link, taskId);
  }
}
