/**
 * The part of the `ws` package that fw/node's WebSocket routes use, declared here so that fw's types never name
 * `ws` (an optional peer dependency), and its loading by name on the first upgrade.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** A message as `ws` delivers it. */
export type WsRawData = Buffer | ArrayBuffer | Buffer[];

/** One server-side socket of `ws`. */
export interface WsSocket {
  on(event: 'message', listener: (data: WsRawData, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): unknown;
  on(event: 'pong' | 'error', listener: () => void): unknown;
  send(data: string | ArrayBuffer | ArrayBufferView): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

/** A `ws` server in `noServer` mode. */
export interface WsServer {
  readonly clients: Set<WsSocket>;
  on(event: 'headers', listener: (lines: string[], req: IncomingMessage) => void): unknown;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, done: (ws: WsSocket) => void): void;
  close(): void;
}

type WsServerConstructor = new (options: { noServer: true; maxPayload: number; clientTracking: true }) => WsServer;

/** Imports `ws` by name (so bundles of HTTP-only apps never need it), with an error that says how to get it. */
export async function loadWebSocketServer(): Promise<WsServerConstructor> {
  const specifier = 'ws';
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as {
      WebSocketServer?: WsServerConstructor;
      default?: { WebSocketServer?: WsServerConstructor };
    };
    const Server = mod.WebSocketServer ?? mod.default?.WebSocketServer;
    if (typeof Server !== 'function') throw new Error('the module has no WebSocketServer export');
    return Server;
  } catch (cause) {
    throw new Error(`WebSocket routes on fw/node need the ws package: npm install ws (${(cause as Error).message})`, { cause });
  }
}
