/**
 * `installNodeServices()` of fw/lambda, for an app on fw/core: Node's services with their modules imported
 * statically. A Lambda bundle is one file, so loading them with `import()` (as targets/node/platform.ts does for
 * Node's entry) would save no bytes there, and a literal `import()` anywhere in fw/lambda's module graph makes
 * esbuild wrap every module it reaches, the kernel's among them, in a lazy initializer run at each cold start. A
 * static import that nothing calls is dropped instead, so an app that does not call this carries none of it.
 */
import { providePlatform } from '../../src/core/platform';
import { loadFileRoutes } from '../node/file-routes-fs';
import { migrationsFromDir, readSeedFile } from '../node/migration-files';
import { importModule } from '../node/platform-import';
import { installSignalHandlers } from '../node/signals';
import { nodeFileSource } from '../node/static-fs';
import { localUploadStorage } from '../node/upload-local';

/**
 * Registers Node's services: run-time imports by specifier, route folders, static files, local uploads (to `/tmp`),
 * migration files and SIGTERM handlers. An app on `fw` has them from `fw`'s Node entry and needs no call.
 */
export function installNodeServices(): void {
  providePlatform('importModule', () => importModule);
  providePlatform('loadFileRoutes', () => loadFileRoutes);
  providePlatform('fileSource', () => nodeFileSource);
  providePlatform('uploadStorage', () => localUploadStorage);
  providePlatform('migrationFiles', () => ({ migrationsFromDir, readSeedFile }));
  providePlatform('signalHandlers', () => installSignalHandlers);
}
