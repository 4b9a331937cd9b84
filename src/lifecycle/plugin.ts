import type { Context } from '../core/context';
import { hasPlatform, platform } from '../core/platform';
import type { FwPluginConfig } from '../core/types';
import { withResponseHeader } from '../trace/response-header';
import { LIFECYCLE_STATE_KEY, LifecycleManager, type LifecycleOptions } from './manager';
import { isTriggerDrivenRuntime } from './runtime';

/** Options of the `lifecycle` plugin. */
export interface LifecyclePluginOptions extends LifecycleOptions {
  /**
   * Shut down on SIGTERM and SIGINT (default true: where the platform provides signals, i.e. Node and Bun). Ignored on
   * workers and Lambda; `true` elsewhere without signals is an error at start.
   */
  handleSignals?: boolean;
}

declare module '../core/platform' {
  interface PlatformServices {
    /** Shuts the manager down on SIGTERM and SIGINT; returns the uninstaller (Node and Bun). */
    signalHandlers: (manager: LifecycleManager) => () => void;
  }
}

const NO_SIGNALS = 'lifecycle: this platform has no process signals to shut down on; pass { handleSignals: false }';

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
    async onStart(app) {
      if (!wantSignals || uninstall !== null) return;
      if (options.handleSignals === undefined && !hasPlatform(app, 'signalHandlers')) return;
      uninstall = (await platform(app, 'signalHandlers', NO_SIGNALS))(manager);
    },
    onStop() {
      uninstall?.();
      uninstall = null;
    },
  };
}
