import type { Fw, WebSocketUpgrade, WebSocketMessage } from 'fw';

/** The workers `WebSocket` members the bridge uses (the server end of a `WebSocketPair`). */
interface WorkerSocket {
  binaryType: string;
  accept(): void;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'message', listener: (event: { data: string | ArrayBuffer }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: 'error', listener: (event: unknown) => void): void;
}

type WebSocketPairConstructor = new () => { 0: WorkerSocket; 1: WorkerSocket };

const encoder = new TextEncoder();

function sizeOf(data: string | ArrayBuffer): number {
  return typeof data === 'string' ? encoder.encode(data).byteLength : data.byteLength;
}

function closeQuietly(socket: WorkerSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // The socket is already closed: nothing left to tell the peer.
  }
}

/**
 * Opens an accepted upgrade on a `WebSocketPair`: drives the route's handlers from the server end's events,
 * enforces `maxPayload` (close 1009) and answers the handshake with a 101 carrying the client end.
 */
export function openWorkerSocket(app: Fw, upgrade: WebSocketUpgrade): Response {
  const Pair = (globalThis as { WebSocketPair?: WebSocketPairConstructor }).WebSocketPair;
  if (!Pair) throw new Error('fw/worker: WebSocketPair is missing; WebSocket routes need the Workers runtime');
  const pair = new Pair();
  const client = pair[0];
  const server = pair[1];
  server.accept();
  // Newer compatibility dates deliver binary frames as Blob (the web default); handlers get bytes right away.
  server.binaryType = 'arraybuffer';
  const driver = app.websockets.connect(upgrade, {
    send: (data) => server.send(data),
    close: (code, reason) => closeQuietly(server, code ?? 1000, reason ?? ''),
  });
  server.addEventListener('message', (event) => {
    if (sizeOf(event.data) > upgrade.maxPayload) {
      closeQuietly(server, 1009, 'Message too big');
      void driver.closed(1009, 'Message too big');
      return;
    }
    const message: WebSocketMessage = typeof event.data === 'string' ? event.data : new Uint8Array(event.data);
    void driver.message(message);
  });
  server.addEventListener('close', (event) => {
    closeQuietly(server, event.code === 1005 ? 1000 : event.code, event.reason);
    void driver.closed(event.code, event.reason);
  });
  server.addEventListener('error', () => {
    void driver.closed(1006, 'Connection error');
  });
  void driver.opened();
  return new Response(null, { status: 101, headers: upgrade.headers, webSocket: client } as ResponseInit);
}
