/** fw/worker: run an fw app as a Workers module (fetch, cron triggers, WebSockets) and use Workers KV as a KVStore. */
export { worker } from './adapter';
export { workersKV } from './kv';
export type {
  WorkerOptions,
  WorkerHandlers,
  WorkerExecutionContext,
  WorkerScheduledController,
  CronRunner,
  KVNamespaceLike,
  KVNamespaceListKey,
  KVNamespaceListPage,
} from './types';
