import type { KVListOptions, KVPutOptions, KVStore } from '../../src/kv/types';
import { assertKey, assertValue, counterOf, limitOf, stepOf, ttlOf } from '../../src/kv/validate';
import type { KVNamespaceLike } from './types';

/** Workers KV refuses an `expirationTtl` below 60 seconds. */
const MIN_TTL_SECONDS = 60;
/** Workers KV returns at most 1000 keys per listing page. */
const PAGE_SIZE = 1000;

/** What fw stores as KV metadata next to a value written with a TTL: when it really expires (epoch ms). */
interface ExpiryMetadata {
  expiresAt: number;
}

function expiresAtOf(metadata: unknown): number | null {
  const at = (metadata as Partial<ExpiryMetadata> | null)?.expiresAt;
  return typeof at === 'number' ? at : null;
}

function isLive(metadata: unknown, now: number): boolean {
  const at = expiresAtOf(metadata);
  return at === null || at > now;
}

/** The `put` options for a value expiring at `expiresAt`: KV expires it at the 60 s floor, fw hides it earlier. */
function expiryOptions(expiresAt: number, now: number): { expirationTtl: number; metadata: ExpiryMetadata } {
  const seconds = Math.ceil((expiresAt - now) / 1000);
  return { expirationTtl: Math.max(MIN_TTL_SECONDS, seconds), metadata: { expiresAt } };
}

/**
 * A `KVStore` over a Workers KV namespace binding, so sessions, rate limits and bridges share state across isolates.
 * TTLs below KV's 60 s minimum are kept exact by recording the real expiry in the entry's metadata and hiding the
 * entry once it passes; `increment` is a read-modify-write and not atomic (KV has no atomic operations).
 */
export function workersKV(namespace: KVNamespaceLike): KVStore {
  if (!namespace || typeof namespace.getWithMetadata !== 'function' || typeof namespace.list !== 'function') {
    throw new TypeError('workersKV(namespace) needs a Workers KV namespace binding (env.<BINDING>); check kv_namespaces in wrangler.toml');
  }

  async function read(key: string): Promise<{ value: string; expiresAt: number | null } | null> {
    assertKey(key);
    const { value, metadata } = await namespace.getWithMetadata(key, 'text');
    if (value === null || !isLive(metadata, Date.now())) return null;
    return { value, expiresAt: expiresAtOf(metadata) };
  }

  return {
    async get(key: string): Promise<string | null> {
      return (await read(key))?.value ?? null;
    },

    async put(key: string, value: string, options?: KVPutOptions): Promise<void> {
      assertKey(key);
      assertValue(value);
      const ttl = ttlOf(options);
      const now = Date.now();
      await namespace.put(key, value, ttl === undefined ? undefined : expiryOptions(now + ttl * 1000, now));
    },

    async delete(key: string): Promise<void> {
      assertKey(key);
      await namespace.delete(key);
    },

    async list(options?: KVListOptions): Promise<string[]> {
      const limit = limitOf(options?.limit);
      const prefix = options?.prefix ?? null;
      const names: string[] = [];
      let cursor: string | null = null;
      while (names.length < limit) {
        const page = await namespace.list({ prefix, limit: PAGE_SIZE, cursor });
        const now = Date.now();
        for (const entry of page.keys) {
          if (names.length === limit) break;
          if (isLive(entry.metadata, now)) names.push(entry.name);
        }
        if (page.list_complete) break;
        cursor = page.cursor;
      }
      return names;
    },

    async increment(key: string, by?: number, options?: KVPutOptions): Promise<number> {
      const step = stepOf(by);
      const ttl = ttlOf(options);
      const current = await read(key);
      const next = counterOf(key, current?.value ?? null) + step;
      const now = Date.now();
      const expiresAt = current !== null ? current.expiresAt : ttl === undefined ? null : now + ttl * 1000;
      await namespace.put(key, String(next), expiresAt === null ? undefined : expiryOptions(expiresAt, now));
      return next;
    },
  };
}
