import type { MigrationSource } from '../types';
import { parseMigration, type MigrationFile } from './file';

/** Reads migrations from a map or loader, keeps the `.sql` files (by base name, minus `ignore`d ones), parses them and orders them by number. */
export async function loadMigrations(source: MigrationSource, ignore: string[] = []): Promise<MigrationFile[]> {
  const files = typeof source === 'function' ? await source() : source;
  if (!files || typeof files !== 'object')
    throw new TypeError('Migrations must be a map of file name to SQL text, or a function returning one');
  const byVersion = new Map<number, string>();
  const parsed: MigrationFile[] = [];
  for (const key of Object.keys(files)) {
    const base = key.slice(key.lastIndexOf('/') + 1);
    if (!base.endsWith('.sql') || ignore.includes(base)) continue;
    const migration = parseMigration(base, files[key]);
    const clash = byVersion.get(migration.version);
    if (clash) throw new TypeError(`Migrations "${clash}.sql" and "${base}" share the number ${migration.version}; renumber one`);
    byVersion.set(migration.version, migration.name);
    parsed.push(migration);
  }
  return parsed.sort((a, b) => a.version - b.version);
}
