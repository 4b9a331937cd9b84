import { sqlitePath } from '../detect';
import { databaseError } from '../errors';
import { Mutex } from '../mutex';
import { normalizeParams } from '../params';
import { isInsert, scopedTransaction } from '../scoped-tx';
import { StatementCache } from '../statement-cache';
import type { DatabaseConfig, Engine, ExecuteResult, Row, SqlParam, Statement, Transaction, TransactionOptions } from '../types';
import { batchInTransaction } from './batch';
import { type OpenedSqlite, openSqliteDriver } from './sqlite-driver';
import type { SqliteDriver, SqliteStatement } from './sqlite-types';

/**
 * Opens a sqlite file on one synchronous connection: bun:sqlite on Bun; on Node node:sqlite, better-sqlite3 or
 * node-sqlite3-wasm (the first that loads, or `config.driver`).
 */
export async function openSqlite(config: DatabaseConfig, url: string): Promise<Engine> {
  const path = sqlitePath(url);
  let opened: OpenedSqlite;
  try {
    opened = await openSqliteDriver(config, path);
    const { driver } = opened;
    driver.exec(`PRAGMA busy_timeout = ${Math.floor(config.busyTimeout ?? 5000)}`);
    driver.exec('PRAGMA foreign_keys = ON');
    if (path !== ':memory:') driver.exec('PRAGMA journal_mode = WAL'); // node-sqlite3-wasm keeps its rollback journal
  } catch (error) {
    throw databaseError('sqlite', error, { path });
  }
  return new SqliteEngine(opened.driver, opened.raw, config);
}

class SqliteEngine implements Engine {
  readonly type = 'sqlite' as const;
  private readonly statements: StatementCache<SqliteStatement>;
  private readonly mutex: Mutex;
  private readonly direct: Transaction;

  constructor(
    private readonly driver: SqliteDriver,
    readonly raw: unknown,
    config: DatabaseConfig,
  ) {
    this.statements = new StatementCache(config.statementCacheSize ?? 100, (statement) => statement.finalize?.());
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
        if (this.driver.inTransaction !== false) this.rollback();
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
    this.driver.close();
  }

  private rollback(): void {
    try {
      this.driver.exec('ROLLBACK');
    } catch {
      // sqlite already rolled back on its own (some errors end the transaction); the original error is what matters.
    }
  }

  private exec(sql: string): void {
    try {
      this.driver.exec(sql);
    } catch (error) {
      throw databaseError('sqlite', error);
    }
  }

  private prepare(sql: string): SqliteStatement {
    return this.statements.get(sql, (text) => this.driver.prepare(text));
  }

  private runQuery(sql: string, params: SqlParam[] | undefined): Row[] {
    const values = normalizeParams(params, 'sqlite');
    try {
      const statement = this.prepare(sql);
      // better-sqlite3 says whether a statement returns rows; bun:sqlite lists its columns; node:sqlite and
      // node-sqlite3-wasm run any statement through all().
      const returnsRows = statement.reader ?? (statement.columnNames ? statement.columnNames.length > 0 : true);
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
