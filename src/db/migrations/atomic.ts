import { databaseError } from '../errors';
import type { DatabaseType, ExecuteResult, Queryable, Statement } from '../types';
import { statementFailure } from './failures';
import { finalRecord, needsToRun, type MigrationStep } from './step';

/**
 * Runs a step inside a transaction that already holds the migration lock (engines with transactional DDL: sqlite,
 * postgres): its statements and its history write commit together, so a failure leaves nothing of it.
 */
export async function runInTransaction(tx: Queryable, engine: DatabaseType, step: MigrationStep): Promise<boolean> {
  if (!(await needsToRun(tx, engine, step))) return false;
  for (let i = 0; i < step.statements.length; i++) {
    try {
      await tx.execute(step.statements[i].sql);
    } catch (error) {
      throw statementFailure(engine, step.label, i, step.statements[i], error, 'nothing of it was applied');
    }
  }
  const record = finalRecord(step);
  await tx.execute(record.sql, record.params);
  return true;
}

/** What a D1 step needs: queries and the atomic batch. */
interface BatchTarget extends Queryable {
  batch(statements: Statement[]): Promise<ExecuteResult[]>;
}

/**
 * D1 has no interactive transactions: the history write leads one atomic batch (a duplicate record fails the whole
 * batch before any change). On failure, prefixes of the batch are replayed with a closing statement that always
 * fails, so nothing is kept and the first failing statement is found.
 */
export async function runAsBatch(db: BatchTarget, step: MigrationStep): Promise<boolean> {
  if (!(await needsToRun(db, 'd1', step))) return false;
  const record = finalRecord(step);
  const batch = (count: number, probe: Statement[] = []) =>
    db.batch([record, ...step.statements.slice(0, count).map((s) => ({ sql: s.sql })), ...probe]);
  try {
    await batch(step.statements.length);
    return true;
  } catch (error) {
    if (!(await needsToRun(db, 'd1', step))) return false;
    const probe = [{ sql: `SELECT * FROM fw_failing_probe_${Date.now()}` }];
    for (let i = 0; i < step.statements.length; i++) {
      try {
        await batch(i + 1, probe);
      } catch (replayError) {
        if (!/fw_failing_probe_/.test((replayError as Error).message))
          throw statementFailure('d1', step.label, i, step.statements[i], replayError, 'nothing of it was applied');
      }
    }
    throw databaseError('d1', error, { migration: step.label });
  }
}
