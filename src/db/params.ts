import type { SqlParam } from './types';

/**
 * Checks the parameter list and converts values the engine cannot bind: undefined -> null, plain objects and arrays
 * -> JSON text (for JSON/jsonb columns), and for sqlite/d1 booleans -> 0/1, Dates -> ISO text, bigints -> numbers (d1).
 * Dates stay Dates and Uint8Arrays (Buffers) stay bytes; other objects (class instances, Maps) are refused.
 */
export function normalizeParams(params: unknown, engine: 'sqlite' | 'postgres' | 'mysql' | 'd1'): SqlParam[] {
  if (params === undefined) return [];
  if (!Array.isArray(params)) throw new TypeError(`Query parameters must be an array (one value per ?), got ${typeof params}`);
  const embedded = engine === 'sqlite' || engine === 'd1';
  return params.map((value: unknown, index): SqlParam => {
    if (value === undefined || value === null) return null;
    switch (typeof value) {
      case 'string':
      case 'number':
        return value;
      case 'boolean':
        return embedded ? (value ? 1 : 0) : value;
      case 'bigint':
        return engine === 'd1' ? bigintForD1(value, index) : value;
      case 'object':
        if (value instanceof Date) {
          if (Number.isNaN(value.getTime())) throw new TypeError(`Query parameter ${index + 1} is an invalid Date`);
          return embedded ? value.toISOString() : value;
        }
        if (value instanceof Uint8Array) return value;
        if (isPlain(value)) return asJson(value, index);
        throw new TypeError(
          `Query parameter ${index + 1} is a ${value.constructor?.name ?? 'object'}: bind a plain object or array (sent as JSON), or its fields`,
        );
      default:
        throw new TypeError(`Query parameter ${index + 1} is a ${typeof value}, which cannot be bound`);
    }
  });
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

function asJson(value: object, index: number): string {
  try {
    return JSON.stringify(value);
  } catch (cause) {
    throw new TypeError(`Query parameter ${index + 1} cannot be written as JSON: ${(cause as Error).message}`, { cause });
  }
}

function bigintForD1(value: bigint, index: number): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new TypeError(`Query parameter ${index + 1} (${value}) is outside the integers D1 can bind; pass it as a string`);
  }
  return Number(value);
}
