import type { Fw, WebSocketUpgrade, WebSocketMessage } from 'fw';
import { socketOutbox, type OutboxSocket } from './socket-outbox';
import type { WorkerExecutionContext } from './types';

/** The workers `WebSocket` members the bridge uses (the server end of a `WebSocketPair`). */
interface WorkerSocket extends OutboxSocket {
  binaryType: string;
  accept(): void;
  addEventListener(type: 'message', listener: (event: { data: string | ArrayBuffer }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
}

type WebSocketPairConstructor = new () => { 0: WorkerSocket; 1: WorkerSocket };

const encoder = new TextEncoder();

function sizeOf(data: string | ArrayBuffer): number {
  return typeof data === 'string' ? encoder.encode(data).byteLength : data.byteLength;
}

/**
 * Opens an accepted upgrade on a `WebSocketPair`: drives the route's handlers from the server end's events,
 * writes through an outbox owned by this request (so other sockets' handlers can send to it), enforces
 * `maxPayload` (close 1009) and answers the handshake with a 101 carrying the client end.
 */
export function openWorkerSocket(app: Fw, upgrade: WebSocketUpgrade, ctx: WorkerExecutionContext): Response {
  const Pair = (globalThis as { WebSocketPair?: WebSocketPairConstructor }).WebSocketPair;
  if (!Pair) throw new Error('fw/worker: WebSocketPair is missing; WebSocket routes need the Workers runtime');
  const pair = new Pair();
  const client = pair[0];
  const server = pair[1];
  server.accept();
  // Newer compatibility dates deliver binary frames as Blob (the web default); handlers get bytes right away.
  server.binaryType = 'arraybuffer';
  const outbox = socketOutbox(server, ctx, (error) => void undeliverable(error));
  const driver = app.websockets.connect(upgrade, {
    send: (data) => outbox.send(data),
    close: (code, reason) => outbox.close(code ?? 1000, reason ?? ''),
  });
  // A frame the socket refused in its own context: the route's error hook hears of it (else the log), and the
  // socket closes with 1011 so the peer knows frames are missing instead of seeing a silent gap.
  const undeliverable = async (error: unknown): Promise<void> => {
    try {
      server.close(1011, 'Internal error');
    } catch {
      // The socket is already gone: the peer sees the connection end.
    }
    const cause = new Error('fw/worker: a WebSocket frame could not be delivered', { cause: error });
    try {
      if (upgrade.handlers.error) await upgrade.handlers.error(driver.socket, cause);
      else console.error(cause.message, error);
    } catch (hookError) {
      console.error(`fw: WebSocket error hook on ${driver.socket.path} threw`, hookError);
    }
    await driver.closed(1011, 'Internal error');
  };
  server.addEventListener('message', (event) => {
    outbox.flush();
    if (sizeOf(event.data) > upgrade.maxPayload) {
      outbox.close(1009, 'Message too big');
      void driver.closed(1009, 'Message too big');
      return;
    }
    const message: WebSocketMessage = typeof event.data === 'string' ? event.data : new Uint8Array(event.data);
    void driver.message(message);
  });
  server.addEventListener('close', (event) => {
    outbox.stop();
    try {
      server.close(event.code === 1005 ? 1000 : event.code, event.reason);
    } catch {
      // Already closed from this side: nothing left to answer.
    }
    void driver.closed(event.code, event.reason);
  });
  server.addEventListener('error', () => {
    outbox.stop();
    void driver.closed(1006, 'Connection error');
  });
  void driver.opened();
  return new Response(null, { status: 101, headers: upgrade.headers, webSocket: client } as ResponseInit);
}
