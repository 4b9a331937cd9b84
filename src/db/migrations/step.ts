import type { DatabaseType, Queryable, Statement } from '../types';
import type { MigrationStatement } from './file';
import { needsRepair } from './failures';
import { readEntry } from './history';

/** One unit the Migrator runs: the up or down part of a migration, or a seed, and the history row that records it. */
export interface MigrationStep {
  /** How errors name it: `002_add_tags`, `seed seed.sql`. */
  label: string;
  /** The history table (`fw_migrations` or its `_seeds` table) and the name recorded there. */
  table: string;
  name: string;
  /** `up` records the name when done; `down` removes it. */
  direction: 'up' | 'down';
  statements: MigrationStatement[];
}

/**
 * Whether a step still has to run, read under the migration lock so a racing instance sees the first one's work:
 * `up` runs when the name is not recorded, `down` when it is. An unfinished entry throws: it needs a repair first.
 */
export async function needsToRun(q: Queryable, engine: DatabaseType, step: MigrationStep): Promise<boolean> {
  const entry = await readEntry(q, step.table, step.name);
  if (entry && entry.state !== 'applied') throw needsRepair(engine, step.table, entry, step.label);
  return step.direction === 'up' ? entry === undefined : entry !== undefined;
}

/** The history write that finishes a step on engines where it commits with the step: insert the applied row, or delete it. */
export function finalRecord(step: MigrationStep): Statement {
  return step.direction === 'up'
    ? { sql: `INSERT INTO ${step.table} (name, applied_at, state) VALUES (?, ?, 'applied')`, params: [step.name, new Date().toISOString()] }
    : { sql: `DELETE FROM ${step.table} WHERE name = ?`, params: [step.name] };
}
