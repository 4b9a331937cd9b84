import { ErrorCode, RpcError, type RequestId } from '../jsonrpc';
import type { ClientLink } from '../peer';
import type { RequestContext } from '../request-context';
import type { MCPServer } from '../server';
import { TaskContext } from './context';
import { TaskLink } from './link';
import { ANYONE, ownerOf } from './owner';
import { openTaskStore, type TaskStore, taskView } from './store';
import { RELATED_TASK, isTerminal, type Task, type TaskOutcome, type TaskRecord, type TaskStatus, type TasksOptions } from './types';

interface Running {
  ctx: TaskContext;
  link: TaskLink;
  /** Settles once the final status is stored. */
  done: Promise<void>;
  /** Server-to-client requests the task is waiting on. */
  waiting: number;
  /** Status writes, in order. */
  writes: Promise<unknown>;
}

/** -32602 for a task id the client cannot see. */
export const notFound = (taskId: string): RpcError =>
  new RpcError(
    ErrorCode.InvalidParams,
    `Failed to retrieve task: no task ${JSON.stringify(taskId)} (unknown, expired, or another client's)`,
  );

/** The outcome of a request that threw: its JSON-RPC error (an RpcError's own, else -32603). */
export function outcomeOf(error: unknown): TaskOutcome {
  if (error instanceof RpcError)
    return {
      error:
        error.data === undefined
          ? { code: error.code, message: error.message }
          : { code: error.code, message: error.message, data: error.data },
    };
  return {
    error: {
      code: ErrorCode.InternalError,
      message: `Internal error in tools/call: ${error instanceof Error ? error.message : String(error)}`,
    },
  };
}

/** The outcome as it can be stored: a result JSON cannot hold (a BigInt, a cycle) becomes a -32603 error, so the task fails instead of staying `working`. */
export function storable(outcome: TaskOutcome): TaskOutcome {
  try {
    JSON.stringify(outcome);
    return outcome;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      error: {
        code: ErrorCode.InternalError,
        message: `Internal error: the task's result cannot be stored as JSON (${reason.slice(0, 200)}); return only JSON values (no BigInt or cycles)`,
      },
    };
  }
}

function statusOf(outcome: TaskOutcome): { status: TaskStatus; statusMessage?: string } {
  if ('error' in outcome) return { status: 'failed', statusMessage: outcome.error.message };
  if (outcome.result.isError !== true) return { status: 'completed' };
  const first = (outcome.result.content as { type?: string; text?: string }[] | undefined)?.find((block) => block?.type === 'text');
  return { status: 'failed', statusMessage: first?.text ?? 'The tool reported an error' };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Task-augmented requests (2025-11-25): creates the task, runs the request in the background on this instance
 * (kept alive with the platform's `waitUntil`), and answers `tasks/get`, `tasks/result`, `tasks/list` and
 * `tasks/cancel` from the store, so any instance sharing it answers for any task. A running task reads its record
 * every poll interval, so a `tasks/cancel` received elsewhere stops it too.
 */
export class TaskManager {
  private readonly store: TaskStore;
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly server: MCPServer,
    options: TasksOptions = {},
  ) {
    this.store = openTaskStore(options);
  }

  /** Creates a task for the request `requestId` of `link` and starts `work` in the background; answers `CreateTaskResult`. */
  async start(
    link: ClientLink,
    requestId: RequestId,
    meta: Record<string, unknown>,
    ttl: number | undefined,
    work: (ctx: RequestContext) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>> {
    const owner = await ownerOf(link);
    const record = await this.store.create(owner, ttl);
    const taskLink = new TaskLink(link, record.taskId, () => this.server.linksOf(link));
    const entry = { link: taskLink, waiting: 0, writes: Promise.resolve() } as Running;
    entry.ctx = new TaskContext(this.server, taskLink, requestId, meta, (on) => this.waiting(owner, record.taskId, entry, on));
    this.running.set(record.taskId, entry);
    entry.done = this.run(owner, record.taskId, entry, work);
    link.waitUntil?.(entry.done);
    return { task: taskView(record) };
  }

  /** `tasks/get`: the task's state. */
  async get(link: ClientLink, taskId: string): Promise<Task> {
    const record = await this.find(await ownerOf(link), taskId);
    if (record === null) throw notFound(taskId);
    return taskView(record);
  }

  /** `tasks/result`: waits for a final status, then answers exactly what the request would have (result or error). */
  async result(link: ClientLink, taskId: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    const owner = await ownerOf(link);
    for (;;) {
      const record = await this.find(owner, taskId);
      if (record === null) throw notFound(taskId);
      if (isTerminal(record.status)) return this.outcome(record);
      if (signal.aborted) throw new RpcError(ErrorCode.RequestFailed, 'tasks/result was cancelled');
      const local = this.running.get(taskId);
      await (local ? Promise.race([local.done, sleep(record.pollInterval, signal)]) : sleep(record.pollInterval, signal));
    }
  }

  /** `tasks/list`: a page of the client's own tasks; a client with neither session nor OAuth cannot be told apart, so it gets none. */
  async list(link: ClientLink, cursor: unknown, pageSize: number): Promise<Record<string, unknown>> {
    const owner = await ownerOf(link);
    if (owner === ANYONE)
      throw new RpcError(
        ErrorCode.MethodNotFound,
        'tasks/list needs a session (or an OAuth token): without one the server cannot tell whose tasks to list (poll each task with tasks/get)',
      );
    const page = await this.store.list(owner, cursor, pageSize);
    const result: Record<string, unknown> = { tasks: page.tasks.filter((task) => !task.extension).map(taskView) };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  /** `tasks/cancel`: moves the task to `cancelled` (final) and stops it (here at once, elsewhere at its next poll). */
  async cancel(link: ClientLink, taskId: string): Promise<Task> {
    const owner = await ownerOf(link);
    const record = await this.find(owner, taskId);
    if (record === null) throw notFound(taskId);
    if (isTerminal(record.status))
      throw new RpcError(ErrorCode.InvalidParams, `Cannot cancel task: already in terminal status '${record.status}'`);
    const cancelled = await this.store.update(owner, taskId, { status: 'cancelled', statusMessage: 'The task was cancelled by request.' });
    if (cancelled === null) throw new RpcError(ErrorCode.InvalidParams, `Cannot cancel task ${taskId}: it just reached a terminal status`);
    const local = this.running.get(taskId);
    local?.ctx.abort('The task was cancelled by request.');
    local?.link.announce(taskView(cancelled));
    return taskView(cancelled);
  }

  /** The owner's 2025-11-25 task: one of the 2026-07-28 extension (sharing the store) is not found here. */
  private async find(owner: string, taskId: string): Promise<TaskRecord | null> {
    const record = await this.store.get(owner, taskId);
    return record?.extension ? null : record;
  }

  private outcome(record: TaskRecord): Record<string, unknown> {
    const related = { [RELATED_TASK]: { taskId: record.taskId } };
    const outcome = record.outcome;
    if (outcome === undefined)
      throw new RpcError(ErrorCode.RequestFailed, `Task ${record.taskId} was cancelled before it produced a result`);
    if ('error' in outcome) throw new RpcError(outcome.error.code, outcome.error.message, outcome.error.data);
    return { ...outcome.result, _meta: { ...(outcome.result._meta as Record<string, unknown> | undefined), ...related } };
  }

  private async run(
    owner: string,
    taskId: string,
    entry: Running,
    work: (ctx: RequestContext) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const watch = setInterval(() => void this.watch(owner, taskId, entry), this.store.settings.pollIntervalMs);
    try {
      let outcome: TaskOutcome;
      try {
        outcome = { result: await work(entry.ctx) };
      } catch (error) {
        outcome = outcomeOf(error);
      }
      clearInterval(watch);
      entry.ctx.finish();
      await entry.writes;
      outcome = storable(outcome);
      const final = await this.store.update(owner, taskId, { ...statusOf(outcome), outcome });
      if (final !== null) entry.link.announce(taskView(final));
    } catch (error) {
      if (this.server.debug) console.error(`[fw-mcp] task ${taskId} could not be stored:`, error);
    } finally {
      clearInterval(watch);
      this.running.delete(taskId);
    }
  }

  /** Stops a task cancelled from another instance (or expired) when its record says so. */
  private async watch(owner: string, taskId: string, entry: Running): Promise<void> {
    try {
      const record = await this.store.get(owner, taskId);
      if (record === null || record.status === 'cancelled')
        entry.ctx.abort(record === null ? 'The task expired' : 'The task was cancelled by request.');
    } catch (error) {
      if (this.server.debug) console.error(`[fw-mcp] task ${taskId}: reading its record failed:`, error);
    }
  }

  /** Moves the task to `input_required` while it waits on the client, and back to `working` after. */
  private waiting(owner: string, taskId: string, entry: Running, on: boolean): void {
    entry.waiting += on ? 1 : -1;
    if (entry.waiting !== (on ? 1 : 0)) return;
    const status: TaskStatus = on ? 'input_required' : 'working';
    entry.writes = entry.writes
      .then(() => this.store.update(owner, taskId, { status }))
      .then(
        (updated) => {
          if (updated !== null) entry.link.announce(taskView(updated));
        },
        (error) => {
          if (this.server.debug) console.error(`[fw-mcp] task ${taskId}: status ${status} not stored:`, error);
        },
      );
  }
}
