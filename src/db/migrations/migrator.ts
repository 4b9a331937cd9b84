import { SystemError } from '../../core/errors';
import { checkLockTimeout } from '../lock-timeout';
import type { Engine, MigrationSource, Queryable } from '../types';
import { runAsBatch, runInTransaction } from './atomic';
import { needsRepair, lockWaitExpired } from './failures';
import { splitStatements, type MigrationFile } from './file';
import { byNumber, ensureHistoryTables, readHistory, type HistoryEntry, type HistoryState } from './history';
import { loadMigrations } from './source';
import type { MigrationStep } from './step';
import { hasTransactionalDdl, runTracked } from './tracked';

/** What a Migrator needs from a database: the engine's query API (and `withLock` where DDL is not transactional, `ensureSchema` where the config names a schema). */
export type MigrationTarget = Pick<Engine, 'type' | 'query' | 'execute' | 'transaction' | 'batch'> &
  Partial<Pick<Engine, 'withLock' | 'ensureSchema'>>;

/** Options of a Migrator. */
export interface MigratorOptions {
  /** The migration files: a map `{ '001_init.sql': '...' }` or a loader returning one. */
  migrations: MigrationSource;
  /** Table that records applied migrations (default `fw_migrations`); seeds go in `<table>_seeds`. */
  table?: string;
  /** File names in the migrations map that are not migrations (the seed file). */
  ignore?: string[];
  /** ms to wait for another instance's running migration (the lock) before failing with 503 `MIGRATION_LOCK_TIMEOUT` (default 600000, 10 minutes). */
  lockTimeout?: number;
}

/** One line of `status()`. */
export interface MigrationStatus {
  name: string;
  applied: boolean;
  appliedAt?: string;
  /** Only for an unfinished entry (engines without transactional DDL): failed, or still running / its process died. Needs `repair()`. */
  state?: Exclude<HistoryState, 'applied'>;
  /** When the unfinished entry's run started. */
  startedAt?: string;
}

/** What `repair()` removed: the labels of the unfinished entries (`002_add_tags`, `seed seed.sql`). */
export interface RepairResult {
  removed: string[];
}

const unfinished = (entry: HistoryEntry) => entry.state !== 'applied';

/**
 * Applies and reverts numbered SQL migrations under a cross-process lock (postgres advisory lock, GET_LOCK, BEGIN
 * IMMEDIATE), re-checking the history under it, so two instances never apply one migration twice. Where DDL is
 * transactional a migration and its record commit together; on MySQL/MariaDB the record is written before and after
 * (Flyway's model), so a migration that failed or died mid-way is refused until `repair()`. On D1 each migration is
 * one atomic batch led by its record insert.
 */
export class Migrator {
  private readonly table: string;
  private readonly seedTable: string;
  private readonly source: MigrationSource;
  private readonly ignore: string[];
  private readonly lockTimeout: number;
  private readonly target: () => Promise<MigrationTarget>;

  constructor(target: MigrationTarget | (() => Promise<MigrationTarget>), options: MigratorOptions) {
    if (!options || options.migrations === undefined)
      throw new TypeError('Migrator needs `migrations`: a map of file name to SQL, or a loader function');
    this.table = options.table ?? 'fw_migrations';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(this.table))
      throw new TypeError(`Migrations table name "${this.table}" must be a plain identifier`);
    this.seedTable = `${this.table}_seeds`;
    this.source = options.migrations;
    this.ignore = options.ignore ?? [];
    this.lockTimeout = checkLockTimeout(options.lockTimeout, 'Migrator lockTimeout');
    this.target = typeof target === 'function' ? target : async () => target;
  }

  /** Applies every pending migration in order: `{ applied: names, skipped: how many were already applied }`. Refuses while an entry needs repair. */
  async up(): Promise<{ applied: string[]; skipped: number }> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const done = new Set((await this.history(db)).map((r) => r.name));
    const applied: string[] = [];
    let skipped = 0;
    for (const file of files) {
      if (done.has(file.name)) skipped++;
      else if (await this.run(db, this.step(db, file, 'up'))) applied.push(file.name);
      else skipped++;
    }
    return { applied, skipped };
  }

  /** Reverts the latest applied migration with its down part (an empty one only forgets it): `{ name, rolledBack }`, or null when none is applied. */
  async down(): Promise<{ name: string; rolledBack: boolean } | null> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const records = await this.history(db);
    const last = records[records.length - 1];
    if (!last) return null;
    const file = files.find((f) => f.name === last.name);
    if (!file)
      throw new SystemError(`Cannot roll back "${last.name}": its file is not among the migrations`, {
        errorId: crypto.randomUUID(),
        code: 'MIGRATION_MISSING',
        details: { migration: last.name },
      });
    if (file.down === null) {
      throw new SystemError(`Cannot roll back "${file.name}": the file has no "-- down" part`, {
        errorId: crypto.randomUUID(),
        code: 'MIGRATION_NO_DOWN',
        details: { migration: file.name },
      });
    }
    return { name: file.name, rolledBack: await this.run(db, this.step(db, file, 'down')) };
  }

  /** Every migration file and every history entry, in order: applied ones with when, unfinished ones with their state and start. */
  async status(): Promise<MigrationStatus[]> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const records = new Map((await readHistory(db, this.table)).map((r) => [r.name, r]));
    const line = (name: string, entry: HistoryEntry | undefined): MigrationStatus => {
      if (!entry) return { name, applied: false };
      if (entry.state === 'applied') return { name, applied: true, appliedAt: entry.applied_at };
      return { name, applied: false, state: entry.state, startedAt: entry.applied_at };
    };
    const list = files.map((f) => line(f.name, records.get(f.name)));
    for (const [name, entry] of records) if (!files.some((f) => f.name === name)) list.push(line(name, entry));
    return list.sort(byNumber);
  }

  /** Runs seed SQL once per name (recorded in `<table>_seeds`); true when it ran now, false when it had run before. */
  async seed(name: string, sql: string): Promise<boolean> {
    const db = await this.target();
    await this.ensureTables(db);
    return this.run(db, { label: `seed ${name}`, table: this.seedTable, name, direction: 'up', statements: splitStatements(sql, db.type) });
  }

  /**
   * Removes the unfinished entries (failed, or left by a process that died mid-way) of migrations and seeds, so the
   * next `up()` runs them again, as Flyway's repair does. Call it once the database is back, by hand, to how it was
   * before them; it waits for a migration another instance is running.
   */
  async repair(): Promise<RepairResult> {
    const db = await this.target();
    await this.ensureTables(db);
    return this.locked(db, async (q) => {
      const removed: string[] = [];
      for (const [table, prefix] of [
        [this.table, ''],
        [this.seedTable, 'seed '],
      ] as const) {
        const broken = (await readHistory(q, table)).filter(unfinished);
        if (broken.length === 0) continue;
        await q.execute(`DELETE FROM ${table} WHERE state <> 'applied'`);
        removed.push(...broken.map((e) => `${prefix}${e.name}`));
      }
      return { removed };
    });
  }

  private step(db: MigrationTarget, file: MigrationFile, direction: 'up' | 'down'): MigrationStep {
    const [sql, line] = direction === 'up' ? [file.up, file.upLine] : [file.down ?? '', file.downLine];
    return { label: file.name, table: this.table, name: file.name, direction, statements: splitStatements(sql, db.type, line) };
  }

  /** Runs one step the engine's way: one atomic batch (d1), a locked transaction, or a locked connection that records progress (no transactional DDL). */
  private run(db: MigrationTarget, step: MigrationStep): Promise<boolean> {
    if (db.type === 'd1') return runAsBatch(db, step);
    if (hasTransactionalDdl(db.type)) return this.locked(db, (tx) => runInTransaction(tx, db.type, step));
    return this.locked(db, (conn) => runTracked(conn, db.type, step));
  }

  /**
   * The history, every entry applied. An unfinished one seen without the lock may belong to a run still under way:
   * the history is read again under the lock (after that run), and an entry still unfinished there throws.
   */
  private async history(db: MigrationTarget): Promise<HistoryEntry[]> {
    const records = await readHistory(db, this.table);
    if (!records.some(unfinished)) return records;
    return this.locked(db, async (q) => {
      const again = await readHistory(q, this.table);
      const entry = again.find(unfinished);
      if (entry) throw needsRepair(db.type, this.table, entry, entry.name);
      return again;
    });
  }

  /**
   * Runs `fn` holding the migration lock for at most `lockTimeout` of waiting: in a transaction where DDL is
   * transactional, else on one connection whose statements commit as they run. D1 has no locks (its batches are atomic).
   */
  private async locked<T>(db: MigrationTarget, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const options = { lock: this.table, lockTimeout: this.lockTimeout };
    try {
      if (db.type === 'd1') return await fn(db);
      if (hasTransactionalDdl(db.type)) return await db.transaction(fn, options);
      if (!db.withLock)
        throw new TypeError(`Migrating ${db.type} needs a target with withLock() (an Engine or Database), as its DDL is not transactional`);
      return await db.withLock(fn, options);
    } catch (error) {
      throw lockWaitExpired(error, this.table, this.lockTimeout);
    }
  }

  private async ensureTables(db: MigrationTarget): Promise<void> {
    await db.ensureSchema?.(true);
    return ensureHistoryTables(db, [this.table, this.seedTable], (fn) => this.locked(db, fn));
  }
}
