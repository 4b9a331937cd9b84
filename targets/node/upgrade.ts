import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { withWebSockets, type CoreFw, type Fw, type WebSocketUpgrade } from 'fw';
import { requestUrl } from './request';
import { loadWebSocketServer, type WsRawData, type WsServer, type WsSocket } from './ws-module';

/** Writes a whole Response as raw HTTP/1.1 on a socket that was asking to upgrade, then closes it. */
async function writeRaw(socket: Duplex, response: Response): Promise<void> {
  const body = new Uint8Array(await response.arrayBuffer());
  let head = `HTTP/1.1 ${response.status} ${response.statusText || 'Error'}\r\n`;
  for (const [name, value] of response.headers) if (name !== 'content-length' && name !== 'connection') head += `${name}: ${value}\r\n`;
  head += `content-length: ${body.byteLength}\r\nconnection: close\r\n\r\n`;
  if (!socket.writable) return;
  socket.write(head);
  socket.end(body);
}

function toMessage(data: WsRawData, isBinary: boolean): string | Uint8Array {
  if (!isBinary) return data.toString();
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

/**
 * Drops a peer that has sent nothing (not even a pong) for `seconds`: pings at that interval and terminates
 * the socket when the previous ping went unanswered, so dead TCP peers do not stay in rooms forever.
 */
function watchIdle(ws: WsSocket, seconds: number): () => void {
  if (seconds === 0) return () => undefined;
  let heard = true;
  const alive = () => {
    heard = true;
  };
  ws.on('pong', alive);
  ws.on('message', alive);
  const timer = setInterval(() => {
    if (!heard) return ws.terminate();
    heard = false;
    ws.ping();
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Handles `upgrade` events of a Node server: resolves ws routes through the app and runs them on the `ws` package. */
export class NodeWebSockets {
  private readonly servers = new Map<number, WsServer>();
  private wsServer: ReturnType<typeof loadWebSocketServer> | null = null;
  private readonly extraHeaders = new WeakMap<IncomingMessage, Headers>();
  /** The app when it has WebSocket routes support (`fw`'s `Fw`); a kernel app answers upgrade requests as HTTP. */
  private readonly sockets: Fw | null;

  constructor(
    private readonly app: CoreFw,
    private readonly scheme: string,
  ) {
    this.sockets = withWebSockets(app);
  }

  /** The `upgrade` event listener. */
  readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    this.handle(req, socket, head).catch(() => {
      writeRaw(
        socket,
        new Response('{"error":"Internal Server Error","code":"INTERNAL_ERROR"}', {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
      ).catch(() => socket.destroy());
    });
  };

  /** Closes every open socket with 1001 (going away). */
  closeAll(): void {
    for (const wss of this.servers.values()) {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      wss.close();
    }
  }

  private async handle(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    let request: Request;
    try {
      request = new Request(requestUrl(req, this.scheme), { method: req.method, headers: req.headers as Record<string, string> });
    } catch (error) {
      await writeRaw(
        socket,
        new Response(JSON.stringify({ error: `Malformed request: ${(error as Error).message}`, code: 'BAD_REQUEST' }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      );
      return;
    }
    const result = this.sockets === null ? null : await this.sockets.upgradeWebSocket(request, { incoming: req });
    if (result === null) return writeRaw(socket, await this.app.fetch(request, { incoming: req }));
    if (result instanceof Response) return writeRaw(socket, result);
    this.extraHeaders.set(req, result.headers);
    (await this.serverFor(result.maxPayload)).handleUpgrade(req, socket, head, (ws) => this.run(ws, result));
  }

  /** The `ws` server for one payload limit; `ws` itself loads on the first upgrade, so HTTP-only apps never need it. */
  private async serverFor(maxPayload: number): Promise<WsServer> {
    let wss = this.servers.get(maxPayload);
    if (!wss) {
      const WebSocketServer = await (this.wsServer ??= loadWebSocketServer());
      if (this.servers.has(maxPayload)) return this.servers.get(maxPayload)!;
      wss = new WebSocketServer({ noServer: true, maxPayload, clientTracking: true });
      wss.on('headers', (lines, req) => {
        for (const [name, value] of this.extraHeaders.get(req) ?? []) lines.push(`${name}: ${value}`);
      });
      this.servers.set(maxPayload, wss);
    }
    return wss;
  }

  private run(ws: WsSocket, upgrade: WebSocketUpgrade): void {
    const driver = this.sockets!.websockets.connect(upgrade, {
      send: (data) => ws.send(data),
      close: (code, reason) => ws.close(code, reason),
    });
    const stopWatching = watchIdle(ws, upgrade.idleTimeout);
    ws.on('message', (data, isBinary) => void driver.message(toMessage(data, isBinary)));
    ws.on('close', (code, reason) => {
      stopWatching();
      void driver.closed(code, reason.toString());
    });
    ws.on('error', () => undefined);
    void driver.opened();
  }
}
