/** The part of a sqlite statement fw uses (better-sqlite3, bun:sqlite, node:sqlite, or the node-sqlite3-wasm adapter). */
export interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  /** better-sqlite3: whether the statement returns rows. */
  reader?: boolean;
  /** bun:sqlite: the result columns. */
  columnNames?: string[];
  /** node-sqlite3-wasm: frees the statement (called when the statement cache drops it). */
  finalize?(): void;
}

/** The part of a sqlite database fw uses. */
export interface SqliteDriver {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  close(): void;
  readonly inTransaction?: boolean;
}
