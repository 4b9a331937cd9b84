import type { KVListOptions, KVPutOptions, KVStore } from '../../../src/kv/types';
import { stepOf } from '../../../src/kv/validate';
import { callObject, timeoutOption } from './kv-rpc';
import { assertDurableKey, assertDurableValue, durableListOptions, durableTtl } from './kv-checks';
import { assertNamespace, type DurableObjectNamespaceLike, type DurableObjectStubLike } from './kv-types';

/** Options of `durableObjectKV`. */
export interface DurableObjectKVOptions {
  /** The store's name: stores with different names live in different objects (default `default`). */
  name?: string;
  /**
   * How keys map to objects: `'store'` (default) keeps the whole store in one object; `'prefix'` gives each key
   * prefix (the part before the first `separator`) its own object, for more throughput, and keys without the
   * separator stay in the store's object. Sharded by prefix, `list` needs a prefix that contains the separator.
   */
  shard?: 'store' | 'prefix';
  /** Ends the shard part of a key when `shard` is `'prefix'` (default `:`). */
  separator?: string;
  /** Milliseconds each call may wait for the object before failing with an Error naming the store (default 5000). */
  timeoutMs?: number;
}

/**
 * A strongly consistent `KVStore` on a Durable Object namespace of the `FwKVObject` class: every instance sees a write
 * at once, TTLs are exact to the millisecond (no 60 s floor), and `increment` is atomic. Pass the binding, or a
 * function returning it when the store is made outside a request (`() => env.FW_KV` with `env` from `cloudflare:workers`).
 */
export function durableObjectKV(
  namespace: DurableObjectNamespaceLike | (() => DurableObjectNamespaceLike),
  options: DurableObjectKVOptions = {},
): KVStore {
  if (typeof namespace !== 'function') assertNamespace(namespace, 'durableObjectKV(namespace)', 'FwKVObject');
  const name = options.name ?? 'default';
  if (typeof name !== 'string' || name.length === 0)
    throw new TypeError(`durableObjectKV: name must be a non-empty string, got ${String(name)}`);
  const shard = options.shard ?? 'store';
  if (shard !== 'store' && shard !== 'prefix')
    throw new TypeError(`durableObjectKV: shard must be 'store' or 'prefix', got ${String(shard)}`);
  const separator = options.separator ?? ':';
  if (typeof separator !== 'string' || separator.length === 0)
    throw new TypeError(`durableObjectKV: separator must be a non-empty string, got ${String(separator)}`);
  const timeoutMs = timeoutOption('durableObjectKV', options.timeoutMs);
  const label = `durableObjectKV "${name}"`;
  const call = (target: DurableObjectStubLike, op: string, args: Record<string, unknown>, value?: string) =>
    callObject(target, label, timeoutMs, op, args, value);

  function binding(): DurableObjectNamespaceLike {
    if (typeof namespace !== 'function') return namespace;
    const found = namespace();
    assertNamespace(found, 'durableObjectKV(() => namespace)', 'FwKVObject');
    return found;
  }

  function objectName(key: string): string {
    const cut = shard === 'prefix' ? key.indexOf(separator) : -1;
    const base = `fw-kv:${encodeURIComponent(name)}`;
    return cut < 0 ? base : `${base}:${encodeURIComponent(key.slice(0, cut))}`;
  }

  function stub(key: string): DurableObjectStubLike {
    const ns = binding();
    return ns.get(ns.idFromName(objectName(key)));
  }

  function listStub(prefix: string): DurableObjectStubLike {
    if (shard === 'prefix' && !prefix.includes(separator)) {
      throw new TypeError(
        `${label} is sharded by key prefix: list needs a prefix containing "${separator}" (e.g. "sessions${separator}"), since each prefix lives in its own object`,
      );
    }
    return stub(prefix);
  }

  return {
    async get(key: string): Promise<string | null> {
      assertDurableKey(key);
      return (await call(stub(key), 'get', { key })) as string | null;
    },

    async put(key: string, value: string, putOptions?: KVPutOptions): Promise<void> {
      assertDurableKey(key);
      assertDurableValue(value);
      await call(stub(key), 'put', { key, ttl: durableTtl(putOptions) }, value);
    },

    async delete(key: string): Promise<void> {
      assertDurableKey(key);
      await call(stub(key), 'delete', { key });
    },

    async list(listOptions?: KVListOptions): Promise<string[]> {
      const { prefix, limit } = durableListOptions(listOptions);
      return (await call(listStub(prefix), 'list', { prefix, limit: limit === Infinity ? undefined : limit })) as string[];
    },

    async increment(key: string, by?: number, putOptions?: KVPutOptions): Promise<number> {
      assertDurableKey(key);
      return (await call(stub(key), 'increment', { key, by: stepOf(by), ttl: durableTtl(putOptions) })) as number;
    },
  };
}
