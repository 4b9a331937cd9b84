import { ErrorCode, RpcError, type RequestId } from '../jsonrpc';
import { checkInputResponse } from '../modern/input-response';
import type { ClientLink, PeerState } from '../peer';
import { RequestContext } from '../request-context';
import type { MCPServer } from '../server';
import { createTaskResult, detailedTask } from './extension';
import { TaskInputs } from './inputs';
import { notFound, outcomeOf, storable } from './manager';
import { ownerOf } from './owner';
import type { TaskStore } from './store';
import { isTerminal, type TaskOutcome, type TaskRecord } from './types';

/** How often a running task looks at what reached its own instance (a cancellation, answers); the store is read every poll interval. */
const TICK_MS = 25;
const CANCELLED = 'The task was cancelled by request.';

/** What another request on this instance leaves for a running task; its own timer acts on it (workers forbid touching another request's objects). */
interface Mailbox {
  cancel: boolean;
  answers: Record<string, Record<string, unknown>>;
}

interface Running {
  ctx: RequestContext;
  inputs: TaskInputs;
  mailbox: Mailbox;
  /** Record writes of the running side, in order. */
  writes: Promise<unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A finished tool call as the extension stores it: a tool error is `completed` (with `isError`), a JSON-RPC error `failed`. */
function finalOf(current: TaskRecord, outcome: TaskOutcome): TaskRecord {
  const { inputRequests, answers, statusMessage, ...rest } = current;
  return 'error' in outcome
    ? { ...rest, status: 'failed', statusMessage: outcome.error.message, outcome }
    : { ...rest, status: 'completed', outcome };
}

/**
 * The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`): a `tools/call` of a task tool becomes a task
 * kept in the same store as the 2025-11-25 tasks, run in the background on the instance that took the call (kept alive
 * with the platform's `waitUntil`), and answered by `tasks/get`, `tasks/update` and `tasks/cancel` from any instance
 * sharing the store. A task waiting on input is `input_required` with its `inputRequests` in the record; `tasks/update`
 * writes the answers there, and the running task picks them up (at once on its own instance, else at its next poll).
 */
export class ExtensionTasks {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly server: MCPServer,
    private readonly store: TaskStore,
  ) {}

  /** Creates the task (stored before the answer, so an immediate `tasks/get` finds it), starts `work`; answers `CreateTaskResult`. */
  async start(
    link: ClientLink,
    requestId: RequestId,
    meta: Record<string, unknown>,
    peer: PeerState,
    work: (ctx: RequestContext) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>> {
    const owner = await ownerOf(link);
    const record = await this.store.create(owner, undefined, true);
    const entry = { mailbox: { cancel: false, answers: {} }, writes: Promise.resolve() } as unknown as Running;
    entry.inputs = new TaskInputs(() => this.asked(owner, record.taskId, entry));
    entry.ctx = new RequestContext(this.server, link, requestId, meta, undefined, { peer, trip: entry.inputs });
    // The extension has no progress or log messages for tasks: the task's context sends none.
    entry.ctx.finish();
    this.running.set(record.taskId, entry);
    const done = this.run(owner, record.taskId, entry, work);
    link.waitUntil?.(done);
    return createTaskResult(record);
  }

  /** `tasks/get`: the client's task as a `DetailedTask`. */
  async get(link: ClientLink, taskId: string): Promise<Record<string, unknown>> {
    return detailedTask(await this.find(await ownerOf(link), taskId));
  }

  /**
   * `tasks/update`: answers the task's open input requests named in `responses` (each checked against what it asked,
   * else -32602; keys it is not waiting on are ignored); the task is `working` again once none is open.
   */
  async update(link: ClientLink, taskId: string, responses: unknown): Promise<Record<string, unknown>> {
    if (!isObject(responses)) throw new RpcError(ErrorCode.InvalidParams, 'Missing or invalid "inputResponses": expected an object');
    const owner = await ownerOf(link);
    const record = await this.find(owner, taskId);
    const accepted: Record<string, Record<string, unknown>> = {};
    for (const [key, response] of Object.entries(responses)) {
      const asked = record.inputRequests?.[key];
      if (asked !== undefined) accepted[key] = checkInputResponse(key, asked.method, response);
    }
    if (Object.keys(accepted).length === 0) return {};
    await this.store.modify(owner, taskId, (current) => {
      const open = { ...current.inputRequests };
      for (const key of Object.keys(accepted)) delete open[key];
      const waiting = Object.keys(open).length > 0;
      return {
        ...current,
        status: current.status === 'input_required' && !waiting ? 'working' : current.status,
        inputRequests: waiting ? open : undefined,
        answers: { ...current.answers, ...accepted },
      };
    });
    const local = this.running.get(taskId);
    if (local !== undefined) Object.assign(local.mailbox.answers, accepted);
    return {};
  }

  /** `tasks/cancel`: moves a running task to `cancelled` and stops it; a final one is left as it is (the same empty ack). */
  async cancel(link: ClientLink, taskId: string): Promise<Record<string, unknown>> {
    const owner = await ownerOf(link);
    const record = await this.find(owner, taskId);
    if (isTerminal(record.status)) return {};
    await this.store.modify(owner, taskId, ({ inputRequests, ...current }) => ({
      ...current,
      status: 'cancelled',
      statusMessage: CANCELLED,
    }));
    const local = this.running.get(taskId);
    if (local !== undefined) local.mailbox.cancel = true;
    return {};
  }

  private async find(owner: string, taskId: string): Promise<TaskRecord> {
    const record = await this.store.get(owner, taskId);
    if (record === null || !record.extension) throw notFound(taskId);
    return record;
  }

  private async run(
    owner: string,
    taskId: string,
    entry: Running,
    work: (ctx: RequestContext) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    let polled = Date.now();
    const tick = setInterval(() => {
      if (Date.now() - polled >= this.store.settings.pollIntervalMs) {
        polled = Date.now();
        void this.poll(owner, taskId, entry);
      }
      this.deliver(entry);
    }, TICK_MS);
    try {
      let outcome: TaskOutcome;
      try {
        outcome = { result: await work(entry.ctx) };
      } catch (error) {
        outcome = outcomeOf(error);
      }
      clearInterval(tick);
      entry.ctx.finish();
      await entry.writes;
      const final = storable(outcome);
      await this.store.modify(owner, taskId, (current) => finalOf(current, final));
    } catch (error) {
      if (this.server.debug) console.error(`[fw-mcp] task ${taskId} could not be stored:`, error);
    } finally {
      clearInterval(tick);
      this.running.delete(taskId);
    }
  }

  /** Acts, in the task's own context, on what other requests on this instance left: a cancellation, answers. */
  private deliver(entry: Running): void {
    const { mailbox } = entry;
    if (mailbox.cancel) this.stop(entry, CANCELLED);
    for (const [key, answer] of Object.entries(mailbox.answers)) {
      delete mailbox.answers[key];
      entry.inputs.answer(key, answer);
    }
  }

  /** Reads the task's record: stops it when cancelled elsewhere or expired, and takes answers delivered elsewhere. */
  private async poll(owner: string, taskId: string, entry: Running): Promise<void> {
    try {
      const record = await this.store.get(owner, taskId);
      if (record === null || record.status === 'cancelled') {
        this.stop(entry, record === null ? 'The task expired' : CANCELLED);
        return;
      }
      for (const [key, answer] of Object.entries(record.answers ?? {})) entry.inputs.answer(key, answer);
    } catch (error) {
      if (this.server.debug) console.error(`[fw-mcp] task ${taskId}: reading its record failed:`, error);
    }
  }

  private stop(entry: Running, reason: string): void {
    entry.ctx.abort(reason);
    entry.inputs.close(reason);
  }

  /** Shows the task's open input requests in its record (`input_required` while any is open, else `working`). */
  private asked(owner: string, taskId: string, entry: Running): void {
    entry.writes = entry.writes
      .then(() =>
        this.store.modify(owner, taskId, (current) => {
          const open = entry.inputs.open;
          // An answer already delivered (not yet picked up here) is no longer open.
          for (const key of Object.keys(current.answers ?? {})) delete open[key];
          const waiting = Object.keys(open).length > 0;
          return { ...current, status: waiting ? 'input_required' : 'working', inputRequests: waiting ? open : undefined };
        }),
      )
      .catch((error) => {
        if (this.server.debug) console.error(`[fw-mcp] task ${taskId}: its input requests were not stored:`, error);
      });
  }
}
