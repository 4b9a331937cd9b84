/** The bindings wrangler.toml gives the example worker, typed structurally (no global Workers types needed). */
import type { KVNamespaceLike, RoomsNamespace } from 'fw/worker';

/** `env` of the example worker: a KV namespace, a D1 database (used through `app.db`) and vars. */
export interface Env {
  KV: KVNamespaceLike;
  DB: unknown;
  GREETING: string;
  APP_NAME: string;
  /** The FwRoom Durable Object namespace: the chat's rooms. */
  ROOMS: RoomsNamespace;
  /** The Bearer token of the MCP endpoint: a secret (`wrangler secret put MCP_TOKEN`); `npm start` passes a local one. */
  MCP_TOKEN?: string;
}
