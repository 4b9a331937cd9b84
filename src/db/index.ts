export { Database, createDatabase } from './database';
export { Migrator, type MigratorOptions, type MigrationStatus, type MigrationTarget, type RepairResult } from './migrations/migrator';
export type { HistoryState } from './migrations/history';
export { parseMigration, splitStatements, MIGRATION_FILE, type MigrationFile, type MigrationStatement } from './migrations/file';
export { loadMigrations } from './migrations/source';
export { scaffoldMigration } from './migrations/scaffold';
export { detectDatabaseType } from './detect';
export { databaseError, type DatabaseErrorDetails } from './errors';
export { toDollarPlaceholders } from './placeholders';
export { bindDatabaseEnv } from './bind-env';
export type {
  DatabaseType,
  DatabaseConfig,
  SqlParam,
  JsonParam,
  Row,
  ExecuteResult,
  Statement,
  Queryable,
  Transaction,
  TransactionOptions,
  LockOptions,
  MigrationSource,
  D1Binding,
  Engine,
} from './types';
