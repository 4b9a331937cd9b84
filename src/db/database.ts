import { SystemError } from '../core/errors';
import type { PlatformHolder } from '../core/platform';
import { assertDatabaseType, d1BindingName, detectDatabaseType } from './detect';
import { databaseError } from './errors';
import type { Migrator } from './migrations/migrator';
import { checkLockTimeout } from './lock-timeout';
import { platformFiles } from './platform-files';
import type {
  D1Binding,
  DatabaseConfig,
  DatabaseType,
  Engine,
  ExecuteResult,
  LockOptions,
  MigrationSource,
  Queryable,
  Row,
  SqlParam,
  Statement,
  Transaction,
  TransactionOptions,
} from './types';

/**
 * `app.db`: one query API over sqlite, postgres, mysql and d1. Nothing connects until the first query; then the
 * engine's driver is imported, and `autoMigrate`/`autoSeed` run once before that query. `close()` ends the pool
 * (the next query reconnects).
 */
export class Database implements Queryable {
  readonly type: DatabaseType;
  readonly url: string;
  private config: DatabaseConfig;
  private engineValue: Engine | null = null;
  private enginePromise: Promise<Engine> | null = null;
  private readyPromise: Promise<Engine> | null = null;
  private env: Record<string, unknown> | null = null;

  constructor(config: DatabaseConfig) {
    if (!config || typeof config !== 'object') throw new TypeError('The database config must be an object with a url and/or type');
    if (config.url !== undefined && typeof config.url !== 'string') throw new TypeError('The database url must be a string');
    if (config.type !== undefined) assertDatabaseType(config.type);
    const type = config.type ?? (config.url ? detectDatabaseType(config.url) : config.binding ? 'd1' : undefined);
    if (!type)
      throw new TypeError('The database config needs a url (file:, *.db, :memory:, postgres://, mysql://, d1:<binding>) or a type');
    this.type = type;
    this.url = config.url ?? (type === 'sqlite' ? ':memory:' : type === 'd1' ? 'd1:binding' : '');
    if (!this.url && (type === 'postgres' || type === 'mysql')) throw new TypeError(`A ${type} database needs a url`);
    if (type === 'd1' && !config.binding) d1BindingName(this.url);
    checkLockTimeout(config.migrationLockTimeout, 'migrationLockTimeout');
    this.config = config;
  }

  /** The driver's own client once connected (better-sqlite3 Database, postgres Sql, mysql2 Pool, D1 binding), else null. */
  get raw(): unknown {
    return this.engineValue?.raw ?? null;
  }

  /** Whether a connection is open. */
  get connected(): boolean {
    return this.engineValue !== null;
  }

  /** The platform services this database imports drivers and reads migration files with (`config.platform`). */
  get platform(): DatabaseConfig['platform'] {
    return this.config.platform;
  }

  /** Takes the platform services of the app it serves when it was made without its own (what `app.db` does). */
  adoptPlatform(app: PlatformHolder): this {
    if (!this.config.platform && app.platform) this.config = { ...this.config, platform: app.platform };
    return this;
  }

  /** Hands over the worker env, where the binding of a `d1:<name>` URL is found. */
  bindEnv(env: unknown): this {
    if (env && typeof env === 'object') this.env = env as Record<string, unknown>;
    return this;
  }

  /** Connects now and runs `autoMigrate`/`autoSeed` (the first query does this by itself). */
  async connect(): Promise<this> {
    await this.ready();
    return this;
  }

  async query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]> {
    assertSql(sql);
    return (await this.ready()).query<T>(sql, params);
  }

  async execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult> {
    assertSql(sql);
    return (await this.ready()).execute(sql, params);
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (the error is rethrown as is). */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T> {
    if (typeof fn !== 'function') throw new TypeError('transaction() needs a function (tx) => Promise');
    return (await this.ready()).transaction(fn, options);
  }

  /** Runs statements atomically (D1's batch; a transaction elsewhere) and returns each one's result. */
  async batch(statements: Statement[]): Promise<ExecuteResult[]> {
    if (!Array.isArray(statements)) throw new TypeError('batch() needs a list of { sql, params } statements');
    statements.forEach((s) => assertSql(s?.sql));
    return (await this.ready()).batch(statements);
  }

  /**
   * Runs `fn` on one connection holding a named cross-process lock, each statement committing as it runs (mysql only:
   * what migrations use where DDL is not transactional; elsewhere use `transaction(fn, { lock })`).
   */
  async withLock<T>(fn: (conn: Queryable) => Promise<T>, options: LockOptions): Promise<T> {
    if (typeof fn !== 'function') throw new TypeError('withLock() needs a function (conn) => Promise');
    const engine = await this.ready();
    if (!engine.withLock) {
      throw new SystemError(
        `${this.type}: withLock() is for engines without transactional DDL (mysql); use transaction(fn, { lock }) here`,
        {
          errorId: crypto.randomUUID(),
          code: 'DB_UNSUPPORTED',
          details: { engine: this.type, code: 'DB_UNSUPPORTED' },
        },
      );
    }
    return engine.withLock(fn, options);
  }

  /** A Migrator over this database, with the configured migrations (or the Node/Bun reader of `migrationsDir`) and `migrationLockTimeout`. */
  async migrator(options: { migrations?: MigrationSource; table?: string; lockTimeout?: number } = {}): Promise<Migrator> {
    const { Migrator } = await import('./migrations/migrator');
    const migrations = options.migrations ?? (await this.migrationSource());
    const lockTimeout = options.lockTimeout ?? this.config.migrationLockTimeout;
    return new Migrator(() => this.engine(), { migrations, table: options.table, ignore: this.seedName(), lockTimeout });
  }

  /** Loads the configured seed (`seed` text or `seedFile`) once; true when it ran now. */
  async seed(): Promise<boolean> {
    const name = this.seedName()[0] ?? 'inline';
    const sql = await this.seedText();
    if (sql === null) throw new TypeError('No seed configured: set `seed` (SQL text) or `seedFile` in the database config');
    return (await this.migrator()).seed(name, sql);
  }

  /** Connects without the auto steps; what the Migrator and `raw` users need. */
  engine(): Promise<Engine> {
    return (this.enginePromise ??= this.open().then(
      (engine) => (this.engineValue = engine),
      (error) => {
        this.enginePromise = null;
        throw databaseError(this.type, error);
      },
    ));
  }

  /** Closes the pool or file; a later query connects again. */
  async close(): Promise<void> {
    const pending = this.enginePromise;
    this.enginePromise = null;
    this.readyPromise = null;
    this.engineValue = null;
    if (!pending) return;
    const engine = await pending.catch(() => null);
    if (this.engineValue === engine) this.engineValue = null;
    await engine?.close();
  }

  private ready(): Promise<Engine> {
    return (this.readyPromise ??= this.prepare().catch((error) => {
      this.readyPromise = null;
      throw error;
    }));
  }

  private async prepare(): Promise<Engine> {
    const engine = await this.engine();
    if (this.config.autoMigrate) await (await this.migrator()).up();
    else await engine.ensureSchema?.(false);
    if (this.config.autoSeed) await this.seed();
    return engine;
  }

  private async open(): Promise<Engine> {
    switch (this.type) {
      case 'sqlite':
        return (await import('./engines/sqlite')).openSqlite(this.config, this.url);
      case 'postgres':
        return (await import('./engines/postgres')).openPostgres(this.config, this.url);
      case 'mysql':
        return (await import('./engines/mysql')).openMysql(this.config, this.url);
      case 'd1':
        return (await import('./engines/d1')).openD1(this.d1Binding(), this.config);
    }
  }

  private d1Binding(): D1Binding {
    if (this.config.binding) return this.config.binding;
    const name = d1BindingName(this.url);
    const binding = this.env?.[name] as D1Binding | undefined;
    if (!binding || typeof binding.prepare !== 'function') {
      throw new SystemError(
        `${this.url}: no D1 binding named "${name}" found; pass \`binding: env.${name}\` in the config, or call db.bindEnv(env) (the bindDatabaseEnv() middleware does it per request)`,
        {
          errorId: crypto.randomUUID(),
          code: 'DB_NO_BINDING',
          details: { engine: 'd1', code: 'DB_NO_BINDING', binding: name },
        },
      );
    }
    return binding;
  }

  private async migrationSource(): Promise<MigrationSource> {
    if (this.config.migrations !== undefined) return this.config.migrations;
    return (await platformFiles(this.config)).migrationsFromDir(this.config.migrationsDir ?? './migrations');
  }

  private seedName(): string[] {
    const file = this.config.seedFile;
    return file ? [file.slice(file.lastIndexOf('/') + 1)] : [];
  }

  private async seedText(): Promise<string | null> {
    if (typeof this.config.seed === 'string') return this.config.seed;
    const file = this.config.seedFile;
    if (!file) return null;
    const migrations = this.config.migrations;
    if (migrations !== undefined) {
      const files = typeof migrations === 'function' ? await migrations() : migrations;
      const base = this.seedName()[0];
      const key = Object.keys(files).find((k) => k === file || k.slice(k.lastIndexOf('/') + 1) === base);
      if (key !== undefined) return files[key];
    }
    return (await platformFiles(this.config)).readSeedFile(file);
  }
}

/** Creates the `Database` of a config (what `app.db` is); pass it as `database` where bundles drop unused modules. */
export function createDatabase(config: DatabaseConfig): Database {
  return new Database(config);
}

function assertSql(sql: unknown): asserts sql is string {
  if (typeof sql !== 'string' || sql.trim() === '') throw new TypeError('A query needs SQL text (a non-empty string)');
}
