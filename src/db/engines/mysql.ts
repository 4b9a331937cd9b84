import { SystemError } from '../../core/errors';
import { loadDriver } from '../driver';
import { databaseError } from '../errors';
import { normalizeParams } from '../params';
import { scopedTransaction } from '../scoped-tx';
import { checkLockTimeout, lockTimeoutError } from '../lock-timeout';
import type {
  DatabaseConfig,
  Engine,
  ExecuteResult,
  LockOptions,
  Queryable,
  Row,
  SqlParam,
  Statement,
  Transaction,
  TransactionOptions,
} from '../types';
import { batchInTransaction } from './batch';

/** What mysql2 answers: rows for reads, a header with counts for writes. */
type MysqlResult = [Row[] | { affectedRows?: number; insertId?: number | string }, unknown];

/** The part of a mysql2/promise pool connection or pool fw uses. */
interface MysqlClient {
  query(sql: string, params?: unknown[]): Promise<MysqlResult>;
  execute(sql: string, params?: unknown[]): Promise<MysqlResult>;
}

interface MysqlConnection extends MysqlClient {
  beginTransaction(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  release(): void;
  destroy(): void;
}

interface MysqlPool extends MysqlClient {
  getConnection(): Promise<MysqlConnection>;
  end(): Promise<void>;
}

/** Connects a mysql2 pool (MySQL or MariaDB); statements with parameters use the driver's per-connection prepared-statement cache. */
export async function openMysql(config: DatabaseConfig, url: string): Promise<Engine> {
  type Mysql2 = { createPool(options: Record<string, unknown>): MysqlPool };
  const mod = await loadDriver<Mysql2 | { default: Mysql2 }>(config, 'mysql2/promise', 'mysql', config.driver);
  const mysql = 'createPool' in mod ? mod : mod.default;
  const pool = mysql.createPool({
    uri: url.replace(/^mariadb:/i, 'mysql:'),
    connectionLimit: config.poolSize ?? 10,
    maxPreparedStatements: config.statementCacheSize ?? 100,
    supportBigNumbers: true,
    connectTimeout: 10_000,
    ...config.driverOptions,
  });
  return new MysqlEngine(pool);
}

/** Runs statements on a pool or connection: prepared (`execute`) with parameters, text protocol (`query`) without, so DDL and triggers work. */
function on(client: MysqlClient): Queryable {
  const run = async (sql: string, params: SqlParam[] | undefined) => {
    const values = normalizeParams(params, 'mysql');
    try {
      const [result] = values.length > 0 ? await client.execute(sql, values) : await client.query(sql);
      return result;
    } catch (error) {
      throw databaseError('mysql', error);
    }
  };
  return {
    query: async (sql, params) => {
      const result = await run(sql, params);
      return (Array.isArray(result) ? result : []) as never;
    },
    async execute(sql, params) {
      const result = await run(sql, params);
      if (Array.isArray(result)) return { changes: 0, lastInsertId: null };
      const id = result.insertId;
      return { changes: result.affectedRows ?? 0, lastInsertId: id === undefined || id === 0 || id === '0' ? null : id };
    },
  };
}

class MysqlEngine implements Engine {
  readonly type = 'mysql' as const;
  private readonly client: Queryable;

  constructor(readonly raw: MysqlPool) {
    this.client = on(raw);
  }

  query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.client.query<T>(sql, params);
  }

  execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult> {
    return this.client.execute(sql, params);
  }

  /** Runs `fn` on one pooled connection; `options.lock` holds GET_LOCK for the whole transaction. The connection always goes back. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return this.onConnection(options, async (connection, tx, broken) => {
      await step(() => connection.beginTransaction());
      try {
        const result = await fn(tx);
        await step(() => connection.commit());
        return result;
      } catch (error) {
        await connection.rollback().catch(broken);
        throw error;
      }
    });
  }

  /** Runs `fn` on one pooled connection holding GET_LOCK, outside any transaction: each statement commits as it runs. */
  withLock<T>(fn: (conn: Queryable) => Promise<T>, options: LockOptions): Promise<T> {
    if (!options?.lock) throw new TypeError('withLock() needs a lock name');
    return this.onConnection(options, (_connection, conn) => fn(conn));
  }

  batch(statements: Statement[]): Promise<ExecuteResult[]> {
    return batchInTransaction(this, statements);
  }

  async close(): Promise<void> {
    await this.raw.end();
  }

  /**
   * Lends one pooled connection to `work`, holding the named lock (scoped to the current database) around it when one
   * is asked for. A connection found broken (`work` calls `broken`, or the lock cannot be released) is destroyed
   * instead of going back to the pool.
   */
  private async onConnection<T>(
    options: TransactionOptions,
    work: (connection: MysqlConnection, conn: Queryable, broken: () => void) => Promise<T>,
  ): Promise<T> {
    const wait = checkLockTimeout(options.lockTimeout, 'lockTimeout');
    let connection: MysqlConnection;
    try {
      connection = await this.raw.getConnection();
    } catch (error) {
      throw databaseError('mysql', error);
    }
    const conn = on(connection);
    const scope = scopedTransaction('mysql', conn);
    let healthy = true;
    let locked = false;
    try {
      if (options.lock) {
        const [row] = await conn.query<{ got: number | null }>(`SELECT GET_LOCK(${LOCK_NAME}, ?) AS got`, [options.lock, wait / 1000]);
        if (row?.got === null || row?.got === undefined)
          throw new SystemError(`mysql: GET_LOCK failed for lock "${options.lock}"`, {
            errorId: crypto.randomUUID(),
            code: 'DB_ERROR',
            details: { engine: 'mysql', code: null },
          });
        if (Number(row.got) !== 1) throw lockTimeoutError('mysql', options.lock, wait);
        locked = true;
      }
      return await work(connection, scope.tx, () => {
        healthy = false;
      });
    } finally {
      scope.end();
      if (locked)
        await conn.query(`SELECT RELEASE_LOCK(${LOCK_NAME})`, [options.lock!]).catch(() => {
          healthy = false;
        });
      if (healthy) connection.release();
      else connection.destroy();
    }
  }
}

/** GET_LOCK names are server-wide and at most 64 characters: the name is scoped to the current database and hashed. */
const LOCK_NAME = "CONCAT('fw:', MD5(CONCAT_WS('/', DATABASE(), ?)))";

async function step(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw databaseError('mysql', error);
  }
}
