import { ErrorCode, RpcError } from '../jsonrpc';
import type { PeerState } from '../peer';
import type { TaskRecord } from './types';

/** The 2026-07-28 tasks extension's identifier (SEP-2663), its key in `capabilities.extensions`. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Whether a 2026-07-28 request declares the tasks extension in its client capabilities (`extensions`). */
export function declaresTasks(peer: PeerState): boolean {
  const extensions = peer.clientCapabilities?.extensions;
  return extensions !== null && typeof extensions === 'object' && (extensions as Record<string, unknown>)[TASKS_EXTENSION] !== undefined;
}

/** -32021 (Missing Required Client Capability) naming the tasks extension, for a client that did not declare it. */
export function missingTasksExtension(why: string): RpcError {
  return new RpcError(
    ErrorCode.MissingRequiredClientCapability,
    `${why}: declare "${TASKS_EXTENSION}" in _meta clientCapabilities.extensions`,
    {
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    },
  );
}

const whole = (ms: number) => Math.max(1, Math.round(ms));

function envelope(record: TaskRecord): Record<string, unknown> {
  const task: Record<string, unknown> = { taskId: record.taskId, status: record.status };
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage;
  task.createdAt = record.createdAt;
  task.lastUpdatedAt = record.lastUpdatedAt;
  task.ttlMs = whole(record.ttl);
  task.pollIntervalMs = whole(record.pollInterval);
  return task;
}

/** The `CreateTaskResult` a task-creating `tools/call` answers: the task's fields flat, with `resultType: "task"`. */
export function createTaskResult(record: TaskRecord): Record<string, unknown> {
  return { resultType: 'task', ...envelope(record) };
}

/**
 * The `DetailedTask` of `tasks/get`: the task, with its open `inputRequests` while `input_required`, the tool's
 * `result` once `completed` (a tool error too, with `isError`), the JSON-RPC `error` once `failed`.
 */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const task = envelope(record);
  const outcome = record.outcome;
  if (record.status === 'input_required' && record.inputRequests !== undefined) task.inputRequests = record.inputRequests;
  if (record.status === 'completed' && outcome !== undefined && 'result' in outcome) task.result = outcome.result;
  if (record.status === 'failed' && outcome !== undefined && 'error' in outcome) task.error = outcome.error;
  return task;
}
