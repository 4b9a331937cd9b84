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

/**
 * A graceful handle on a Node HTTP server for `manager.attach()`: stops listening without cutting idle keep-alive
 * connections (each closes after its next response, which the lifecycle marks `Connection: close`), and resolves
 * once every connection has ended.
 */
export function gracefulServer(server: { node: HttpServer } | HttpServer): ServerHandle {
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
