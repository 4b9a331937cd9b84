import type { KVStore } from 'fw';

/** Where a task stands (2025-11-25): `completed`, `failed` and `cancelled` are final. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A task as clients see it (`tasks/get`, `tasks/list`, `CreateTaskResult.task`, `notifications/tasks/status`). */
export interface Task {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601. */
  lastUpdatedAt: string;
  /** Milliseconds from creation the task and its result are kept. */
  ttl: number;
  /** Suggested milliseconds between `tasks/get` polls. */
  pollInterval: number;
}

/** What the underlying request answered: its result, or its JSON-RPC error. */
export type TaskOutcome = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/** An input a 2026-07-28 task waits on: the request the client answers with `tasks/update`. */
export interface TaskInputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** A task as stored: the task, the client it belongs to, and the outcome once final. */
export interface TaskRecord extends Task {
  /** Hash of the session (or stdio/legacy stream) id; `-` for a sessionless client. */
  owner: string;
  outcome?: TaskOutcome;
  /** Set on tasks of the 2026-07-28 extension (`io.modelcontextprotocol/tasks`): the other era does not see them. */
  extension?: true;
  /** Extension tasks: the inputs the task waits on, by key (shown by `tasks/get` while `input_required`). */
  inputRequests?: Record<string, TaskInputRequest>;
  /** Extension tasks: answers `tasks/update` delivered, by key, for the instance running the task to pick up. */
  answers?: Record<string, Record<string, unknown>>;
}

/** Options of task-augmented `tools/call` (`MCPServerOptions.tasks`). */
export interface TasksOptions {
  /** Where tasks live: share one store (Redis, a Durable Object KV) so any instance answers for any task (default: in memory). */
  store?: KVStore;
  /** Lifetime of a task when the client asks for none, in ms (default 3600000: one hour). */
  defaultTtlMs?: number;
  /** Longest lifetime granted, in ms (default 86400000: one day); a longer `task.ttl` is cut to it. */
  maxTtlMs?: number;
  /** The `pollInterval` suggested to clients, and how often a waiting `tasks/result` or a running task reads the store (default 1000). */
  pollIntervalMs?: number;
}

/** Whether a status is final. */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The `_meta` key tying messages to their task. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';
