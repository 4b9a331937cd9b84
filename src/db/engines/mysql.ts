import { SystemError } from '../../core/errors';
import { loadDriver } from '../driver';
import { databaseError } from '../errors';
import { normalizeParams } from '../params';
import { scopedTransaction } from '../scoped-tx';
import type { DatabaseConfig, Engine, ExecuteResult, Queryable, Row, SqlParam, Statement, Transaction, TransactionOptions } from '../types';
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
  const mod = await loadDriver<Mysql2 | { default: Mysql2 }>('mysql2/promise', 'mysql', config.driver);
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
  async transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    let connection: MysqlConnection;
    try {
      connection = await this.raw.getConnection();
    } catch (error) {
      throw databaseError('mysql', error);
    }
    const conn = on(connection);
    let healthy = true;
    let locked = false;
    const scope = scopedTransaction('mysql', conn);
    try {
      if (options.lock) {
        const [row] = await conn.query<{ got: number | null }>('SELECT GET_LOCK(?, 60) AS got', [options.lock]);
        if (Number(row?.got) !== 1) throw new SystemError(`mysql: could not take lock "${options.lock}" within 60 s`, { code: 'DB_BUSY', status: 503, retryable: true, details: { engine: 'mysql', code: 'DB_BUSY' } });
        locked = true;
      }
      await step(() => connection.beginTransaction());
      try {
        const result = await fn(scope.tx);
        await step(() => connection.commit());
        return result;
      } catch (error) {
        await connection.rollback().catch(() => { healthy = false; });
        throw error;
      }
    } finally {
      scope.end();
      if (locked) await conn.query('SELECT RELEASE_LOCK(?)', [options.lock!]).catch(() => { healthy = false; });
      if (healthy) connection.release();
      else connection.destroy();
    }
  }

  batch(statements: Statement[]): Promise<ExecuteResult[]> {
    return batchInTransaction(this, statements);
  }

  async close(): Promise<void> {
    await this.raw.end();
  }
}

async function step(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw databaseError('mysql', error);
  }
}
