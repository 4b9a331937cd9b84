/** fw/node: run an fw app on `node:http`/`node:https`, with WebSocket routes on the `ws` package. */
export { node } from './adapter';
/** `node()` under the name `fw`'s Node entry reads when a bundle injects fw/node (`bundleConfig('node')`). */
export { node as __fwNodeAdapter } from './adapter';
export { serve, type NodeServer } from './serve';
export { createListener, type ListenerOptions } from './listener';
export { BodyTooLargeError } from './body';
export type { NodeAdapterOptions, NodeServeOptions, NodeTLSOptions } from './options';
export {
  redisBusTransport,
  RedisPubSubTransport,
  type RedisBusTransport,
  type RedisBusOptions,
  type RedisPubSubOptions,
  type RedisStreamOptions,
} from './redis-bus';
export { RedisStreamTransport } from './redis-stream-transport';
export { RedisKV, redisKV, type RedisKVOptions } from './redis-kv';
export { migrationsFromDir, readSeedFile, createMigrationFile } from './db-migrations-fs';
export { runDbCommand, type DbCommandIO } from './db-cli';
export { installSignalHandlers, gracefulServer, type GracefulServerHandle, type SignalOptions } from './signals';
export { nodeFileSource } from './static-fs';
export { LightResponse, lightParts, lightResponseFactory, type LightParts } from './light-response';
export { loadFileRoutes, listRouteFiles } from './file-routes-fs';
export { localUploadStorage } from './upload-local';
export { installNodeServices, nodeServices } from './platform-services';
export { nodePlatform } from './platform-server';
