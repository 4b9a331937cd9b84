/** A bounded, least-recently-used cache of prepared statements keyed by SQL text. */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  /** `dispose` frees a statement the cache drops (node-sqlite3-wasm statements must be finalized by hand). */
  constructor(
    private readonly max: number,
    private readonly dispose?: (statement: T) => void,
  ) {}

  /** The cached statement for `sql`, preparing (and caching) it on a miss. */
  get(sql: string, prepare: (sql: string) => T): T {
    const hit = this.entries.get(sql);
    if (hit !== undefined) {
      this.entries.delete(sql);
      this.entries.set(sql, hit);
      return hit;
    }
    const statement = prepare(sql);
    this.entries.set(sql, statement);
    if (this.entries.size > this.max) {
      const [oldest, evicted] = this.entries.entries().next().value as [string, T];
      this.entries.delete(oldest);
      this.dispose?.(evicted);
    }
    return statement;
  }

  /** Number of cached statements. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every statement (after schema changes, or on close). */
  clear(): void {
    if (this.dispose) for (const statement of this.entries.values()) this.dispose(statement);
    this.entries.clear();
  }
}
