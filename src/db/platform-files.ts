import { SystemError } from '../core/errors';
import { hasPlatform, platform, type PlatformHolder } from '../core/platform';
import type { MigrationSource } from './types';

/** What the Node and Bun entries provide for reading migrations and seeds from disk. */
export interface MigrationFiles {
  migrationsFromDir(dir: string): MigrationSource;
  readSeedFile(path: string): Promise<string>;
}

declare module '../core/platform' {
  interface PlatformServices {
    /** Reads migrations and seed files from disk (Node and Bun). */
    migrationFiles: MigrationFiles;
  }
}

const NO_FILES =
  'No file system to read migrations from here: pass `migrations` (a map of file name to SQL, e.g. imported at build time) and `seed` in the database config, or give it platform services that read files (`platform: nodeServices` from fw/node)';

/**
 * The file readers of the database's platform services (`config.platform`), from their `migrationFiles` service (the Node and Bun entries provide
 * it, so a worker bundle never includes them). Where there is none this fails, saying to bundle the migrations as a map.
 */
export async function platformFiles(config: PlatformHolder): Promise<MigrationFiles> {
  if (!hasPlatform(config, 'migrationFiles'))
    throw new SystemError(NO_FILES, {
      errorId: crypto.randomUUID(),
      code: 'DB_NO_FILES',
      details: { code: 'DB_NO_FILES', service: 'migrationFiles' },
    });
  return platform(config, 'migrationFiles', NO_FILES);
}
