/**
 * Node's services but `listen()`'s adapter, each module loaded on first use: run-time imports by specifier, route
 * folders, static files, local uploads, migration files and signal handlers. Kept apart from platform.ts, whose
 * adapter import reaches fw/node (and `fw` back through it), so that fw/lambda can offer these alone.
 */
import { providePlatform } from '../../src/core/platform';
import { importModule } from './platform-import';

/** Registers Node's services but `listen()`'s adapter, all read from disk or the process (about 5 KB in a bundle). */
export function installNodeServices(): void {
  providePlatform('importModule', () => importModule);
  providePlatform('loadFileRoutes', async () => (await import('./file-routes-fs')).loadFileRoutes);
  providePlatform('fileSource', async () => (await import('./static-fs')).nodeFileSource);
  providePlatform('uploadStorage', async () => (await import('./upload-local')).localUploadStorage);
  providePlatform('migrationFiles', async () => {
    const { migrationsFromDir, readSeedFile } = await import('./migration-files');
    return { migrationsFromDir, readSeedFile };
  });
  providePlatform('signalHandlers', async () => (await import('./signals')).installSignalHandlers);
}
