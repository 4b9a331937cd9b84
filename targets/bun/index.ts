/** fw/bun: run an fw app on `Bun.serve`, with WebSocket routes on Bun's native WebSockets. */
export { bun } from './adapter';
export { bunPlatform } from './platform';
export { installNodeServices, nodeServices } from '../node/platform-services';
export { serve, type BunServer } from './serve';
export type { BunAdapterOptions, BunServeOptions, BunTLSOptions } from './options';
export { RedisKV, redisKV, type RedisKVOptions } from '../node/redis-kv';
export {
  redisBusTransport,
  RedisPubSubTransport,
  type RedisBusTransport,
  type RedisBusOptions,
  type RedisPubSubOptions,
  type RedisStreamOptions,
} from '../node/redis-bus';
export { RedisStreamTransport } from '../node/redis-stream-transport';
export { migrationsFromDir, readSeedFile, createMigrationFile } from '../node/db-migrations-fs';
export { loadFileRoutes, listRouteFiles } from '../node/file-routes-fs';
