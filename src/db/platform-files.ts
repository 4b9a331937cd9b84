import { SystemError } from '../core/errors';
import type { MigrationSource } from './types';

/** What the Node and Bun targets provide for reading migrations and seeds from disk. */
interface PlatformFiles {
  migrationsFromDir(dir: string): MigrationSource;
  readSeedFile(path: string): Promise<string>;
}

/**
 * The file readers of the running platform, from `fw/bun` or `fw/node` (imported by a variable specifier, like
 * the adapter in core, so a worker bundle never includes them). Where there is no file system this fails, saying
 * to bundle the migrations as a map.
 */
export async function platformFiles(): Promise<PlatformFiles> {
  const specifier = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined' ? 'fw/bun' : 'fw/node';
  let mod: Partial<PlatformFiles> | null = null;
  try {
    mod = (await import(/* @vite-ignore */ specifier)) as Partial<PlatformFiles>;
  } catch {
    mod = null;
  }
  if (!mod?.migrationsFromDir || !mod.readSeedFile) {
    throw new SystemError(
      'No file system to read migrations from here: pass `migrations` (a map of file name to SQL, e.g. imported at build time) and `seed` in the database config',
      {
        code: 'DB_NO_FILES',
        details: { code: 'DB_NO_FILES', platform: specifier },
      },
    );
  }
  return mod as PlatformFiles;
}
