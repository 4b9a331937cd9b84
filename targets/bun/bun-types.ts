/** The part of Bun's `Bun.serve` API this target uses (the project does not load Bun's global types). */

/** Bun's server-side WebSocket, with the data attached at upgrade. */
export interface BunSocket<T> {
  data: T;
  send(data: string | ArrayBuffer | ArrayBufferView): number;
  close(code?: number, reason?: string): void;
}

/** The server object Bun passes to `fetch` and returns from `Bun.serve`. */
export interface BunServerHandle {
  port: number;
  hostname: string;
  url: URL;
  upgrade(request: Request, options?: { data?: unknown; headers?: HeadersInit }): boolean;
  stop(closeActiveConnections?: boolean): Promise<void> | void;
}

/** The options of `Bun.serve` this target sets. */
export interface BunServeConfig<T> {
  port: number;
  hostname: string;
  maxRequestBodySize: number;
  tls?: { key: unknown; cert: unknown; ca?: unknown };
  fetch(request: Request, server: BunServerHandle): Response | Promise<Response | undefined> | undefined;
  error(error: Error): Response;
  websocket?: {
    maxPayloadLength: number;
    idleTimeout: number;
    open(ws: BunSocket<T>): void;
    message(ws: BunSocket<T>, message: string | Uint8Array): void;
    close(ws: BunSocket<T>, code: number, reason: string): void;
  };
}

/** `globalThis.Bun`, when running under Bun. */
export interface BunRuntime {
  serve<T>(config: BunServeConfig<T>): BunServerHandle;
  version: string;
}

/** The Bun runtime, or a clear error when fw/bun is used elsewhere. */
export function bunRuntime(): BunRuntime {
  const runtime = (globalThis as { Bun?: BunRuntime }).Bun;
  if (!runtime) throw new Error('fw/bun runs under the Bun runtime (bun run server.ts); on Node use fw/node');
  return runtime;
}
