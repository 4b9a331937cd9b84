import { SystemError } from '../../core/errors';
import { databaseError, driverCode } from '../errors';
import type { Engine, MigrationSource, Queryable, Statement } from '../types';
import { splitStatements, type MigrationFile, type MigrationStatement } from './file';
import { loadMigrations } from './source';

/** What a Migrator needs from a database: the engine's query API. */
export type MigrationTarget = Pick<Engine, 'type' | 'query' | 'execute' | 'transaction' | 'batch'>;

/** Options of a Migrator. */
export interface MigratorOptions {
  /** The migration files: a map `{ '001_init.sql': '...' }` or a loader returning one. */
  migrations: MigrationSource;
  /** Table that records applied migrations (default `fw_migrations`); seeds go in `<table>_seeds`. */
  table?: string;
  /** File names in the migrations map that are not migrations (the seed file). */
  ignore?: string[];
}

/** One line of `status()`. */
export interface MigrationStatus {
  name: string;
  applied: boolean;
  appliedAt?: string;
}

const LOCK = 'fw_migrations';

/**
 * Applies and reverts numbered SQL migrations. Each migration runs in its own transaction holding a cross-process
 * lock (postgres advisory lock, GET_LOCK, BEGIN IMMEDIATE), and re-checks under the lock, so two instances never
 * apply one migration twice. On D1 each migration is one atomic batch led by its record insert.
 */
export class Migrator {
  private readonly table: string;
  private readonly seedTable: string;
  private readonly source: MigrationSource;
  private readonly ignore: string[];
  private readonly target: () => Promise<MigrationTarget>;

  constructor(target: MigrationTarget | (() => Promise<MigrationTarget>), options: MigratorOptions) {
    if (!options || options.migrations === undefined) throw new TypeError('Migrator needs `migrations`: a map of file name to SQL, or a loader function');
    this.table = options.table ?? 'fw_migrations';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(this.table)) throw new TypeError(`Migrations table name "${this.table}" must be a plain identifier`);
    this.seedTable = `${this.table}_seeds`;
    this.source = options.migrations;
    this.ignore = options.ignore ?? [];
    this.target = typeof target === 'function' ? target : async () => target;
  }

  /** Applies every pending migration in order: `{ applied: names, skipped: how many were already applied }`. */
  async up(): Promise<{ applied: string[]; skipped: number }> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const done = new Set((await this.records(db)).map((r) => r.name));
    const applied: string[] = [];
    let skipped = 0;
    for (const file of files) {
      if (done.has(file.name)) skipped++;
      else if (await this.apply(db, file)) applied.push(file.name);
      else skipped++;
    }
    return { applied, skipped };
  }

  /** Reverts the latest applied migration with its down part (an empty one only forgets it): `{ name, rolledBack }`, or null when none is applied. */
  async down(): Promise<{ name: string; rolledBack: boolean } | null> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const records = await this.records(db);
    const last = records[records.length - 1];
    if (!last) return null;
    const file = files.find((f) => f.name === last.name);
    if (!file) throw new SystemError(`Cannot roll back "${last.name}": its file is not among the migrations`, { code: 'MIGRATION_MISSING', details: { migration: last.name } });
    if (file.down === null) {
      throw new SystemError(`Cannot roll back "${file.name}": the file has no "-- down" part`, { code: 'MIGRATION_NO_DOWN', details: { migration: file.name } });
    }
    const statements = splitStatements(file.down, db.type, file.downLine);
    const remove = { sql: `DELETE FROM ${this.table} WHERE name = ?`, params: [file.name] };
    const rolledBack = await this.atomically(db, file.name, statements, remove, 'down');
    return { name: file.name, rolledBack };
  }

  /** Every migration file and every applied record, in order, with when each was applied. */
  async status(): Promise<MigrationStatus[]> {
    const [files, db] = await Promise.all([loadMigrations(this.source, this.ignore), this.target()]);
    await this.ensureTables(db);
    const records = new Map((await this.records(db)).map((r) => [r.name, r.applied_at]));
    const list: MigrationStatus[] = files.map((f) => {
      const at = records.get(f.name);
      return at === undefined ? { name: f.name, applied: false } : { name: f.name, applied: true, appliedAt: at };
    });
    for (const [name, at] of records) if (!files.some((f) => f.name === name)) list.push({ name, applied: true, appliedAt: at });
    return list.sort(byNumber);
  }

  /** Runs seed SQL once per name (recorded in `<table>_seeds`); true when it ran now, false when it had run before. */
  async seed(name: string, sql: string): Promise<boolean> {
    const db = await this.target();
    await this.ensureTables(db);
    const statements = splitStatements(sql, db.type);
    const record = { sql: `INSERT INTO ${this.seedTable} (name, applied_at) VALUES (?, ?)`, params: [name, new Date().toISOString()] };
    return this.atomically(db, `seed ${name}`, statements, record, 'up', this.seedTable, name);
  }

  private async apply(db: MigrationTarget, file: MigrationFile): Promise<boolean> {
    const statements = splitStatements(file.up, db.type, file.upLine);
    const record = { sql: `INSERT INTO ${this.table} (name, applied_at) VALUES (?, ?)`, params: [file.name, new Date().toISOString()] };
    return this.atomically(db, file.name, statements, record, 'up');
  }

  /**
   * Runs statements and the bookkeeping write as one unit. `up`: skipped (false) when the name is already recorded;
   * `down`: skipped when it no longer is. The check happens under the lock, so a racing instance sees the first one's work.
   */
  private async atomically(db: MigrationTarget, label: string, statements: MigrationStatement[], bookkeeping: Statement, direction: 'up' | 'down', table = this.table, name = String(bookkeeping.params?.[0])): Promise<boolean> {
    const recorded = async (q: Queryable) => (await q.query(`SELECT name FROM ${table} WHERE name = ?`, [name])).length > 0;
    if (db.type === 'd1') return this.atomicallyOnD1(db, label, statements, bookkeeping, direction, recorded);
    return db.transaction(async (tx) => {
      if ((await recorded(tx)) !== (direction === 'down')) return false;
      for (let i = 0; i < statements.length; i++) {
        try {
          await tx.execute(statements[i].sql);
        } catch (error) {
          throw failure(db.type, label, i, statements[i], error);
        }
      }
      await tx.execute(bookkeeping.sql, bookkeeping.params);
      return true;
    }, { lock: LOCK });
  }

  /**
   * D1 has no interactive transactions: the bookkeeping write leads one atomic batch (a duplicate record fails the
   * whole batch before any change). On failure, prefixes of the batch are replayed with a closing statement that
   * always fails, so nothing is kept and the first failing statement is found.
   */
  private async atomicallyOnD1(db: MigrationTarget, label: string, statements: MigrationStatement[], bookkeeping: Statement, direction: 'up' | 'down', recorded: (q: Queryable) => Promise<boolean>): Promise<boolean> {
    if ((await recorded(db)) !== (direction === 'down')) return false;
    const batch = (count: number, probe: Statement[] = []) => db.batch([bookkeeping, ...statements.slice(0, count).map((s) => ({ sql: s.sql })), ...probe]);
    try {
      await batch(statements.length);
      return true;
    } catch (error) {
      if ((await recorded(db)) !== (direction === 'down')) return false;
      const probe = [{ sql: `SELECT * FROM fw_failing_probe_${Date.now()}` }];
      for (let i = 0; i < statements.length; i++) {
        try {
          await batch(i + 1, probe);
        } catch (replayError) {
          if (!/fw_failing_probe_/.test((replayError as Error).message)) throw failure(db.type, label, i, statements[i], replayError);
        }
      }
      throw databaseError(db.type, error, { migration: label });
    }
  }

  private async ensureTables(db: MigrationTarget): Promise<void> {
    const ddl = [this.table, this.seedTable].map((t) => `CREATE TABLE IF NOT EXISTS ${t} (name VARCHAR(255) NOT NULL PRIMARY KEY, applied_at VARCHAR(32) NOT NULL)`);
    if (db.type === 'd1') {
      await db.batch(ddl.map((sql) => ({ sql })));
      return;
    }
    await db.transaction(async (tx) => {
      for (const sql of ddl) await tx.execute(sql);
    }, { lock: LOCK });
  }

  private async records(db: MigrationTarget): Promise<{ name: string; applied_at: string }[]> {
    const rows = await db.query<{ name: string; applied_at: string }>(`SELECT name, applied_at FROM ${this.table}`);
    return rows.sort(byNumber);
  }
}

function byNumber(a: { name: string }, b: { name: string }): number {
  return parseInt(a.name, 10) - parseInt(b.name, 10) || a.name.localeCompare(b.name);
}

/** The error for a failed migration statement: which migration, which statement, which line, and the driver's words. */
function failure(engine: MigrationTarget['type'], label: string, index: number, statement: MigrationStatement, error: unknown): SystemError {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const code = driverCode(cause);
  const kept = engine === 'mysql' ? 'MySQL commits DDL as it runs, so schema statements before this one stay applied' : 'nothing of it was applied';
  return new SystemError(`Migration ${label} failed at statement ${index + 1} (line ${statement.line}): ${reason}; ${kept}`, {
    code: 'MIGRATION_FAILED',
    details: { engine, code, migration: label, statement: index + 1, line: statement.line, sql: statement.sql.slice(0, 500) },
    cause: error,
  });
}
