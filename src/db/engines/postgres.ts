import { SystemError } from '../../core/errors';
import { loadDriver } from '../driver';
import { databaseError } from '../errors';
import { normalizeParams } from '../params';
import { toDollarPlaceholders } from '../placeholders';
import { isInsert, scopedTransaction } from '../scoped-tx';
import { checkLockTimeout, lockTimeoutError } from '../lock-timeout';
import type { DatabaseConfig, Engine, ExecuteResult, Queryable, Row, SqlParam, Statement, Transaction, TransactionOptions } from '../types';
import { batchInTransaction } from './batch';

/** The part of a `postgres` (porsager) client fw uses; a transaction's client has the same shape. */
interface PgSql {
  unsafe(sql: string, params?: unknown[], options?: { prepare?: boolean }): Promise<Row[] & { count?: number }>;
  begin<T>(fn: (tx: PgSql) => Promise<T>): Promise<T>;
  end(options?: { timeout?: number }): Promise<void>;
}

type PgFactory = (url: string, options: Record<string, unknown>) => PgSql;

/** Integers arrive as numbers when they fit, bigints beyond 2^53 (postgres sends int8 as text). */
const int8 = {
  to: 20,
  from: [20],
  serialize: (value: unknown) => String(value),
  parse: (text: string) => {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  },
};

/**
 * JSON and jsonb parameters: fw sends plain objects and arrays as JSON text (src/db/params.ts), so text bound to a
 * json/jsonb parameter is that JSON as it is (the driver's default would quote it into a JSON string).
 */
const json = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text),
};

/** Connects a pool with the `postgres` driver; statements are prepared and cached per connection by the driver. */
export async function openPostgres(config: DatabaseConfig, url: string): Promise<Engine> {
  const mod = await loadDriver<PgFactory | { default: PgFactory }>(config, 'postgres', 'postgres', config.driver);
  const postgres = typeof mod === 'function' ? mod : mod.default;
  const sql = postgres(url, {
    max: config.poolSize ?? 10,
    prepare: true,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => undefined,
    types: { int8, json },
    ...(config.schema ? { connection: { search_path: quoteIdentifier(config.schema) } } : {}),
    ...config.driverOptions,
  });
  return new PostgresEngine(sql, config.schema);
}

/** Runs a query on a client, with `?` renumbered and the driver's errors turned into SystemErrors. */
function on(client: PgSql): Queryable {
  const run = async (text: string, params: SqlParam[] | undefined) => {
    const values = normalizeParams(params, 'postgres');
    try {
      return await client.unsafe(toDollarPlaceholders(text), values, { prepare: values.length > 0 });
    } catch (error) {
      throw databaseError('postgres', error);
    }
  };
  return {
    query: async (text, params) => [...(await run(text, params))] as never,
    async execute(text, params) {
      const rows = await run(text, params);
      const first = isInsert(text) ? rows[0] : undefined;
      const id = first && 'id' in first ? first.id : null;
      return {
        changes: rows.count ?? rows.length,
        lastInsertId: typeof id === 'number' || typeof id === 'string' ? id : id === null ? null : String(id),
      };
    },
  };
}

class PostgresEngine implements Engine {
  readonly type = 'postgres' as const;
  private readonly client: Queryable;

  constructor(
    readonly raw: PgSql,
    private readonly schema?: string,
  ) {
    this.client = on(raw);
  }

  /** Makes sure `database.schema` exists: created (quoted, IF NOT EXISTS) when `create`, else a `DB_NO_SCHEMA` error naming it. */
  async ensureSchema(create: boolean): Promise<void> {
    const schema = this.schema;
    if (!schema) return;
    if ((await this.query('SELECT 1 AS found FROM pg_namespace WHERE nspname = ?', [schema])).length > 0) return;
    if (create) {
      await this.execute(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
      return;
    }
    throw new SystemError(
      `postgres: the schema "${schema}" (database.schema) does not exist: create it (CREATE SCHEMA ${quoteIdentifier(schema)}), or migrate (autoMigrate, fw migrate up), which creates it`,
      { errorId: crypto.randomUUID(), code: 'DB_NO_SCHEMA', details: { engine: 'postgres', code: 'DB_NO_SCHEMA', schema } },
    );
  }

  query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]> {
    return this.client.query<T>(sql, params);
  }

  execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult> {
    return this.client.execute(sql, params);
  }

  /**
   * Runs `fn` on one reserved connection; `options.lock` first takes a transaction-scoped advisory lock (scoped to the
   * current schema), waiting at most `lockTimeout` ms (postgres's `lock_timeout`, set for that wait only).
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const wait = checkLockTimeout(options.lockTimeout, 'lockTimeout');
    let thrownByFn: { error: unknown } | null = null;
    try {
      return await this.raw.begin(async (raw) => {
        const scope = scopedTransaction('postgres', on(raw));
        try {
          if (options.lock) await advisoryLock(scope.tx, options.lock, wait);
          return await fn(scope.tx);
        } catch (error) {
          thrownByFn = { error };
          throw error;
        } finally {
          scope.end();
        }
      });
    } catch (error) {
      if (thrownByFn !== null && (thrownByFn as { error: unknown }).error === error) throw error;
      throw databaseError('postgres', error);
    }
  }

  batch(statements: Statement[]): Promise<ExecuteResult[]> {
    return batchInTransaction(this, statements);
  }

  async close(): Promise<void> {
    await this.raw.end({ timeout: 5 });
  }
}

/** Takes a transaction-scoped advisory lock within `ms`; the session's own `lock_timeout` is put back once it is held. */
async function advisoryLock(tx: Queryable, lock: string, ms: number): Promise<void> {
  const [{ previous }] = await tx.query<{ previous: string }>("SELECT current_setting('lock_timeout') AS previous");
  await tx.query("SELECT set_config('lock_timeout', ?, true)", [`${Math.ceil(ms)}ms`]);
  try {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(COALESCE(current_schema(), '') || '/' || ?))", [lock]);
  } catch (error) {
    if ((error as { details?: { code?: unknown } }).details?.code === LOCK_NOT_AVAILABLE)
      throw lockTimeoutError('postgres', lock, ms, error);
    throw error;
  }
  await tx.query("SELECT set_config('lock_timeout', ?, true)", [previous]);
}

/** An identifier in double quotes, its own double quotes doubled, so any schema name is one name. */
function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** SQLSTATE of a lock wait that ran past `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';
