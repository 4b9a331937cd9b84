/** A bounded, least-recently-used cache of prepared statements keyed by SQL text. */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly max: number) {}

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
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return statement;
  }

  /** Number of cached statements. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every statement (after schema changes, or on close). */
  clear(): void {
    this.entries.clear();
  }
}
