import type { Fw, WebSocketDriver, WebSocketUpgrade } from 'fw';
import type { BunServeConfig, BunSocket } from './bun-types';

/** What each Bun socket carries: the accepted upgrade, then the driver of its handlers. */
export interface SocketData {
  upgrade: WebSocketUpgrade;
  driver: WebSocketDriver | null;
}

/** Bun's largest frame: the biggest `maxPayload` of the app's ws routes (each route's own limit is checked per message). */
export function largestPayload(app: Fw): number {
  let max = 0;
  for (const route of app.websockets.routes()) max = Math.max(max, route.options.maxPayload);
  return max || 1024 * 1024;
}

const encoder = new TextEncoder();

function tooBig(message: string | Uint8Array, limit: number): boolean {
  if (typeof message !== 'string') return message.byteLength > limit;
  return message.length * 3 > limit && encoder.encode(message).byteLength > limit;
}

/**
 * Bun's idle timeout (one per server): the shortest non-zero `idleTimeout` of the app's ws routes, capped at
 * Bun's 960 s; 0 when every route disables it. Bun pings idle peers itself and a pong counts as activity,
 * so only peers that stop answering are dropped, on any route.
 */
export function shortestIdle(app: Fw): number {
  const routes = app.websockets.routes();
  const enabled = routes.map((r) => r.options.idleTimeout).filter((s) => s > 0);
  if (enabled.length === 0) return routes.length === 0 ? 120 : 0;
  return Math.min(960, Math.ceil(Math.min(...enabled)));
}

/** Bun's native `websocket` handlers, driving the app's ws route handlers. */
export function bunWebSocketHandlers(app: Fw): BunServeConfig<SocketData>['websocket'] {
  return {
    maxPayloadLength: largestPayload(app),
    idleTimeout: shortestIdle(app),
    open(ws: BunSocket<SocketData>) {
      ws.data.driver = app.websockets.connect(ws.data.upgrade, {
        send: (data) => void ws.send(data),
        close: (code, reason) => ws.close(code, reason),
      });
      void ws.data.driver.opened();
    },
    message(ws, message) {
      const driver = ws.data.driver!;
      if (tooBig(message, ws.data.upgrade.maxPayload)) {
        ws.close(1009, 'Message too big');
        return;
      }
      void driver.message(typeof message === 'string' ? message : new Uint8Array(message.buffer, message.byteOffset, message.byteLength));
    },
    close(ws, code, reason) {
      void ws.data.driver?.closed(code, reason);
    },
  };
}
