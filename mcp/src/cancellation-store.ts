import type { RequestId } from './jsonrpc';

/** The part of fw's `KVStore` cross-instance cancellation uses (any `KVStore`: memory, Redis, a Durable Object KV). */
export interface CancellationKV {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { ttl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A function that runs `find` once and keeps its promise (the caller of a request is the same for its whole life). */
export function once<T>(find: () => Promise<T>): () => Promise<T> {
  let found: Promise<T> | undefined;
  return () => (found ??= find());
}

/** What `watch` hands back: the signal a cancellation aborts, and the call that forgets the request once answered. */
export interface CancellationWatch {
  readonly signal: AbortSignal;
  stop(): void;
}

const PREFIX = 'mcp:cancel:';
/** Seconds a cancellation waits in the store for the instance running the request (Workers KV's floor is 60). */
const TTL_SECONDS = 60;
/** A stored cancellation older than the request it names, by more than this (clock drift between instances), is a leftover of an earlier request that used the id. */
const SKEW_MS = 5_000;

/** The store key of a cancellation: a digest, so the store never holds a caller's credential, session id or address. */
async function keyOf(caller: string, id: RequestId): Promise<string> {
  const text = `${caller}\n${typeof id}:${String(id)}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest.subarray(0, 16)) hex += byte.toString(16).padStart(2, '0');
  return PREFIX + hex;
}

/** The reason of a stored cancellation meant for a request started at `started`, or null (absent, malformed, or older). */
function storedReason(text: string | null, started: number): string | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as { at?: unknown; reason?: unknown };
    if (typeof value?.at !== 'number' || value.at < started - SKEW_MS) return null;
    return typeof value.reason === 'string' ? value.reason : 'cancelled by the client';
  } catch {
    return null;
  }
}

/**
 * One running request as the table knows it: whose it is (asked only when a cancellation or the store needs it: most
 * calls finish without either), the controller its handler's signal follows (made on first read of the signal: most
 * handlers never read it, and an AbortController costs microseconds per call), the reason once cancelled, and when it
 * started. A class, so a call allocates one object and no closures.
 */
class WatchedCall implements CancellationWatch {
  private controller: AbortController | null = null;
  reason: string | null = null;
  /** A cancellation received where this request may not be aborted directly, waiting for its own timer. */
  mailbox: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;
  private stopped = false;
  private key: Promise<string> | null = null;
  readonly started = Date.now();

  constructor(
    private readonly table: CrossCancellations,
    readonly caller: () => Promise<string>,
    private readonly id: RequestId,
    /** Whether another request may abort it directly; else a cancellation waits in `mailbox` for its own timer. */
    readonly direct: boolean,
  ) {}

  get signal(): AbortSignal {
    if (this.controller === null) {
      this.controller = new AbortController();
      if (this.reason !== null) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Aborts the request: its signal if one was made, else the one made later (it starts aborted). */
  abort(reason: string): void {
    this.reason ??= reason;
    this.controller?.abort(reason);
  }

  /** Forgets the request once answered. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.table.forget(this.id, this);
  }

  /** Reads the mailbox and the store every `pollIntervalMs` until the request ends or is cancelled. */
  schedule(store: CancellationKV | null, pollIntervalMs: number, onError: (error: unknown) => void): void {
    this.timer = setTimeout(() => void this.poll(store, pollIntervalMs, onError), pollIntervalMs);
  }

  private async poll(store: CancellationKV | null, pollIntervalMs: number, onError: (error: unknown) => void): Promise<void> {
    if (this.stopped || this.reason !== null) return;
    if (this.mailbox !== null) return this.abort(this.mailbox);
    try {
      if (store !== null) {
        this.key ??= this.caller().then((who) => keyOf(who, this.id));
        const key = await this.key;
        const reason = storedReason(await store.get(key), this.started);
        if (reason !== null && !this.stopped) {
          await store.delete(key);
          return this.abort(reason);
        }
      }
    } catch (error) {
      onError(error);
    }
    if (!this.stopped) this.schedule(store, pollIntervalMs, onError);
  }
}

/**
 * `notifications/cancelled` that reach a request running in another HTTP exchange or on another instance. Each
 * running request is kept per caller (a session, or the credential and address of a sessionless caller), so a
 * cancellation finds only its own caller's requests. One arriving where the request runs aborts it (at once, or at the
 * request's next timer where requests may not touch each other's objects); else it is
 * written to the store (when there is one) under a digest of (caller, id), and the instance running the request,
 * which reads that key every `pollIntervalMs` while the handler runs, aborts it. Without a store a cancellation
 * reaches only requests running on the instance that receives it.
 */
export class CrossCancellations {
  private readonly running = new Map<RequestId, WatchedCall[]>();

  constructor(
    private readonly store: CancellationKV | null,
    private readonly pollIntervalMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Registers a request that has started, of the caller `caller()` names (asked only when needed); its signal aborts
   * when that caller cancels it, here or elsewhere. `direct` false (workers, whose requests may not touch each other's
   * I/O objects, and Lambda) makes a cancellation received here wait for the request's own timer, which runs in its
   * context.
   */
  watch(caller: () => Promise<string>, id: RequestId, direct = true): CancellationWatch {
    const call = new WatchedCall(this, caller, id, direct);
    const same = this.running.get(id);
    if (same === undefined) this.running.set(id, [call]);
    else same.push(call);
    if (this.store !== null || !direct) call.schedule(this.store, this.pollIntervalMs, this.onError);
    return call;
  }

  /** Drops an answered request from the table. */
  forget(id: RequestId, call: WatchedCall): void {
    const same = this.running.get(id);
    const at = same?.indexOf(call) ?? -1;
    if (at === -1) return;
    if (same!.length === 1) this.running.delete(id);
    else same!.splice(at, 1);
  }

  /**
   * A cancellation from `caller`: aborts its request `id` when it runs here, else leaves it in the store for the
   * instance running it; resolves once written, so a platform that ends with the response (Lambda, workers) keeps it.
   */
  async cancel(caller: string, id: RequestId, reason: string): Promise<void> {
    for (const local of this.running.get(id) ?? []) {
      if ((await local.caller()) !== caller) continue;
      if (local.direct) local.abort(reason);
      else local.mailbox ??= reason;
      return;
    }
    if (this.store === null) return;
    try {
      await this.store.put(await keyOf(caller, id), JSON.stringify({ at: Date.now(), reason }), { ttl: TTL_SECONDS });
    } catch (error) {
      this.onError(error);
    }
  }
}
