export type { KVStore, KVPutOptions, KVListOptions } from './types';
export { MemoryKV, type MemoryKVOptions } from './memory';
export { getJSON, putJSON } from './json';
export { prefixedKV } from './prefixed';
export { assertKey, assertValue, ttlOf, stepOf, limitOf, counterOf } from './validate';
