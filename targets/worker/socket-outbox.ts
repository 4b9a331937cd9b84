import type { WorkerExecutionContext } from './types';

/** The workers `WebSocket` calls the outbox makes. */
export interface OutboxSocket {
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
}

/** Sends and closes on one socket, from any request's context. */
export interface SocketOutbox {
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code: number, reason: string): void;
  /** Ends delivery (the socket closed); queued frames are dropped. */
  stop(): void;
}

type Op = { send: string | ArrayBuffer | ArrayBufferView } | { close: [number, string] };

/**
 * Workers refuse I/O on an object created by another request ("Cannot perform I/O on behalf of a different
 * request"), and each WebSocket belongs to its upgrade request, so a broadcast from one socket's handler cannot
 * write to another socket directly. The outbox queues every frame and a loop running in the owner request's
 * context (kept alive with `waitUntil` while the socket is open) writes them, in order.
 */
export function socketOutbox(socket: OutboxSocket, ctx: WorkerExecutionContext): SocketOutbox {
  const queue: Op[] = [];
  let wake: (() => void) | null = null;
  let open = true;

  const nudge = (): void => {
    const resume = wake;
    wake = null;
    resume?.();
  };

  const deliver = (op: Op): void => {
    try {
      if ('send' in op) socket.send(op.send);
      else socket.close(op.close[0], op.close[1]);
    } catch (error) {
      console.error('fw/worker: a WebSocket frame could not be delivered', error);
    }
  };

  ctx.waitUntil(
    (async () => {
      while (open) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        while (open && queue.length > 0) deliver(queue.shift()!);
      }
    })(),
  );

  return {
    send(data) {
      if (!open) return;
      queue.push({ send: data });
      nudge();
    },
    close(code, reason) {
      if (!open) return;
      queue.push({ close: [code, reason] });
      nudge();
    },
    stop() {
      open = false;
      queue.length = 0;
      nudge();
    },
  };
}
