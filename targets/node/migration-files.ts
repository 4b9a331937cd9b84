/**
 * What the `migrationFiles` service loads: the two readers alone. Imported by `import()`, a module's every export is
 * kept in a bundle; db-migrations-fs's `createMigrationFile` would bring the SQL splitter (15 KB) with it.
 */
export { migrationsFromDir, readSeedFile } from './db-migrations-fs';
