import type { Context, ExecutionContext } from '../core/context';
import type { Fw, MiddlewareEntry } from '../core/fw';
import { runMiddleware } from '../core/pipeline';
import { Router, type Params } from '../core/router';
import { fullRouteSyntax } from '../core/route-syntax';
import { canonicalPath, canonicalPattern, rawPathOf } from '../core/path';

/** A message as handlers receive it: text frames as strings, binary frames as bytes. */
export type WebSocketMessage = string | Uint8Array;

/** What `ws.send` accepts. */
export type WebSocketData = string | ArrayBuffer | ArrayBufferView;

/** One open WebSocket as route handlers see it, the same on every target. */
export interface WSConnection<Data = unknown> {
  /** A unique id for this connection (a random UUID). */
  readonly id: string;
  /** Per-connection data: what `upgrade(ctx)` returned, writable by handlers. */
  data: Data;
  /** The request path that opened the socket. */
  readonly path: string;
  /** Path parameters of the ws route. */
  readonly params: Params;
  /** True until the socket is closed (by either side). */
  readonly open: boolean;
  /** Sends a text or binary frame; does nothing once the socket is closed. */
  send(data: WebSocketData): void;
  /** Starts the closing handshake (default code 1000). */
  close(code?: number, reason?: string): void;
}

/** The handlers of a WebSocket route; `upgrade` decides whether the handshake is accepted. */
export interface WebSocketHandlers<Data = unknown> {
  /** Runs on the upgrade request: return the initial `ws.data`, or a Response to refuse (e.g. a 401). */
  upgrade?(ctx: Context): Data | Response | void | Promise<Data | Response | void>;
  /** The socket is open. */
  open?(ws: WSConnection<Data>): unknown;
  /** A message arrived; messages are handled one at a time, in order, after `open` has finished. */
  message?(ws: WSConnection<Data>, message: WebSocketMessage): unknown;
  /** The socket closed (1005 when the peer sent no code, 1006 when the connection dropped). */
  close?(ws: WSConnection<Data>, code: number, reason: string): unknown;
  /** A handler threw: the socket is then closed with 1011. Without this hook the error is logged. */
  error?(ws: WSConnection<Data>, error: unknown): unknown;
}

/** Options of a WebSocket route. */
export interface WebSocketRouteOptions {
  /** Largest accepted message in bytes (default 1 MiB); a larger one closes the socket with 1009. */
  maxPayload?: number;
  /**
   * Seconds without any frame from the peer (pongs included) after which the socket is dropped as dead
   * (default 120, as Bun; 0 disables). Node pings at this interval; Bun does it natively; workers leave it to the runtime.
   */
  idleTimeout?: number;
}

/** A registered WebSocket route. */
export interface WebSocketRoute {
  path: string;
  handlers: WebSocketHandlers<any>;
  options: Required<WebSocketRouteOptions>;
}

/** An accepted upgrade: what a target needs to open the socket and drive its handlers. */
export interface WebSocketUpgrade<Data = unknown> {
  route: WebSocketRoute;
  handlers: WebSocketHandlers<Data>;
  data: Data;
  params: Params;
  path: string;
  /** Headers to add to the 101 response (set with `ctx.setHeader`/`ctx.setCookie` in `upgrade`). */
  headers: Headers;
  maxPayload: number;
  idleTimeout: number;
}

/** The platform side of a socket, which a target implements over its native WebSocket. */
export interface WebSocketTransport {
  send(data: WebSocketData): void;
  close(code?: number, reason?: string): void;
}

/** Watches every socket of an app opening and closing (the RoomManager uses this). */
export interface WebSocketObserver {
  open?(ws: WSConnection<any>): void;
  close?(ws: WSConnection<any>, code: number, reason: string): void;
}

/** What a target calls as its native socket reports events; each call runs the route's handler in order. */
export interface WebSocketDriver<Data = unknown> {
  readonly socket: WSConnection<Data>;
  opened(): Promise<void>;
  message(message: WebSocketMessage): Promise<void>;
  closed(code: number, reason: string): Promise<void>;
}

const defaultMaxPayload = 1024 * 1024;
const defaultIdleTimeout = 120;

/** Whether a Request asks to upgrade to a WebSocket (`Upgrade: websocket`). */
export function isWebSocketRequest(request: Request): boolean {
  return request.headers.get('upgrade')?.toLowerCase() === 'websocket';
}

function refusal(status: number, code: string, message: string, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify({ error: message, code }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

class Connection<Data> implements WSConnection<Data> {
  data: Data;
  open = true;

  constructor(
    readonly id: string,
    readonly path: string,
    readonly params: Params,
    data: Data,
    private readonly transport: WebSocketTransport,
  ) {
    this.data = data;
  }

  send(data: WebSocketData): void {
    if (this.open) this.transport.send(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.open) this.transport.close(code, reason);
  }
}

/** The WebSocket routes of one app: registration, upgrade resolution and the observers of every socket. */
export class WebSocketRoutes {
  private readonly router = new Router<WebSocketRoute>(fullRouteSyntax);
  private readonly list: WebSocketRoute[] = [];
  private readonly observers: WebSocketObserver[] = [];

  /** Registers a WebSocket route. */
  add(path: string, handlers: WebSocketHandlers<any>, options: WebSocketRouteOptions = {}): void {
    if (typeof path !== 'string') throw new TypeError('A ws route path must be a string');
    if (typeof handlers !== 'object' || handlers === null) throw new TypeError('ws(path, handlers) needs a handlers object');
    const maxPayload = options.maxPayload ?? defaultMaxPayload;
    if (!Number.isInteger(maxPayload) || maxPayload <= 0) throw new RangeError('ws option maxPayload must be a positive integer');
    const idleTimeout = options.idleTimeout ?? defaultIdleTimeout;
    if (typeof idleTimeout !== 'number' || !(idleTimeout >= 0) || idleTimeout === Infinity)
      throw new RangeError('ws option idleTimeout must be a number of seconds >= 0 (0 disables it)');
    const route: WebSocketRoute = { path: canonicalPattern(path), handlers, options: { maxPayload, idleTimeout } };
    this.router.add('GET', path, route);
    this.list.push(route);
  }

  /** Whether a ws route matches this path. */
  has(path: string): boolean {
    return this.list.length > 0 && this.router.match('GET', path) !== null;
  }

  /** The 426 answer to a plain HTTP request on a ws-only path. */
  upgradeRequired(path: string): Response {
    return refusal(426, 'UPGRADE_REQUIRED', `${path} is a WebSocket endpoint: connect with a WebSocket client`, {
      upgrade: 'websocket',
      connection: 'Upgrade',
    });
  }

  /** The registered routes, in registration order. */
  routes(): readonly WebSocketRoute[] {
    return this.list;
  }

  /** Adds an observer of every socket's open and close; returns a function that removes it. */
  observe(observer: WebSocketObserver): () => void {
    this.observers.push(observer);
    return () => {
      const i = this.observers.indexOf(observer);
      if (i !== -1) this.observers.splice(i, 1);
    };
  }

  /**
   * Resolves an upgrade request: null when no ws route matches the path, a Response when it is refused
   * (not a WebSocket handshake, middleware or `upgrade(ctx)` answered), else what the target opens.
   * Global middleware runs first, as for HTTP routes; route hooks and validation do not.
   */
  async resolve(
    app: Fw<any, any>,
    middleware: MiddlewareEntry[],
    request: Request,
    env?: unknown,
    executionCtx?: ExecutionContext,
  ): Promise<WebSocketUpgrade | Response | null> {
    const path = canonicalPath(rawPathOf(request.url), app.config.allowEncodedSlashes);
    if (path === null) return null;
    const match = this.router.match('GET', path);
    if (match === null) return null;
    if (request.method !== 'GET' || !isWebSocketRequest(request)) return this.upgradeRequired(path);
    const route = match.value;
    const ctx = new app.ContextClass(app, request, path, env, executionCtx);
    ctx.params = match.params;
    ctx.routePath = route.path;
    const outcome = { accepted: false, data: undefined as unknown };
    const final = async (c: Context): Promise<Response> => {
      try {
        const result = await route.handlers.upgrade?.(c);
        if (result instanceof Response) return result;
        outcome.accepted = true;
        outcome.data = result ?? {};
        return new Response(null, { status: 204 });
      } catch (error) {
        return app.handleError(c, error);
      }
    };
    const response = middleware.length === 0 ? await final(ctx) : await runMiddleware(app, ctx, middleware, final);
    if (!outcome.accepted || response.status >= 300) return response;
    const headers = new Headers(ctx.responseHeaders ?? undefined);
    for (const cookie of ctx.responseCookies ?? []) headers.append('set-cookie', cookie);
    const upgrade: WebSocketUpgrade = {
      route,
      handlers: route.handlers,
      data: outcome.data,
      params: match.params,
      path,
      headers,
      maxPayload: route.options.maxPayload,
      idleTimeout: route.options.idleTimeout,
    };
    return upgrade;
  }

  /**
   * Binds an accepted upgrade to a target's socket; the target then reports open, messages and close.
   * `id` keeps a connection's id when a target rebuilds the driver of a socket it already held (a Durable
   * Object waking from hibernation); new sockets get a random UUID.
   */
  connect<Data>(upgrade: WebSocketUpgrade<Data>, transport: WebSocketTransport, id: string = crypto.randomUUID()): WebSocketDriver<Data> {
    const socket = new Connection<Data>(id, upgrade.path, upgrade.params, upgrade.data, transport);
    const handlers = upgrade.handlers;
    const observers = this.observers;
    let queue: Promise<void> = Promise.resolve();
    let closed = false;
    const notify = (event: 'open' | 'close', code = 1000, reason = ''): void => {
      for (const o of observers) {
        try {
          if (event === 'open') o.open?.(socket);
          else o.close?.(socket, code, reason);
        } catch (error) {
          console.error(`fw: WebSocket observer failed on ${event}`, error);
        }
      }
    };
    const fail = async (error: unknown): Promise<void> => {
      try {
        if (handlers.error) await handlers.error(socket, error);
        else console.error(`fw: WebSocket handler on ${socket.path} threw`, error);
      } catch (hookError) {
        console.error(`fw: WebSocket error hook on ${socket.path} threw`, hookError);
      }
      socket.close(1011, 'Internal error');
    };
    const run = (step: () => unknown): Promise<void> => {
      queue = queue.then(async () => {
        try {
          await step();
        } catch (error) {
          await fail(error);
        }
      });
      return queue;
    };
    return {
      socket,
      opened: () => {
        notify('open');
        return run(() => handlers.open?.(socket));
      },
      message: (message) => {
        if (closed) return queue;
        return run(() => handlers.message?.(socket, message));
      },
      closed: (code, reason) => {
        if (closed) return queue;
        closed = true;
        socket.open = false;
        notify('close', code, reason);
        return run(() => handlers.close?.(socket, code, reason));
      },
    };
  }
}
