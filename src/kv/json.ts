import type { KVPutOptions, KVStore } from './types';

/** Reads a JSON value stored under `key` (null when absent); a value that is not JSON is an error naming the key. */
export async function getJSON<T = unknown>(store: KVStore, key: string): Promise<T | null> {
  const text = await store.get(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new TypeError(`KV key "${key}" does not hold JSON`, { cause });
  }
}

/** Stores a value as JSON under `key`; values JSON cannot represent (undefined, functions, cycles) are a TypeError. */
export async function putJSON(store: KVStore, key: string, value: unknown, options?: KVPutOptions): Promise<void> {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (cause) {
    throw new TypeError(`Cannot store KV key "${key}" as JSON: ${(cause as Error).message}`, { cause });
  }
  if (text === undefined) throw new TypeError(`Cannot store KV key "${key}" as JSON: ${typeof value} has no JSON form`);
  await store.put(key, text, options);
}
