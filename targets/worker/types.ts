/**
 * The slices of the Workers runtime types fw/worker uses, declared structurally so the real
 * `@cloudflare/workers-types` objects (and miniflare's) fit without pulling their global declarations in.
 */
import type { LazyImport } from '../serverless/lazy-import';
import type { DurableRooms } from './durable/durable-rooms';

/** The third argument of a worker's `fetch` and `scheduled`: keeps work alive after the response. */
export interface WorkerExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

/** What a cron trigger hands `scheduled`: the cron expression that fired and when it was due (epoch ms). */
export interface WorkerScheduledController {
  readonly cron: string;
  readonly scheduledTime: number;
  noRetry(): void;
}

/** The object a worker module exports as default. */
export interface WorkerHandlers<Env = unknown> {
  fetch(request: Request, env: Env, ctx: WorkerExecutionContext): Promise<Response>;
  scheduled(controller: WorkerScheduledController, env: Env, ctx: WorkerExecutionContext): Promise<void>;
}

/** The scheduler's side of cron triggers: registered by the scheduler module as app state `'fw:scheduler'`. */
export interface CronRunner {
  runScheduled(cron: string, scheduledTime: Date): Promise<void>;
}

/** Options of `worker(app, options)`. */
export interface WorkerOptions<Env = unknown> {
  /** Runs on every cron trigger, before the jobs registered with the scheduler. */
  scheduled?: (controller: WorkerScheduledController, env: Env, ctx: WorkerExecutionContext) => void | Promise<void>;
  /**
   * When `warmUp(app)` runs: `'background'` (default) starts it with the first request and keeps it alive through
   * `waitUntil`; `'first-request'` finishes it before the first response; `false` skips it (the app still
   * compiles itself on the first request).
   */
  warmUp?: 'background' | 'first-request' | false;
  /** Lazy imports (`lazyImport(() => import('heavy'))`) that warm-up loads. */
  preload?: LazyImport<unknown>[];
  /**
   * `durableRooms({ namespace })`: every ws route's socket is then held by the `FwRoom` Durable Object of its
   * room, where its handlers run, so rooms span every isolate (the module must also export `FwRoom`).
   */
  rooms?: DurableRooms<any>;
}

/** One key of a Workers KV listing page. */
export interface KVNamespaceListKey {
  name: string;
  expiration?: number;
  metadata?: unknown;
}

/** A page of a Workers KV listing; `cursor` continues it while `list_complete` is false. */
export type KVNamespaceListPage =
  | { list_complete: false; keys: KVNamespaceListKey[]; cursor: string }
  | { list_complete: true; keys: KVNamespaceListKey[]; cursor?: string };

/** The Workers KV binding methods `workersKV` calls. */
export interface KVNamespaceLike {
  getWithMetadata(key: string, type: 'text'): Promise<{ value: string | null; metadata: unknown }>;
  put(key: string, value: string, options?: { expirationTtl?: number; metadata?: unknown }): Promise<void>;
  delete(key: string): Promise<void>;
  list(options?: { prefix?: string | null; limit?: number; cursor?: string | null }): Promise<KVNamespaceListPage>;
}
