import { SystemError } from '../core/errors';
import type { Queryable, Transaction } from './types';

/** A transaction handle that refuses work once its transaction has ended, instead of running it outside. */
export function scopedTransaction(engine: string, target: Queryable): { tx: Transaction; end(): void } {
  let open = true;
  const check = (): void => {
    if (!open)
      throw new SystemError(`${engine}: this transaction has already finished; run the query on db instead`, {
        errorId: crypto.randomUUID(),
        code: 'DB_TX_FINISHED',
        details: { engine, code: 'DB_TX_FINISHED' },
      });
  };
  return {
    tx: {
      query: async (sql, params) => {
        check();
        return target.query(sql, params);
      },
      execute: async (sql, params) => {
        check();
        return target.execute(sql, params);
      },
    },
    end: () => {
      open = false;
    },
  };
}

/** Whether a statement is an INSERT (or REPLACE), the only kind whose generated id means anything. */
export function isInsert(sql: string): boolean {
  return /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|replace)\b/i.test(sql);
}
