/** fw/worker: run an fw app as a Workers module (fetch, cron triggers, WebSockets) and use Workers KV as a KVStore. */
export { worker } from './adapter';
export { workersKV } from './kv';
export { durableRooms, DurableRooms, type DurableRoomsOptions, type RoomsNamespace } from './durable/durable-rooms';
export { FwRoom, type RoomObjectState, type RoomSocket } from './durable/room-object';
export { durableObjectKV, type DurableObjectKVOptions } from './durable/durable-kv';
export { FwKVObject } from './durable/kv-object';
export { durableRateLimitStore, type DurableRateLimitOptions } from './durable/durable-rate-limit';
export { FwRateLimitObject } from './durable/rate-limit-object';
export type { DurableObjectNamespaceLike, DurableObjectStateLike } from './durable/kv-types';
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
