import { assertKey } from './validate';
import type { KVListOptions, KVPutOptions, KVStore } from './types';

/** A view of a store where every key lives under `prefix`: separates tenants, modules and tests sharing one store. */
export function prefixedKV(store: KVStore, prefix: string): KVStore {
  if (typeof prefix !== 'string' || prefix.length === 0) throw new TypeError('prefixedKV needs a non-empty prefix');
  const full = (key: string): string => {
    assertKey(key);
    return prefix + key;
  };
  return {
    get: async (key: string) => store.get(full(key)),
    put: async (key: string, value: string, options?: KVPutOptions) => store.put(full(key), value, options),
    delete: async (key: string) => store.delete(full(key)),
    increment: async (key: string, by?: number, options?: KVPutOptions) => store.increment(full(key), by, options),
    async list(options: KVListOptions = {}) {
      const keys = await store.list({ ...options, prefix: prefix + (options.prefix ?? '') });
      return keys.map((k) => k.slice(prefix.length));
    },
  };
}
