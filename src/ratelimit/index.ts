export { rateLimit, rateLimitMiddleware, RATE_LIMIT_STATE_KEY } from './plugin';
export { RateLimiter } from './limiter';
export { addressKey } from './address-key';
export { MemoryStore, type MemoryStoreOptions } from './memory-store';
export { TokenBucketStore, type TokenBucketOptions } from './token-bucket-store';
export { TenantStore, type TenantStoreOptions } from './tenant-store';
export { KVRateLimitStore, type KVRateLimitStoreOptions } from './kv-store';
export type { RateLimitOptions, RateLimitResult, RateLimitStore, RateLimitMetrics, WindowLimit } from './types';
