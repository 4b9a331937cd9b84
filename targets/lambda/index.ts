/** fw/lambda: run an fw app on AWS Lambda (API Gateway v1/v2, function URLs, ALB, response streaming, SQS and EventBridge). */
export { lambda } from './handler';
export { lambdaStream, type LambdaStreamHandler } from './stream';
export { clientIp } from './client-ip';
export { detectEvent, type EventKind } from './detect';
export { InvalidEventError, UnhandledEventError } from './errors';
export { isBinaryByDefault } from './binary';
export { installNodeServices, nodeServices } from '../node/platform-services';
export type * from './types';
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
