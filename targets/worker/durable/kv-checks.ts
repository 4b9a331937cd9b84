/**
 * Checks of the Durable Object KV beyond those every store shares: a row of a Durable Object's SQLite holds 2 MB,
 * and SQLite stores UTF-8, which has no form for a lone surrogate (it would come back as U+FFFD, silently changed).
 */
import type { KVListOptions, KVPutOptions } from '../../../src/kv/types';
import { assertKey, assertValue, limitOf, ttlOf } from '../../../src/kv/validate';
import { assertLifetime } from './kv-cleanup-alarm';

/** Longest key, in UTF-8 bytes. */
const MAX_KEY_BYTES = 2048;
/** Longest value, in UTF-8 bytes (with the longest key, a row stays under the 2 MB of a Durable Object's SQLite). */
const MAX_VALUE_BYTES = 2_000_000;

const encoder = new TextEncoder();
const loneSurrogate = /\p{Surrogate}/u;

function bytesOver(text: string, max: number): number | null {
  if (text.length * 3 <= max) return null;
  const bytes = encoder.encode(text).length;
  return bytes > max ? bytes : null;
}

function assertWellFormed(what: 'key' | 'value' | 'prefix', text: string): void {
  const at = text.search(loneSurrogate);
  if (at >= 0)
    throw new TypeError(
      `A Durable Object KV ${what} must be well-formed Unicode: it has a lone surrogate at index ${at}, which UTF-8 storage cannot keep (encode binary data as base64)`,
    );
}

/** Throws a TypeError unless `key` is a non-empty, well-formed string of at most MAX_KEY_BYTES. */
export function assertDurableKey(key: unknown): asserts key is string {
  assertKey(key);
  const over = bytesOver(key, MAX_KEY_BYTES);
  if (over !== null) throw new TypeError(`A Durable Object KV key is at most ${MAX_KEY_BYTES} bytes (UTF-8), got ${over}`);
  assertWellFormed('key', key);
}

/** Throws a TypeError unless `value` is a well-formed string of at most MAX_VALUE_BYTES. */
export function assertDurableValue(value: unknown): asserts value is string {
  assertValue(value);
  const over = bytesOver(value, MAX_VALUE_BYTES);
  if (over !== null)
    throw new TypeError(
      `A Durable Object KV value is at most ${MAX_VALUE_BYTES} bytes (UTF-8), got ${over}: keep large data in R2 or split it`,
    );
  assertWellFormed('value', value);
}

/** The TTL (seconds) of put options, or undefined: a positive number of at most 100 years, since the cleanup alarm cannot be set later. */
export function durableTtl(options: KVPutOptions | undefined): number | undefined {
  const ttl = ttlOf(options);
  if (ttl !== undefined) assertLifetime('A Durable Object KV ttl', ttl * 1000, 'seconds');
  return ttl;
}

/**
 * The checked options of a listing: `limit` a positive safe integer (SQLite takes 64-bit integers; a larger number
 * would reach it as a float and fail), `prefix` a well-formed string; a `cursor` is refused, since these listings
 * come whole, in key order (continue after the last key with a narrower prefix, or raise `limit`).
 */
export function durableListOptions(options: unknown): { prefix: string; limit: number } {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new TypeError(`A KV list takes an options object ({ prefix, limit }), got ${options === null ? 'null' : typeof options}`);
  const { prefix = '', limit, cursor } = (options ?? {}) as KVListOptions & { cursor?: unknown };
  if (cursor !== undefined)
    throw new TypeError('A Durable Object KV list takes no cursor: it answers every key under the prefix in order, up to limit');
  const checked = limitOf(limit);
  if (checked !== Infinity && !Number.isSafeInteger(checked))
    throw new TypeError(`A KV list limit must be a positive safe integer (at most ${Number.MAX_SAFE_INTEGER}), got ${checked}`);
  if (typeof prefix !== 'string') throw new TypeError(`A KV list prefix must be a string, got ${prefix === null ? 'null' : typeof prefix}`);
  assertWellFormed('prefix', prefix);
  return { prefix, limit: checked };
}
