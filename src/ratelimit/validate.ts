import type { WindowLimit } from './types';

/** Throws a TypeError unless `value` is a positive integer; names the option in the message. */
export function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new TypeError(`rateLimit: ${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

/** Throws a TypeError unless `value` is a positive finite number. */
export function positiveNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`rateLimit: ${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}

/** Checks a `{ max, windowMs }` pair and returns it. */
export function windowLimit(name: string, limit: Partial<WindowLimit> | undefined): WindowLimit {
  if (!limit || typeof limit !== 'object') throw new TypeError(`rateLimit: ${name} must be { max, windowMs }`);
  return { max: positiveInteger(`${name}.max`, limit.max), windowMs: positiveInteger(`${name}.windowMs`, limit.windowMs) };
}

/** Checks `ipv6Subnet`: a prefix length from 1 to 128, or false (default 56, as express-rate-limit counts IPv6). */
export function ipv6Subnet(value: unknown): number | false {
  if (value === undefined) return 56;
  if (value === false || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 128)) return value;
  throw new TypeError(`rateLimit: ipv6Subnet must be a prefix length from 1 to 128, or false, got ${String(value)}`);
}
