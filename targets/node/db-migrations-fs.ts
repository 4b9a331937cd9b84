import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { scaffoldMigration } from '../../src/db/migrations/scaffold';
import type { MigrationSource } from '../../src/db/types';

/** A migrations loader reading every `.sql` file of `dir` (Node and Bun); a missing folder is an error naming it. */
export function migrationsFromDir(dir = './migrations'): MigrationSource {
  return async () => {
    const folder = resolve(dir);
    let names: string[];
    try {
      names = (await readdir(folder)).filter((n) => n.endsWith('.sql'));
    } catch (cause) {
      throw new Error(`Cannot read the migrations folder ${folder}: ${(cause as Error).message}`, { cause });
    }
    const files: Record<string, string> = {};
    for (const name of names) files[name] = await readFile(join(folder, name), 'utf8');
    return files;
  };
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
