import { sqlitePath } from '../detect';
import { loadDriver } from '../driver';
import { databaseError } from '../errors';
import { Mutex } from '../mutex';
import { normalizeParams } from '../params';
import { isInsert, scopedTransaction } from '../scoped-tx';
import { StatementCache } from '../statement-cache';
import type { DatabaseConfig, Engine, ExecuteResult, Row, SqlParam, Statement, Transaction, TransactionOptions } from '../types';
import { batchInTransaction } from './batch';

/** The part of a better-sqlite3 or bun:sqlite statement fw uses. */
interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  reader?: boolean;
  columnNames?: string[];
}

/** The part of a better-sqlite3 or bun:sqlite database fw uses. */
interface SqliteDriver {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  close(): void;
  readonly inTransaction?: boolean;
}

type SqliteConstructor = new (path: string, options?: Record<string, unknown>) => SqliteDriver;

/** Opens a sqlite file: better-sqlite3 on Node, bun:sqlite on Bun (both synchronous, one connection). */
export async function openSqlite(config: DatabaseConfig, url: string): Promise<Engine> {
  const onBun = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';
  const path = sqlitePath(url);
  let driver: SqliteDriver;
  try {
    type SqliteModule = SqliteConstructor | { default?: SqliteConstructor; Database?: SqliteConstructor };
    const mod = await loadDriver<SqliteModule>(onBun ? 'bun:sqlite' : 'better-sqlite3', 'sqlite', config.driver);
    const Driver = typeof mod === 'function' ? mod : (mod.Database ?? mod.default)!;
    const options = onBun ? { create: true } : { timeout: config.busyTimeout ?? 5000 };
    driver = new Driver(path, { ...options, ...config.driverOptions });
    driver.exec(`PRAGMA busy_timeout = ${Math.floor(config.busyTimeout ?? 5000)}`);
    driver.exec('PRAGMA foreign_keys = ON');
    if (path !== ':memory:') driver.exec('PRAGMA journal_mode = WAL');
  } catch (error) {
    throw databaseError('sqlite', error, { path });
  }
  return new SqliteEngine(driver, config);
}

class SqliteEngine implements Engine {
  readonly type = 'sqlite' as const;
  private readonly statements: StatementCache<SqliteStatement>;
  private readonly mutex: Mutex;
  private readonly direct: Transaction;

  constructor(
    readonly raw: SqliteDriver,
    config: DatabaseConfig,
  ) {
    this.statements = new StatementCache(config.statementCacheSize ?? 100);
    this.mutex = new Mutex(config.busyTimeout ?? 5000, 'sqlite');
    this.direct = {
      query: async (sql, params) => this.runQuery(sql, params) as never,
      execute: async (sql, params) => this.runExecute(sql, params),
    };
  }

  query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.mutex.run(async () => this.runQuery(sql, params) as T[]);
  }

  execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult> {
    return this.mutex.run(async () => this.runExecute(sql, params));
  }

  /** Runs `fn` inside BEGIN IMMEDIATE (the write lock, held across processes, so `options.lock` needs nothing more). */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    return this.mutex.run(async () => {
      this.exec('BEGIN IMMEDIATE');
      const scope = scopedTransaction('sqlite', this.direct);
      try {
        const result = await fn(scope.tx);
        this.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.raw.inTransaction !== false) this.rollback();
        throw error;
      } finally {
        scope.end();
      }
    });
  }

  batch(statements: Statement[]): Promise<ExecuteResult[]> {
    return batchInTransaction(this, statements);
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.raw.close();
  }

  private rollback(): void {
    try {
      this.raw.exec('ROLLBACK');
    } catch {
      // sqlite already rolled back on its own (some errors end the transaction); the original error is what matters.
    }
  }

  private exec(sql: string): void {
    try {
      this.raw.exec(sql);
    } catch (error) {
      throw databaseError('sqlite', error);
    }
  }

  private prepare(sql: string): SqliteStatement {
    return this.statements.get(sql, (text) => this.raw.prepare(text));
  }

  private runQuery(sql: string, params: SqlParam[] | undefined): Row[] {
    const values = normalizeParams(params, 'sqlite');
    try {
      const statement = this.prepare(sql);
      const returnsRows = statement.reader ?? (statement.columnNames?.length ?? 0) > 0;
      if (!returnsRows) {
        statement.run(...values);
        return [];
      }
      return statement.all(...values) as Row[];
    } catch (error) {
      throw databaseError('sqlite', error);
    }
  }

  private runExecute(sql: string, params: SqlParam[] | undefined): ExecuteResult {
    const values = normalizeParams(params, 'sqlite');
    try {
      const statement = this.prepare(sql);
      const { changes, lastInsertRowid } = statement.run(...values);
      return { changes, lastInsertId: changes > 0 && isInsert(sql) ? Number(lastInsertRowid) : null };
    } catch (error) {
      throw databaseError('sqlite', error);
    }
  }
}
