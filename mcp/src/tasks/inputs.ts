import { ErrorCode, RpcError } from '../jsonrpc';
import { checkInputResponse } from '../modern/input-response';
import { RoundTrip } from '../modern/round-trip';
import type { TaskInputRequest } from './types';

/** The default key of a task's n-th input request. */
const KEY = 'ask-';

interface Waiting extends TaskInputRequest {
  resolve(answer: Record<string, any>): void;
  reject(reason: unknown): void;
}

/**
 * The input requests of a running 2026-07-28 task (`ctx.elicit`, `ctx.createMessage`, `ctx.listRoots`): each waits
 * under its key (the handler's own, else `ask-<n>`) until `tasks/update` brings its answer; `changed` hears when the
 * set of open requests changes, so the task's record shows them and its status is `input_required`.
 */
export class TaskInputs extends RoundTrip {
  private count = 0;
  private readonly named = new Set<string>();
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly changed: () => void) {
    super(new Map(), {});
  }

  override ask(method: string, params: Record<string, any> | undefined, key?: string): Promise<Record<string, any>> {
    const name = key ?? `${KEY}${this.count}`;
    this.count++;
    if (typeof name !== 'string' || name === '' || this.named.has(name))
      return Promise.reject(
        new RpcError(ErrorCode.InternalError, `Input request key ${JSON.stringify(name)} must be a non-empty string used once per task`),
      );
    this.named.add(name);
    return new Promise((resolve, reject) => {
      this.waiting.set(name, params === undefined ? { method, resolve, reject } : { method, params, resolve, reject });
      this.changed();
    });
  }

  /** The open input requests, by key. */
  get open(): Record<string, TaskInputRequest> {
    const open: Record<string, TaskInputRequest> = {};
    for (const [key, { method, params }] of this.waiting) open[key] = params === undefined ? { method } : { method, params };
    return open;
  }

  /** Answers the request under `key` if it is open (an answer that is not what it asked for rejects it); whether it was. */
  answer(key: string, response: unknown): boolean {
    const waiting = this.waiting.get(key);
    if (waiting === undefined) return false;
    this.waiting.delete(key);
    try {
      waiting.resolve(checkInputResponse(key, waiting.method, response));
    } catch (error) {
      waiting.reject(error);
    }
    return true;
  }

  /** Ends every open request with `reason` (the task was cancelled or expired), so the handler stops waiting. */
  close(reason: string): void {
    for (const waiting of this.waiting.values()) waiting.reject(new RpcError(ErrorCode.RequestFailed, reason));
    this.waiting.clear();
  }
}
