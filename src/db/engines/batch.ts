import type { ExecuteResult, Statement, Transaction } from '../types';

/** What `batchInTransaction` needs of an engine: a transaction that hands out a query surface. */
interface Transactional {
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** Runs statements in order inside one transaction (all or nothing): the batch of engines without a native one. */
export function batchInTransaction(engine: Transactional, statements: Statement[]): Promise<ExecuteResult[]> {
  return engine.transaction(async (tx) => {
    const results: ExecuteResult[] = [];
    for (const s of statements) results.push(await tx.execute(s.sql, s.params));
    return results;
  });
}
