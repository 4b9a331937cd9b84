/** Argument checks every KVStore shares, so bad input fails the same clear way on every backend. */
import type { KVPutOptions } from './types';

/** Throws a TypeError unless `key` is a non-empty string. */
export function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0) throw new TypeError(`A KV key must be a non-empty string, got ${describe(key)}`);
}

/** Throws a TypeError unless `value` is a string (use putJSON for objects). */
export function assertValue(value: unknown): asserts value is string {
  if (typeof value !== 'string') throw new TypeError(`A KV value must be a string (use putJSON for objects), got ${describe(value)}`);
}

/** The TTL in seconds of put options, or undefined; throws a TypeError for anything but a positive finite number. */
export function ttlOf(options: KVPutOptions | undefined): number | undefined {
  const ttl = options?.ttl;
  if (ttl === undefined) return undefined;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)
    throw new TypeError(`A KV ttl must be a positive number of seconds, got ${describe(ttl)}`);
  return ttl;
}

/** The increment step; throws a TypeError unless it is a safe integer. */
export function stepOf(by: unknown): number {
  if (by === undefined) return 1;
  if (typeof by !== 'number' || !Number.isSafeInteger(by)) throw new TypeError(`A KV increment must be an integer, got ${describe(by)}`);
  return by;
}

/** The limit of a listing; throws a TypeError unless it is a positive integer. */
export function limitOf(limit: unknown): number {
  if (limit === undefined) return Infinity;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit <= 0)
    throw new TypeError(`A KV list limit must be a positive integer, got ${describe(limit)}`);
  return limit;
}

/** Parses a stored counter; a value that is not an integer is an error naming the key. */
export function counterOf(key: string, stored: string | null): number {
  if (stored === null) return 0;
  const n = Number(stored);
  if (stored.trim() === '' || !Number.isSafeInteger(n))
    throw new TypeError(`KV key "${key}" holds "${stored.slice(0, 40)}", not an integer counter`);
  return n;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}
