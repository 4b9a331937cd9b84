import { SystemError } from '../../core/errors';
import { driverCode } from '../errors';
import type { DatabaseType } from '../types';
import type { MigrationStatement } from './file';
import type { HistoryEntry } from './history';

/** What the user does after a half-applied migration, the same words everywhere. */
export function repairAdvice(label: string): string {
  return `bring the database back by hand to how it was before ${label}, then run \`fw migrate repair\` (Migrator.repair()); the next migrate runs it again`;
}

/** The error for a failed migration statement: which migration, which statement, which line, the driver's words, and what is left of it. */
export function statementFailure(
  engine: DatabaseType,
  label: string,
  index: number,
  statement: MigrationStatement,
  error: unknown,
  kept: string,
): SystemError {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new SystemError(`Migration ${label} failed at statement ${index + 1} (line ${statement.line}): ${reason}; ${kept}`, {
    errorId: crypto.randomUUID(),
    code: 'MIGRATION_FAILED',
    details: {
      engine,
      code: driverCode(cause),
      migration: label,
      statement: index + 1,
      line: statement.line,
      sql: statement.sql.slice(0, 500),
    },
    cause: error,
  });
}

/** The error for an unfinished history entry (it failed, or its process died mid-way): it is never run again until repaired. */
export function needsRepair(engine: DatabaseType, table: string, entry: HistoryEntry, label: string): SystemError {
  const at = entry.applied_at;
  const what =
    entry.state === 'failed'
      ? `Migration ${label} failed (its run started at ${at})`
      : entry.state === 'reverting'
        ? `Rolling back migration ${label} started at ${at} and never finished (its process stopped mid-way)`
        : `Migration ${label} started at ${at} and never finished (its process stopped mid-way)`;
  return new SystemError(
    `${what}, so it may be partly applied; it is recorded as "${entry.state}" in ${table} and will not run again by itself: ${repairAdvice(label)}`,
    {
      errorId: crypto.randomUUID(),
      code: 'MIGRATION_NEEDS_REPAIR',
      details: { engine, code: 'MIGRATION_NEEDS_REPAIR', migration: label, state: entry.state, startedAt: entry.applied_at, table },
    },
  );
}

/** Turns a lock wait that ran out into the migration's own 503, saying what holds the lock and which option raises the limit; other errors pass through. */
export function lockWaitExpired(error: unknown, table: string, ms: number): unknown {
  if (!(error instanceof SystemError) || (error.details as { code?: unknown } | undefined)?.code !== 'DB_LOCK_TIMEOUT') return error;
  const engine = (error.details as { engine: DatabaseType }).engine;
  return new SystemError(
    `Waited ${ms} ms for the migration lock of ${table}: another instance is still migrating this database. Raise \`migrationLockTimeout\` (Migrator \`lockTimeout\`, default 600000 ms) if its migrations take longer`,
    {
      errorId: crypto.randomUUID(),
      code: 'MIGRATION_LOCK_TIMEOUT',
      status: 503,
      retryable: true,
      details: { engine, code: 'MIGRATION_LOCK_TIMEOUT', table, waitedMs: ms },
      cause: error,
    },
  );
}
