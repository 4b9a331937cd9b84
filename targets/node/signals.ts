import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { LifecycleManager, ServerHandle } from '../../src/lifecycle/manager';

/** Options of `installSignalHandlers`. */
export interface SignalOptions {
  /** Signals that start a shutdown (default SIGTERM and SIGINT). */
  signals?: NodeJS.Signals[];
  /** Exit the process when the shutdown ends: code 0, or 1 after a time-out or a failed hook (default true). */
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
    const backstop = setTimeout(() => process.exit(1), manager.timeout + 1000);
    backstop.unref();
    manager.shutdown(signal).then(
      (report) => {
        clearTimeout(backstop);
        if (exit) process.exit(report.timedOut || report.hooks.some((h) => !h.ok) ? 1 : 0);
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

/**
 * A graceful handle for `manager.attach()`. Node (`serve()` from `fw/node`, or a `node:http` server): stops listening
 * without cutting idle keep-alive connections (each closes after its next response, which the lifecycle marks
 * `Connection: close`) and resolves once every connection has ended. Bun (`serve()` from `fw/bun`): `stop(false)`,
 * which stops listening and lets open connections finish; `stop(true)` at the time-out.
 */
export function gracefulServer(server: { node: HttpServer } | { bun: BunStoppable } | HttpServer): ServerHandle {
  if ('bun' in server) {
    const bun = server.bun;
    return {
      stopAccepting: async () => { await bun.stop(false); },
      forceClose: () => { void bun.stop(true); },
    };
  }
  const http = 'node' in server ? server.node : server;
  return {
    stopAccepting: () =>
      new Promise<void>((resolve) => {
        if (!http.listening) return resolve();
        NetServer.prototype.close.call(http, () => resolve());
      }),
    forceClose: () => http.closeAllConnections(),
  };
}
