import type { RequestId } from './jsonrpc';

/** The part of fw's `KVStore` cross-instance cancellation uses (any `KVStore`: memory, Redis, a Durable Object KV). */
export interface CancellationKV {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { ttl?: number }): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * One running request as the table knows it: whose it is (asked only when a cancellation or the store needs it: most
 * calls finish without either), the controller its handler's signal follows (made on first read of the signal: most
 * handlers never read it, and an AbortController costs microseconds per call), the reason once cancelled, and when it
 * started.
 */
interface Watched {
  caller: () => Promise<string>;
  controller: AbortController | null;
  reason: string | null;
  started: number;
  /** Whether another request may abort it directly; else a cancellation waits in `mailbox` for its own timer. */
  direct: boolean;
  mailbox: string | null;
}

/** A function that runs `find` once and keeps its promise (the caller of a request is the same for its whole life). */
export function once<T>(find: () => Promise<T>): () => Promise<T> {
  let found: Promise<T> | undefined;
  return () => (found ??= find());
}

/** Aborts a watched request: its signal if one was made, else the one made later (it starts aborted). */
function abortWatched(entry: Watched, reason: string): void {
  entry.reason ??= reason;
  entry.controller?.abort(reason);
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
 * `notifications/cancelled` that reach a request running in another HTTP exchange or on another instance. Each
 * running request is kept per caller (a session, or the credential and address of a sessionless caller), so a
 * cancellation finds only its own caller's requests. One arriving where the request runs aborts it (at once, or at the
 * request's next timer where requests may not touch each other's objects); else it is
 * written to the store (when there is one) under a digest of (caller, id), and the instance running the request,
 * which reads that key every `pollIntervalMs` while the handler runs, aborts it. Without a store a cancellation
 * reaches only requests running on the instance that receives it.
 */
export class CrossCancellations {
  private readonly running = new Map<RequestId, Watched[]>();

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
    const entry: Watched = { caller, controller: null, reason: null, started: Date.now(), direct, mailbox: null };
    const same = this.running.get(id);
    if (same === undefined) this.running.set(id, [entry]);
    else same.push(entry);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      const current = this.running.get(id);
      const at = current?.indexOf(entry) ?? -1;
      if (at === -1) return;
      if (current!.length === 1) this.running.delete(id);
      else current!.splice(at, 1);
    };
    if (this.store !== null || !direct) {
      const store = this.store;
      let key: Promise<string> | null = null;
      const poll = async () => {
        if (stopped || entry.reason !== null) return;
        if (entry.mailbox !== null) {
          abortWatched(entry, entry.mailbox);
          return;
        }
        try {
          if (store !== null) {
            key ??= caller().then((who) => keyOf(who, id));
            const reason = storedReason(await store.get(await key), entry.started);
            if (reason !== null && !stopped) {
              await store.delete(await key);
              abortWatched(entry, reason);
              return;
            }
          }
        } catch (error) {
          this.onError(error);
        }
        if (!stopped) timer = setTimeout(poll, this.pollIntervalMs);
      };
      timer = setTimeout(poll, this.pollIntervalMs);
    }
    return {
      get signal() {
        if (entry.controller === null) {
          entry.controller = new AbortController();
          if (entry.reason !== null) entry.controller.abort(entry.reason);
        }
        return entry.controller.signal;
      },
      stop,
    };
  }

  /**
   * A cancellation from `caller`: aborts its request `id` when it runs here, else leaves it in the store for the
   * instance running it; resolves once written, so a platform that ends with the response (Lambda, workers) keeps it.
   */
  async cancel(caller: string, id: RequestId, reason: string): Promise<void> {
    for (const local of this.running.get(id) ?? []) {
      if ((await local.caller()) !== caller) continue;
      if (local.direct) abortWatched(local, reason);
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
