import type { WorkerExecutionContext } from './types';

/** The workers `WebSocket` members the outbox uses. */
export interface OutboxSocket {
  readonly readyState: number;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
}

/** Sends and closes on one socket, from any request's context. */
export interface SocketOutbox {
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code: number, reason: string): void;
  /** Writes what is queued if this runs in the socket's own context (its own events call it). */
  flush(): void;
  /** Ends delivery (the socket closed); queued frames are dropped. */
  stop(): void;
}

type Op = { send: string | ArrayBuffer | ArrayBufferView } | { close: [number, string] };

/** How often the owner's context checks for frames a misrouted wake-up left queued (the backstop, in ms). */
const backstopMs = 1000;

/** The backstop's period (ms) right after it found frames left behind: wake-ups tend to go astray in runs. */
const recoveringMs = 10;

/** Quiet fast checks after which the backstop goes back to `backstopMs` (100 x 10 ms: about a second). */
const recoveringTicks = 100;

/** An owner whose backstop has not run for this long (ms; load delays it by seconds) is gone: its request ended without a close event. */
const goneMs = 60 * backstopMs;

/** `WebSocket.OPEN`: the only state in which a frame can still be written. */
const OPEN = 1;

/**
 * Workers refuse I/O on an object created by another request ("Cannot perform I/O on behalf of a different
 * request"), and each WebSocket belongs to its upgrade request, so a broadcast from one socket's handler cannot
 * write to another socket directly. The outbox queues every frame and writes them, in order, only from code
 * running in the owner request's context:
 * - a send wakes a `drain` chained (in the owner's context) on a promise made there. workerd (compatibility flag
 *   `handle_cross_request_promise_resolution`) runs the continuation of a promise resolved by another request in
 *   the request that made it, but not always: when sockets of the room drop while others broadcast, continuations
 *   run inside the resolving request. So `drain` first checks where it runs (the socket's `readyState` getter
 *   throws in any other context) and there writes nothing: the frames stay queued, in order;
 * - the socket's own events call `flush`, and a backstop timer of the owner (a timer runs in the context that set
 *   it; every second, every 10 ms for about a second after it found frames left behind) drains what a misrouted
 *   wake-up left and arms a new one, so delivery never rests on one wake-up;
 * - a frame the socket refuses in its own context, or frames for an owner whose backstop stopped running (its
 *   request ended without a close event), go to `onUndeliverable` and the outbox stops: never a silent loss.
 */
export function socketOutbox(socket: OutboxSocket, ctx: WorkerExecutionContext, onUndeliverable: (error: unknown) => void): SocketOutbox {
  const queue: Op[] = [];
  let open = true;
  let wake: (() => void) | null = null;
  let ownTurnAt = Date.now();
  let finish: () => void = () => undefined;

  const inOwnContext = (): boolean => {
    try {
      void socket.readyState;
      return true;
    } catch {
      return false;
    }
  };

  // A wake-up made (and chained) in the owner's context: calling it from anywhere runs `drain` there (mostly).
  const wakeUp = (): (() => void) => {
    let resolve: () => void = () => undefined;
    void new Promise<void>((r) => (resolve = r)).then(drain);
    return resolve;
  };

  // Runs in the owner's context only. A socket its peer is closing takes no more frames (like a send after close).
  const deliver = (op: Op): void => {
    if (socket.readyState !== OPEN) return stop();
    try {
      if ('send' in op) return socket.send(op.send);
      socket.close(op.close[0], op.close[1]);
      stop();
    } catch (error) {
      stop();
      onUndeliverable(error);
    }
  };

  function drain(): void {
    if (!open) return;
    // Elsewhere (a misrouted wake-up): write nothing; the frames stay queued for the owner's next turn.
    if (!inOwnContext()) return;
    ownTurnAt = Date.now();
    while (open && queue.length > 0) deliver(queue.shift()!);
    if (open) wake ??= wakeUp();
  }

  const nudge = (): void => {
    const next = wake;
    wake = null;
    next?.();
  };

  // Timers run in the request that set them, so both are set only where `inOwnContext()` holds: the slow one at
  // open, the fast one by a slow tick that found frames left behind (it stops after a quiet second).
  let fast: ReturnType<typeof setInterval> | undefined;
  let quietTicks = 0;
  const fastTick = (): void => {
    if (!inOwnContext()) return;
    const leftBehind = queue.length > 0 || wake === null;
    if (leftBehind) drain();
    quietTicks = leftBehind ? 0 : quietTicks + 1;
    if (quietTicks >= recoveringTicks && fast !== undefined) {
      clearInterval(fast);
      fast = undefined;
    }
  };
  const backstop = setInterval(() => {
    if (!inOwnContext()) return;
    ownTurnAt = Date.now();
    if (queue.length === 0 && wake !== null) return;
    drain();
    quietTicks = 0;
    if (open && fast === undefined) fast = setInterval(fastTick, recoveringMs);
  }, backstopMs);

  function stop(): void {
    if (!open) return;
    open = false;
    queue.length = 0;
    clearInterval(backstop);
    if (fast !== undefined) clearInterval(fast);
    finish();
  }

  // Keeps the owner's context (and so its timers and wake-ups) alive while the socket is open.
  ctx.waitUntil(new Promise<void>((resolve) => (finish = resolve)));
  drain();

  return {
    send(data) {
      if (!open) return;
      if (queue.length > 0 && Date.now() - ownTurnAt > goneMs) {
        stop();
        return onUndeliverable(new Error(`the socket's request has not run for ${goneMs} ms: its context is gone`));
      }
      queue.push({ send: data });
      nudge();
    },
    close(code, reason) {
      if (!open) return;
      queue.push({ close: [code, reason] });
      nudge();
    },
    flush() {
      if (queue.length > 0) drain();
    },
    stop,
  };
}
