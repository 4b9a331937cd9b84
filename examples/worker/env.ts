/** The bindings wrangler.toml gives the example worker, typed structurally (no global Workers types needed). */
import type { KVNamespaceLike } from 'fw/worker';

/** A prepared D1 statement: the calls the example makes. */
export interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  first<T>(): Promise<T | null>;
  all<T>(): Promise<{ results: T[] }>;
  run(): Promise<{ meta: { last_row_id: number; changes: number } }>;
}

/** The D1 binding: the calls the example makes. */
export interface D1Like {
  prepare(sql: string): D1Statement;
  exec(sql: string): Promise<unknown>;
}

/** `env` of the example worker: a KV namespace, a D1 database and vars. */
export interface Env {
  KV: KVNamespaceLike;
  DB: D1Like;
  GREETING: string;
  APP_NAME: string;
}
