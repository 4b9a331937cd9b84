import type { DatabaseType, Queryable } from '../types';
import { repairAdvice, statementFailure } from './failures';
import { needsToRun, type MigrationStep } from './step';

/** Whether the engine can roll back schema changes (sqlite, postgres, d1's atomic batch); MySQL/MariaDB commit each DDL statement as it runs. */
export function hasTransactionalDdl(engine: DatabaseType): boolean {
  return engine !== 'mysql';
}

/**
 * Runs a step where DDL is not transactional, on a connection that holds the migration lock and commits each
 * statement as it runs. The history row is written first (`applying`/`reverting`) and finished last, and a failing
 * statement marks it `failed`: a step that failed or whose process died is never run again until `repair()`.
 */
export async function runTracked(conn: Queryable, engine: DatabaseType, step: MigrationStep): Promise<boolean> {
  if (!(await needsToRun(conn, engine, step))) return false;
  const now = new Date().toISOString();
  if (step.direction === 'up')
    await conn.execute(`INSERT INTO ${step.table} (name, applied_at, state) VALUES (?, ?, 'applying')`, [step.name, now]);
  else await conn.execute(`UPDATE ${step.table} SET state = 'reverting', applied_at = ? WHERE name = ?`, [now, step.name]);
  for (let i = 0; i < step.statements.length; i++) {
    try {
      await conn.execute(step.statements[i].sql);
    } catch (error) {
      // If even this write fails (the connection is gone), the row keeps its `applying`/`reverting` state, which blocks reruns the same way.
      await conn.execute(`UPDATE ${step.table} SET state = 'failed' WHERE name = ?`, [step.name]).catch(() => undefined);
      throw statementFailure(engine, step.label, i, step.statements[i], error, keptAdvice(step, i));
    }
  }
  if (step.direction === 'up')
    await conn.execute(`UPDATE ${step.table} SET state = 'applied', applied_at = ? WHERE name = ?`, [new Date().toISOString(), step.name]);
  else await conn.execute(`DELETE FROM ${step.table} WHERE name = ?`, [step.name]);
  return true;
}

/** What is left after statement `index` failed, and what to do about it. */
function keptAdvice(step: MigrationStep, index: number): string {
  const part = step.direction === 'up' ? 'it' : 'its down part';
  const kept =
    index === 0
      ? `nothing of ${part} ran before this statement`
      : `${index === 1 ? 'statement 1' : `statements 1-${index}`} of ${part} ${index === 1 ? 'stays' : 'stay'} applied (MySQL commits each statement as it runs)`;
  return `${kept}; it is recorded as failed in ${step.table} and will not run again by itself: ${repairAdvice(step.label)}`;
}
