/** The services Node lends fw's platform-neutral code (see src/core/platform.ts), each loaded on first use. */
import { providePlatform } from '../../src/core/platform';

/**
 * Registers Node's services: the `node:http` adapter for `listen()`, run-time imports by specifier, route folders,
 * static files, local uploads, migration files and signal handlers, all read from disk or the process.
 */
export function installNodePlatform(): void {
  providePlatform('adapter', async () => (await import('./adapter')).node());
  providePlatform('importModule', () => importModule);
  providePlatform('loadFileRoutes', async () => (await import('./file-routes-fs')).loadFileRoutes);
  providePlatform('fileSource', async () => (await import('./static-fs')).nodeFileSource);
  providePlatform('uploadStorage', async () => (await import('./upload-local')).localUploadStorage);
  providePlatform('migrationFiles', async () => {
    const { migrationsFromDir, readSeedFile } = await import('./db-migrations-fs');
    return { migrationsFromDir, readSeedFile };
  });
  providePlatform('signalHandlers', async () => (await import('./signals')).installSignalHandlers);
}

/** Imports a module by a specifier known only at run time (a driver's package name, a dev entry's file URL). */
function importModule(specifier: string): Promise<unknown> {
  return import(/* @vite-ignore */ specifier);
}
