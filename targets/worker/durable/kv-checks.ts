/** Size bounds of the Durable Object KV: a SQLite row of a Durable Object holds at most 2 MB. */
import { assertKey, assertValue } from '../../../src/kv/validate';

/** Longest key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 2048;
/** Longest value, in UTF-8 bytes (with the longest key, a row stays under the 2 MB of a Durable Object's SQLite). */
export const MAX_VALUE_BYTES = 2_000_000;

const encoder = new TextEncoder();

function bytesOver(text: string, max: number): number | null {
  if (text.length * 3 <= max) return null;
  const bytes = encoder.encode(text).length;
  return bytes > max ? bytes : null;
}

/** Throws a TypeError unless `key` is a non-empty string of at most MAX_KEY_BYTES. */
export function assertDurableKey(key: unknown): asserts key is string {
  assertKey(key);
  const over = bytesOver(key, MAX_KEY_BYTES);
  if (over !== null) throw new TypeError(`A Durable Object KV key is at most ${MAX_KEY_BYTES} bytes (UTF-8), got ${over}`);
}

/** Throws a TypeError unless `value` is a string of at most MAX_VALUE_BYTES. */
export function assertDurableValue(value: unknown): asserts value is string {
  assertValue(value);
  const over = bytesOver(value, MAX_VALUE_BYTES);
  if (over !== null)
    throw new TypeError(
      `A Durable Object KV value is at most ${MAX_VALUE_BYTES} bytes (UTF-8), got ${over}: keep large data in R2 or split it`,
    );
}
