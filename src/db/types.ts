import type { Platform } from '../core/platform';
/** The engines fw speaks to: an embedded file, two client-server databases, and the workers' SQL binding. */
export type DatabaseType = 'sqlite' | 'postgres' | 'mysql' | 'd1';

/** A value bound to a `?` placeholder. Booleans, Dates and bigints are converted where the engine needs it. */
export type SqlParam = string | number | bigint | boolean | null | undefined | Date | Uint8Array | JsonParam;

/** A plain object or array, bound as its JSON text (for JSON and jsonb columns). */
export type JsonParam = readonly unknown[] | { readonly [key: string]: unknown };

/** One result row, keyed by column name. */
export type Row = Record<string, unknown>;

/** What a write reports: rows changed, and the id the engine generated (null when it has none). */
export interface ExecuteResult {
  changes: number;
  lastInsertId: number | string | null;
}

/** One statement with its parameters, for `batch()`. */
export interface Statement {
  sql: string;
  params?: SqlParam[];
}

/** What every engine, transaction included, can run: reads that return rows, and writes that return counts. */
export interface Queryable {
  /** Runs a statement and returns its rows (an empty list for statements that return none). */
  query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]>;
  /** Runs a write and returns `{ changes, lastInsertId }`. */
  execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult>;
}

/** The handle a `transaction()` callback gets; everything it runs commits together or not at all. */
export type Transaction = Queryable;

/** Options of one transaction. */
export interface TransactionOptions {
  /** Name of a lock held for the whole transaction across processes (advisory lock, GET_LOCK, BEGIN IMMEDIATE). */
  lock?: string;
  /** ms to wait for `lock` on postgres and mysql before failing with 503 `DB_LOCK_TIMEOUT` (default 600000, 10 minutes); sqlite waits `busyTimeout`. */
  lockTimeout?: number;
}

/** Options of `withLock()`: the lock to hold and how long to wait for it. */
export interface LockOptions {
  /** Name of the cross-process lock. */
  lock: string;
  /** ms to wait for it before failing with 503 `DB_LOCK_TIMEOUT` (default 600000, 10 minutes). */
  lockTimeout?: number;
}

/** The minimal shape of a Cloudflare D1 binding fw uses (the real type lives in @cloudflare/workers-types). */
export interface D1Binding {
  prepare(sql: string): D1Prepared;
  batch(statements: D1Prepared[]): Promise<D1Result[]>;
}

/** A prepared D1 statement. */
export interface D1Prepared {
  bind(...values: unknown[]): D1Prepared;
  all(): Promise<D1Result>;
  run(): Promise<D1Result>;
}

/** A D1 result. */
export interface D1Result {
  results?: Row[];
  meta?: { changes?: number; last_row_id?: number };
}

/** Migration files by name (`{ '001_init.sql': '...' }`), or a function returning them (a file-system loader). */
export type MigrationSource = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

/** `FwConfig.database`: which database `app.db` talks to, and what it runs before first use. */
export interface DatabaseConfig {
  /**
   * The platform services that import drivers and read migration files (`nodeServices` from fw/node on Node and
   * Bun); `app.db` passes its app's. Without them, pass `driver` and `migrations` instead.
   */
  platform?: Platform;
  /** `file:`/`*.db`/`:memory:` (sqlite), `postgres://`, `mysql://`, or `d1:<binding>`. */
  url?: string;
  /** The engine; detected from `url` when absent. */
  type?: DatabaseType;
  /** Folder of `NNN_<name>.sql` files read by the Node/Bun loader (default `./migrations`). */
  migrationsDir?: string;
  /** Migrations as a map or loader; required where there is no file system (workers, bundled Lambda). */
  migrations?: MigrationSource;
  /** Run pending migrations before the first query of `app.db`. */
  autoMigrate?: boolean;
  /** The seed file: a key of the `migrations` map, else a path read from disk on Node/Bun; recorded by its base name. */
  seedFile?: string;
  /** Seed SQL given inline (instead of `seedFile`). */
  seed?: string;
  /** Load the seed once (tracked in the database) before the first query. */
  autoSeed?: boolean;
  /** The D1 binding object (`env.DB`); else the binding named by `d1:<name>` is taken from `bindEnv(env)`. */
  binding?: D1Binding;
  /** Postgres schema to work in (sets `search_path`); mysql takes the database from the URL. */
  schema?: string;
  /** Most pooled connections for postgres and mysql (default 10). */
  poolSize?: number;
  /** How long a sqlite/d1 operation waits for a running transaction, in ms (default 5000). */
  busyTimeout?: number;
  /** Prepared statements kept per connection (default 100). */
  statementCacheSize?: number;
  /** ms a migration waits for another instance's running migration (the lock) before failing (default 600000, 10 minutes). */
  migrationLockTimeout?: number;
  /** The driver module, imported by the app itself so a bundler includes it (`import postgres from 'postgres'`); default: imported by name on first use. */
  driver?: unknown;
  /** Options passed as they are to the driver (postgres, mysql2, or the sqlite driver's constructor). */
  driverOptions?: Record<string, unknown>;
}

/** An engine behind the `Database` facade: one per driver, loaded on first use. */
export interface Engine extends Queryable {
  readonly type: DatabaseType;
  /** The driver's own client (better-sqlite3 Database, postgres Sql, mysql2 Pool, D1 binding). */
  readonly raw: unknown;
  /** Runs `fn` in a transaction, optionally holding a named cross-process lock. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Runs statements atomically and returns each one's result. */
  batch(statements: Statement[]): Promise<ExecuteResult[]>;
  /**
   * Runs `fn` on one connection holding a named cross-process lock, each statement committing on its own. Engines
   * whose DDL is not transactional (mysql) have it: migrations there record their progress while they run.
   */
  withLock?<T>(fn: (conn: Queryable) => Promise<T>, options: LockOptions): Promise<T>;
  /**
   * Where the config names a schema (postgres): makes sure it exists, creating it when `create` (what migrations do),
   * else failing with `DB_NO_SCHEMA` naming it.
   */
  ensureSchema?(create: boolean): Promise<void>;
  /** Closes connections and pools. */
  close(): Promise<void>;
}
