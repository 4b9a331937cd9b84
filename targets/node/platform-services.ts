/**
 * Node's services but `listen()`'s adapter, each module loaded on first use: run-time imports by specifier, route
 * folders, static files, local uploads, migration files and signal handlers. Kept apart from platform.ts, whose
 * adapter import reaches fw/node (and `fw` back through it), so that fw/lambda can offer these alone.
 */
import type { Fw } from '../../src/core/fw';
import type { Platform } from '../../src/core/platform';
import { importModule } from './platform-import';

/** Node's services but `listen()`'s adapter, all read from disk or the process (about 5 KB in a bundle). */
export const nodeServices: Platform = {
  importModule: () => importModule,
  loadFileRoutes: async () => (await import('./file-routes-fs')).loadFileRoutes,
  fileSource: async () => (await import('./static-fs')).nodeFileSource,
  uploadStorage: async () => (await import('./upload-local')).localUploadStorage,
  migrationFiles: async () => {
    const { migrationsFromDir, readSeedFile } = await import('./migration-files');
    return { migrationsFromDir, readSeedFile };
  },
  signalHandlers: async () => (await import('./signals')).installSignalHandlers,
};

/** Gives one app Node's services (those it has already stay its own), e.g. a fw/core app on Lambda; returns the app. */
export function installNodeServices<App extends Fw<any, any>>(app: App): App {
  if (!app || typeof app.fetch !== 'function')
    throw new TypeError("installNodeServices(app) needs the app to give Node's services to: installNodeServices(new Fw())");
  app.platform = { ...nodeServices, ...app.platform };
  return app;
}
