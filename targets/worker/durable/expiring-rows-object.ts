import { CleanupAlarm } from './kv-cleanup-alarm';
import { answerCall } from './kv-rpc';
import type { DurableObjectStateLike, SqlStorageLike } from './kv-types';

/** The SQLite table of an fw Durable Object: its statements, its name and the column holding each row's end (epoch ms). */
export interface ExpiringTable {
  schema: string[];
  name: string;
  expiry: string;
}

/**
 * The frame fw's SQLite Durable Objects share: the table made at construction, operations sent by `callObject`
 * answered through `run`, and an alarm that deletes the rows past their end and is set again for the next one.
 */
export abstract class ExpiringRowsObject {
  protected readonly sql: SqlStorageLike;
  protected readonly alarmClock: CleanupAlarm;
  readonly #table: ExpiringTable;

  constructor(state: DurableObjectStateLike, table: ExpiringTable) {
    this.sql = state.storage.sql;
    for (const statement of table.schema) this.sql.exec(statement);
    this.alarmClock = new CleanupAlarm(state.storage);
    this.#table = table;
  }

  /** Answers one operation sent by the object's client (`durableObjectKV`, `durableRateLimitStore`). */
  fetch(request: Request): Promise<Response> {
    return answerCall(request, (op, args, readValue) => this.run(op, args, readValue));
  }

  /** Deletes the rows past their end, then sets the alarm for the next row to end. */
  async alarm(): Promise<void> {
    const { name, expiry } = this.#table;
    this.sql.exec(`DELETE FROM ${name} WHERE ${expiry} <= ?`, Date.now());
    const [next] = this.sql.exec(`SELECT MIN(${expiry}) AS at FROM ${name}`).toArray();
    await this.alarmClock.ran(typeof next?.at === 'number' ? next.at : null);
  }

  /** Runs one operation by name; `readValue` reads the value sent in the body, for operations that carry one. */
  protected abstract run(op: string, args: Record<string, unknown>, readValue: () => Promise<unknown>): Promise<unknown>;
}
