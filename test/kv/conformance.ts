/** The one behaviour every KVStore must show: run it for each backend with `runKVConformance(name, makeStore)`. */
import { afterEach, describe, expect, it } from 'vitest';
import { getJSON, putJSON } from '../../src/kv/json';
import type { KVStore } from '../../src/kv/types';

/** How a backend differs in what the suite can check. */
export interface KVConformanceOptions {
  /** Shortest TTL in seconds the store accepts (Workers KV: 60); default 1. */
  minTtl?: number;
  /** Lets `seconds` pass for the store (a fake clock, or a real wait); expiry is checked only when given. */
  elapse?: (seconds: number) => Promise<void>;
  /** Whether concurrent increments never lose an update (Workers KV: false). Default true. */
  atomicIncrement?: boolean;
}

/** Registers the shared KVStore tests; `makeStore` returns a fresh, empty store (its own prefix) for each test. */
export function runKVConformance(name: string, makeStore: () => KVStore | Promise<KVStore>, options: KVConformanceOptions = {}): void {
  const minTtl = options.minTtl ?? 1;
  let stores: KVStore[] = [];
  const fresh = async (): Promise<KVStore> => {
    const store = await makeStore();
    stores.push(store);
    return store;
  };

  describe(`KVStore conformance: ${name}`, () => {
    afterEach(async () => {
      for (const store of stores) for (const key of await store.list()) await store.delete(key);
      stores = [];
    });

    it('returns null for a missing key and the value after put', async () => {
      const kv = await fresh();
      expect(await kv.get('missing')).toBeNull();
      await kv.put('a', 'one');
      expect(await kv.get('a')).toBe('one');
      await kv.put('a', 'two');
      expect(await kv.get('a')).toBe('two');
    });

    it('keeps unicode, empty strings and long values intact', async () => {
      const kv = await fresh();
      const long = 'x'.repeat(100_000);
      await kv.put('u', 'héllo ✓ 𝄞 "quoted" \n newline');
      await kv.put('empty', '');
      await kv.put('long', long);
      expect(await kv.get('u')).toBe('héllo ✓ 𝄞 "quoted" \n newline');
      expect(await kv.get('empty')).toBe('');
      expect(await kv.get('long')).toBe(long);
    });

    it('deletes a key, and deleting a missing key is no error', async () => {
      const kv = await fresh();
      await kv.put('d', '1');
      await kv.delete('d');
      expect(await kv.get('d')).toBeNull();
      await expect(kv.delete('never-there')).resolves.toBeUndefined();
    });

    it('lists keys in lexical order, by prefix, with a limit', async () => {
      const kv = await fresh();
      for (const k of ['user:2', 'user:10', 'user:1', 'order:1', 'user*glob']) await kv.put(k, 'v');
      expect(await kv.list()).toEqual(['order:1', 'user*glob', 'user:1', 'user:10', 'user:2']);
      expect(await kv.list({ prefix: 'user:' })).toEqual(['user:1', 'user:10', 'user:2']);
      expect(await kv.list({ prefix: 'user*' })).toEqual(['user*glob']);
      expect(await kv.list({ prefix: 'user:', limit: 2 })).toEqual(['user:1', 'user:10']);
      expect(await kv.list({ prefix: 'none:' })).toEqual([]);
    });

    it('increments from zero, by a step, and down', async () => {
      const kv = await fresh();
      expect(await kv.increment('c')).toBe(1);
      expect(await kv.increment('c')).toBe(2);
      expect(await kv.increment('c', 10)).toBe(12);
      expect(await kv.increment('c', -5)).toBe(7);
      expect(await kv.get('c')).toBe('7');
    });

    it('applies the increment ttl only when the counter is created, and keeps the value readable', async () => {
      const kv = await fresh();
      expect(await kv.increment('t', 1, { ttl: minTtl * 100 })).toBe(1);
      expect(await kv.increment('t', 1, { ttl: minTtl * 100 })).toBe(2);
      expect(await kv.get('t')).toBe('2');
    });

    if (options.atomicIncrement ?? true) {
      it('loses no update under concurrent increments', async () => {
        const kv = await fresh();
        const results = await Promise.all(Array.from({ length: 50 }, () => kv.increment('race')));
        expect(new Set(results).size).toBe(50);
        expect(await kv.get('race')).toBe('50');
      });
    }

    it('rejects bad input with a TypeError naming the problem', async () => {
      const kv = await fresh();
      await expect(kv.put('', 'v')).rejects.toThrow(/key must be a non-empty string/);
      await expect(kv.get(42 as unknown as string)).rejects.toThrow(/key must be a non-empty string/);
      await expect(kv.put('k', { a: 1 } as unknown as string)).rejects.toThrow(/value must be a string/);
      await expect(kv.put('k', 'v', { ttl: -1 })).rejects.toThrow(/ttl must be a positive number/);
      await expect(kv.put('k', 'v', { ttl: Number.NaN })).rejects.toThrow(/ttl must be a positive number/);
      await expect(kv.increment('k', 1.5)).rejects.toThrow(/increment must be an integer/);
      await expect(kv.list({ limit: 0 })).rejects.toThrow(/limit must be a positive integer/);
      expect(await kv.get('k')).toBeNull();
    });

    it('refuses to increment a value that is not a counter, leaving it unchanged', async () => {
      const kv = await fresh();
      await kv.put('text', 'hello');
      await expect(kv.increment('text')).rejects.toThrow(/not an integer counter/);
      expect(await kv.get('text')).toBe('hello');
    });

    it('stores JSON through getJSON/putJSON and reports non-JSON values', async () => {
      const kv = await fresh();
      await putJSON(kv, 'j', { n: 1, list: ['a', null], nested: { ok: true } });
      expect(await getJSON(kv, 'j')).toEqual({ n: 1, list: ['a', null], nested: { ok: true } });
      expect(await getJSON(kv, 'absent')).toBeNull();
      await kv.put('bad', '{not json');
      await expect(getJSON(kv, 'bad')).rejects.toThrow(/does not hold JSON/);
      await expect(putJSON(kv, 'u', undefined)).rejects.toThrow(/has no JSON form/);
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      await expect(putJSON(kv, 'cyc', cyclic)).rejects.toThrow(/Cannot store KV key "cyc" as JSON/);
    });

    if (options.elapse) {
      const elapse = options.elapse;
      it('expires entries after their ttl, in get and in list', async () => {
        const kv = await fresh();
        // The read follows its write directly, so only one round trip has to fit in the ttl on a real clock.
        await kv.put('short', 'v', { ttl: minTtl });
        expect(await kv.get('short')).toBe('v');
        await kv.put('long', 'v', { ttl: minTtl * 100 });
        await kv.put('forever', 'v');
        await elapse(minTtl * 2);
        expect(await kv.get('short')).toBeNull();
        expect(await kv.get('long')).toBe('v');
        expect(await kv.list()).toEqual(['forever', 'long']);
      });

      it('expires a counter created with a ttl, then starts again from zero', async () => {
        const kv = await fresh();
        await kv.increment('window', 5, { ttl: minTtl });
        await elapse(minTtl * 2);
        expect(await kv.get('window')).toBeNull();
        expect(await kv.increment('window', 1, { ttl: minTtl })).toBe(1);
      });
    }
  });
}
