import type { SqliteDriver, SqliteStatement } from './sqlite-types';

/** The part of node-sqlite3-wasm fw uses: values are bound as one array, statements must be finalized. */
interface WasmStatement {
  all(values?: unknown[]): unknown[];
  run(values?: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  finalize(): void;
  readonly isFinalized: boolean;
}
export interface WasmDatabase {
  prepare(sql: string): WasmStatement;
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
}
export type WasmConstructor = new (path: string, options?: Record<string, unknown>) => WasmDatabase;

/** sqlite's messages for the result codes node-sqlite3-wasm throws without a `code`. */
const codes: [RegExp, string][] = [
  [/^UNIQUE constraint failed/, 'SQLITE_CONSTRAINT_UNIQUE'],
  [/^NOT NULL constraint failed/, 'SQLITE_CONSTRAINT_NOTNULL'],
  [/^FOREIGN KEY constraint failed/, 'SQLITE_CONSTRAINT_FOREIGNKEY'],
  [/^CHECK constraint failed/, 'SQLITE_CONSTRAINT_CHECK'],
  [/constraint failed/, 'SQLITE_CONSTRAINT'],
  [/^database is locked/, 'SQLITE_BUSY'],
  [/^database table is locked/, 'SQLITE_LOCKED'],
  [/^attempt to write a readonly database/, 'SQLITE_READONLY'],
  [/^Could not open the database/, 'SQLITE_CANTOPEN'],
];

/** Gives a node-sqlite3-wasm error the SQLITE_* code better-sqlite3 would report (SQLITE_ERROR for the rest). */
function withCode(error: unknown): unknown {
  if (error instanceof Error && !(error as { code?: unknown }).code) {
    const code = codes.find(([pattern]) => pattern.test(error.message))?.[1] ?? 'SQLITE_ERROR';
    Object.defineProperty(error, 'code', { value: code, enumerable: true, configurable: true });
  }
  return error;
}

function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw withCode(error);
  }
}

/** Opens a node-sqlite3-wasm database behind the interface fw uses for better-sqlite3. */
export function openWasmSqlite(
  Driver: WasmConstructor,
  path: string,
  options: Record<string, unknown>,
): SqliteDriver & { raw: WasmDatabase } {
  const db = guarded(() => new Driver(path, options));
  return {
    raw: db,
    get inTransaction() {
      return db.inTransaction;
    },
    exec: (sql) => guarded(() => db.exec(sql)),
    close: () => db.close(),
    prepare: (sql): SqliteStatement => {
      let statement: WasmStatement | null = guarded(() => db.prepare(sql));
      const discard = () => {
        try {
          if (statement && !statement.isFinalized) statement.finalize();
        } catch {
          // finalize reports the failure of the last step again; the statement is freed all the same.
        }
        statement = null;
      };
      // A statement whose step failed cannot be bound again (its reset repeats the error): it is replaced.
      const use = <T>(fn: (s: WasmStatement) => T): T => {
        try {
          statement ??= db.prepare(sql);
          return fn(statement);
        } catch (error) {
          discard();
          throw withCode(error);
        }
      };
      return {
        all: (...params) => use((s) => s.all(params)),
        run: (...params) => use((s) => s.run(params)),
        finalize: discard,
      };
    },
  };
}
