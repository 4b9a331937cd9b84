import { SystemError } from '../../core/errors';
import { databaseError } from '../errors';
import { normalizeParams } from '../params';
import { isInsert } from '../scoped-tx';
import { StatementCache } from '../statement-cache';
import type { D1Binding, D1Prepared, DatabaseConfig, Engine, ExecuteResult, Row, SqlParam, Statement, Transaction } from '../types';

/** Wraps a D1 binding: prepared statements are cached and re-bound; `batch` is D1's atomic batch. */
export function openD1(binding: D1Binding, config: DatabaseConfig): Engine {
  return new D1Engine(binding, config);
}

class D1Engine implements Engine {
  readonly type = 'd1' as const;
  private readonly statements: StatementCache<D1Prepared>;

  constructor(
    readonly raw: D1Binding,
    config: DatabaseConfig,
  ) {
    this.statements = new StatementCache(config.statementCacheSize ?? 100);
  }

  async query<T extends Row = Row>(sql: string, params?: SqlParam[]): Promise<T[]> {
    const statement = this.bind(sql, params);
    try {
      return ((await statement.all()).results ?? []) as T[];
    } catch (error) {
      throw databaseError('d1', error);
    }
  }

  async execute(sql: string, params?: SqlParam[]): Promise<ExecuteResult> {
    const statement = this.bind(sql, params);
    try {
      return resultOf(sql, await statement.run());
    } catch (error) {
      throw databaseError('d1', error);
    }
  }

  /** D1 has no interactive transactions: this fails at once, pointing at `batch()`, which is atomic. */
  async transaction<T>(_fn: (tx: Transaction) => Promise<T>): Promise<T> {
    throw new SystemError('d1 has no interactive transactions: use db.batch([{ sql, params }, ...]), which D1 runs atomically', {
      errorId: crypto.randomUUID(),
      code: 'DB_UNSUPPORTED',
      details: { engine: 'd1', code: 'DB_UNSUPPORTED' },
    });
  }

  async batch(statements: Statement[]): Promise<ExecuteResult[]> {
    if (statements.length === 0) return [];
    const bound = statements.map((s) => this.bind(s.sql, s.params));
    try {
      const results = await this.raw.batch(bound);
      return results.map((r, i) => resultOf(statements[i].sql, r));
    } catch (error) {
      throw databaseError('d1', error);
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
  }

  private bind(sql: string, params: SqlParam[] | undefined): D1Prepared {
    const values = normalizeParams(params, 'd1');
    try {
      const prepared = this.statements.get(sql, (text) => this.raw.prepare(text));
      return values.length > 0 ? prepared.bind(...values) : prepared;
    } catch (error) {
      throw databaseError('d1', error);
    }
  }
}

function resultOf(sql: string, result: { meta?: { changes?: number; last_row_id?: number } }): ExecuteResult {
  const changes = result.meta?.changes ?? 0;
  const id = result.meta?.last_row_id;
  return { changes, lastInsertId: changes > 0 && isInsert(sql) && typeof id === 'number' ? id : null };
}
