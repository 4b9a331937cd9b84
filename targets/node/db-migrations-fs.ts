import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scaffoldMigration } from '../../src/db/migrations/scaffold';
import type { MigrationSource } from '../../src/db/types';
import { bundleUrl } from './db-bundle';

/**
 * A migrations loader reading every `.sql` file of `dir` (Node and Bun). A relative `dir` is read from the working
 * directory, else, in a bundle made by `fw build`, from the bundle's folder (where the build copies it); a missing
 * folder is an error naming every place looked at.
 */
export function migrationsFromDir(dir = './migrations'): MigrationSource {
  return async () => {
    const places = [resolve(dir)];
    if (bundleUrl && !isAbsolute(dir)) places.push(fileURLToPath(new URL(dir, bundleUrl)));
    const { folder, names } = await firstFolder(places);
    const files: Record<string, string> = {};
    for (const name of names) files[name] = await readFile(join(folder, name), 'utf8');
    return files;
  };
}

async function firstFolder(places: string[]): Promise<{ folder: string; names: string[] }> {
  const failures: Error[] = [];
  for (const folder of places) {
    try {
      return { folder, names: (await readdir(folder)).filter((n) => n.endsWith('.sql')) };
    } catch (cause) {
      failures.push(cause as Error);
    }
  }
  const reasons = failures.map((e) => e.message).join('; ');
  throw new Error(`Cannot read the migrations folder ${places.join(' or ')}: ${reasons}`, { cause: failures[0] });
}

/** Reads a seed SQL file; a missing file is an error naming it. */
export async function readSeedFile(path: string): Promise<string> {
  try {
    return await readFile(resolve(path), 'utf8');
  } catch (cause) {
    throw new Error(`Cannot read the seed file ${resolve(path)}: ${(cause as Error).message}`, { cause });
  }
}

/** Creates the next numbered migration file (`NNN_<name>.sql` with empty up and down parts) and returns its path. */
export async function createMigrationFile(dir: string, name: string): Promise<string> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  const { fileName, content } = scaffoldMigration(await readdir(folder), name);
  const path = join(folder, fileName);
  await writeFile(path, content, { flag: 'wx' });
  return path;
}
