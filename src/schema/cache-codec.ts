import { parse, stringify } from 'devalue';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Encodes a value as bytes for fw's internal caches (response cache, KV-backed stores), keeping what JSON
 * loses: Date, Map, Set, BigInt, typed arrays, undefined properties, -0, NaN and repeated or cyclic
 * references. Built on `devalue` (no code evaluation); not meant for HTTP bodies. Functions, symbols and
 * class instances are refused with a TypeError.
 */
export function serializeForCache(value: unknown): Uint8Array {
  try {
    return encoder.encode(stringify(value));
  } catch (error) {
    throw new TypeError(`serializeForCache cannot encode this value: ${(error as Error).message}`, { cause: error });
  }
}

/** Decodes bytes written by `serializeForCache` back into the value; anything else is a TypeError. */
export function deserializeFromCache<T = unknown>(bytes: Uint8Array | ArrayBuffer): T {
  if (!(bytes instanceof Uint8Array) && !(bytes instanceof ArrayBuffer)) {
    throw new TypeError('deserializeFromCache needs the Uint8Array (or ArrayBuffer) serializeForCache returned');
  }
  try {
    return parse(decoder.decode(bytes)) as T;
  } catch (error) {
    throw new TypeError('deserializeFromCache: the bytes are not a cache payload written by serializeForCache', { cause: error });
  }
}
