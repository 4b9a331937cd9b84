export { etag, type ETagOptions } from './etag';
export { cache, type CacheOptions } from './cache-control';
export { cachePlugin, ResponseCache, RESPONSE_CACHE_STATE_KEY, type CachePluginOptions } from './response-cache';
export { MemoryCache, type MemoryCacheOptions } from './memory-cache';
export type { CacheLike, CachedResponse } from './backends';
