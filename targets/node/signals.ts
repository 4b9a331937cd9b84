import type { Server as HttpServer, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { LifecycleManager, ServerHandle } from '../../src/lifecycle/manager';

/** Requests cut by a `gracefulServer` handle at a drain deadline, in this process: a shutdown that cut one exits 1. */
let requestsCutInProcess = 0;

/** Options of `installSignalHandlers`. */
export interface SignalOptions {
  /** Signals that start a shutdown (default SIGTERM and SIGINT). */
  signals?: NodeJS.Signals[];
  /** Exit the process when the shutdown ends: code 0, or 1 after a time-out, a request cut or a failed hook (default true). */
  exit?: boolean;
}

/**
 * Wires process signals (Node and Bun) to a LifecycleManager: the first signal starts a graceful shutdown, a
 * second one exits at once, and a backstop timer exits if the shutdown overruns its time-out. Returns the uninstaller.
 */
export function installSignalHandlers(manager: LifecycleManager, options: SignalOptions = {}): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = options.exit ?? true;
  let received = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) {
      if (exit) process.exit(1);
      return;
    }
    received = true;
    const cutBefore = requestsCutInProcess;
    const backstop = setTimeout(() => process.exit(1), manager.timeout + 1000);
    backstop.unref();
    manager.shutdown(signal).then(
      (report) => {
        clearTimeout(backstop);
        const clean = !report.timedOut && requestsCutInProcess === cutBefore && report.hooks.every((h) => h.ok);
        if (exit) process.exit(clean ? 0 : 1);
      },
      (error: unknown) => {
        console.error('[fw lifecycle] shutdown failed', error);
        if (exit) process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}

/** The part of a Bun server (`serve()` from `fw/bun` exposes it as `server.bun`) a graceful stop needs. */
interface BunStoppable {
  stop(closeActiveConnections?: boolean): Promise<void> | void;
}

/** A graceful server handle that also tells how many requests it cut at the drain deadline (undefined on Bun, which does not say). */
export interface GracefulServerHandle extends ServerHandle {
  readonly requestsCut?: number;
}

/** Keeps the set of responses of `http` not yet done with, so a forced close knows which requests it cuts. */
function trackOpenResponses(http: HttpServer): Set<ServerResponse> {
  const open = new Set<ServerResponse>();
  http.on('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  return open;
}

/**
 * A graceful handle for `manager.attach()`. Node (`serve()` from `fw/node`, or a `node:http` server): stops listening
 * without cutting idle keep-alive connections (each closes after its next response, which the lifecycle marks
 * `Connection: close`) and resolves once every connection has ended; at the drain deadline it closes what is left,
 * and each request it cuts unfinished (handler running or body still being written) is counted in `requestsCut`,
 * logged with `console.error` and makes `installSignalHandlers` exit 1. Requests already running when the handle
 * is made are not tracked: make it right after `serve()`. Bun (`serve()` from `fw/bun`): `stop(false)`, which
 * stops listening and lets open connections finish; `stop(true)` at the time-out.
 */
export function gracefulServer(server: { node: HttpServer } | { bun: BunStoppable } | HttpServer): GracefulServerHandle {
  if ('bun' in server) {
    const bun = server.bun;
    return {
      stopAccepting: async () => {
        await bun.stop(false);
      },
      forceClose: () => {
        void bun.stop(true);
      },
    };
  }
  const http = 'node' in server ? server.node : server;
  const open = trackOpenResponses(http);
  let cut = 0;
  return {
    stopAccepting: () =>
      new Promise<void>((resolve) => {
        if (!http.listening) return resolve();
        NetServer.prototype.close.call(http, () => resolve());
      }),
    forceClose: () => {
      let unfinished = 0;
      for (const res of open) if (!res.writableFinished) unfinished++;
      http.closeAllConnections();
      if (unfinished === 0) return;
      cut += unfinished;
      requestsCutInProcess += unfinished;
      console.error(`[fw lifecycle] drain deadline reached: cut ${unfinished} request(s) still running`);
    },
    get requestsCut() {
      return cut;
    },
  };
}
