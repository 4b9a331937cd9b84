import type { DatabaseType, Queryable, Row } from '../types';

/**
 * Where a history entry stands. `applied` is done; the others exist only on engines without transactional DDL:
 * `applying`/`reverting` while a run is under way (or after its process died), `failed` after a statement failed.
 */
export type HistoryState = 'applied' | 'applying' | 'reverting' | 'failed';

/** One row of a history table (`fw_migrations`, `fw_migrations_seeds`). `applied_at` is when it was applied, or when an unfinished run started. */
export interface HistoryEntry extends Row {
  name: string;
  applied_at: string;
  state: HistoryState;
}

/** What creating the history tables needs: the engine, its queries, and D1's batch. */
interface HistoryTarget extends Queryable {
  readonly type: DatabaseType;
  batch(statements: { sql: string }[]): Promise<unknown>;
}

/**
 * Creates the history tables when missing, under the migration lock (`locked`), and adds the `state` column to
 * tables made by earlier versions (their rows count as applied).
 */
export async function ensureHistoryTables(
  db: HistoryTarget,
  tables: string[],
  locked: (fn: (q: Queryable) => Promise<void>) => Promise<void>,
): Promise<void> {
  const ddl = tables.map(
    (t) =>
      `CREATE TABLE IF NOT EXISTS ${t} (name VARCHAR(255) NOT NULL PRIMARY KEY, applied_at VARCHAR(32) NOT NULL, state VARCHAR(16) NOT NULL DEFAULT 'applied')`,
  );
  if (db.type === 'd1') await db.batch(ddl.map((sql) => ({ sql })));
  else
    await locked(async (q) => {
      for (const sql of ddl) await q.execute(sql);
    });
  for (const table of tables) {
    if (await hasStateColumn(db, table)) continue;
    try {
      await db.execute(`ALTER TABLE ${table} ADD COLUMN state VARCHAR(16) NOT NULL DEFAULT 'applied'`);
    } catch (error) {
      if (!(await hasStateColumn(db, table))) throw error;
    }
  }
}

/** Every entry of a history table, ordered by migration number. */
export async function readHistory(q: Queryable, table: string): Promise<HistoryEntry[]> {
  const rows = await q.query<HistoryEntry>(`SELECT name, applied_at, state FROM ${table}`);
  return rows.sort(byNumber);
}

/** The entry of one name, if any. */
export async function readEntry(q: Queryable, table: string, name: string): Promise<HistoryEntry | undefined> {
  return (await q.query<HistoryEntry>(`SELECT name, applied_at, state FROM ${table} WHERE name = ?`, [name]))[0];
}

/** Orders names like `2_b`, `10_a` by their leading number, then by text. */
export function byNumber(a: { name: string }, b: { name: string }): number {
  return parseInt(a.name, 10) - parseInt(b.name, 10) || a.name.localeCompare(b.name);
}

/** Whether the table already has the `state` column (a probe outside any transaction, so a failure aborts nothing). */
async function hasStateColumn(q: Queryable, table: string): Promise<boolean> {
  try {
    await q.query(`SELECT state FROM ${table} WHERE 1 = 0`);
    return true;
  } catch {
    return false;
  }
}
