import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { withResponseHeader } from '../trace/response-header';
import { LIFECYCLE_STATE_KEY, LifecycleManager, type LifecycleOptions } from './manager';
import { isTriggerDrivenRuntime } from './runtime';

/** Options of the `lifecycle` plugin. */
export interface LifecyclePluginOptions extends LifecycleOptions {
  /** Shut down on SIGTERM and SIGINT (Node, Bun; default true). Ignored on workers and Lambda, which have no signals. */
  handleSignals?: boolean;
}

type SignalInstaller = (manager: LifecycleManager) => () => void;

async function loadSignalInstaller(): Promise<SignalInstaller> {
  const specifier = 'fw/node';
  const mod = (await import(/* @vite-ignore */ specifier)) as { installSignalHandlers?: SignalInstaller };
  if (!mod.installSignalHandlers) throw new Error('lifecycle: fw/node provides no installSignalHandlers');
  return mod.installSignalHandlers;
}

/**
 * Graceful shutdown as a plugin: counts in-flight requests, answers with `Connection: close` once shutting down,
 * and on Node and Bun installs SIGTERM/SIGINT handlers. The manager is `plugin.manager` and app state `fw:lifecycle`.
 */
export function lifecycle(options: LifecyclePluginOptions = {}): FwPluginConfig & { manager: LifecycleManager } {
  const manager = new LifecycleManager(options);
  const wantSignals = (options.handleSignals ?? true) && !isTriggerDrivenRuntime();
  let uninstall: (() => void) | null = null;
  return {
    name: 'lifecycle',
    manager,
    state: { [LIFECYCLE_STATE_KEY]: manager },
    setup(app) {
      manager.bindApp(app);
      app.use(async (ctx: Context, next) => {
        const done = manager.requestStarted();
        try {
          const response = await next();
          return manager.shuttingDown ? withResponseHeader(response, 'connection', 'close') : response;
        } finally {
          done();
        }
      });
    },
    async onStart() {
      if (wantSignals && uninstall === null) uninstall = (await loadSignalInstaller())(manager);
    },
    onStop() {
      uninstall?.();
      uninstall = null;
    },
  };
}
