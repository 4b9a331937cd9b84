import type { CircuitBreakerOptions } from './types';
import { checkOptions } from '../core/options';

/** Every option of a circuit breaker, so a mistyped key fails at startup. */
const breakerKeys: Record<keyof CircuitBreakerOptions, true> = {
  name: true,
  threshold: true,
  windowMs: true,
  recoveryTimeout: true,
  timeout: true,
  fallback: true,
  shouldTrip: true,
  onStateChange: true,
};

/** Options with every default filled in. */
export interface ResolvedBreakerOptions<F> extends CircuitBreakerOptions<F> {
  threshold: number;
  windowMs: number;
  recoveryTimeout: number;
}

function positive(name: string, field: string, value: unknown, integer: boolean): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new TypeError(`Circuit breaker "${name}": "${field}" must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
}

function optionalFunction(name: string, field: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') {
    throw new TypeError(`Circuit breaker "${name}": "${field}" must be a function`);
  }
}

/** Checks breaker options and fills the spec defaults (threshold 5, windowMs 60000, recoveryTimeout 30000). */
export function resolveBreakerOptions<F>(options: CircuitBreakerOptions<F>): ResolvedBreakerOptions<F> {
  checkOptions('circuitBreaker()', options, breakerKeys);
  if (!options || typeof options !== 'object') throw new TypeError('Circuit breaker options must be an object with a "name"');
  const name = options.name;
  if (typeof name !== 'string' || name.trim() === '') throw new TypeError('Circuit breaker options need a non-empty string "name"');
  const resolved = {
    ...options,
    threshold: options.threshold ?? 5,
    windowMs: options.windowMs ?? 60_000,
    recoveryTimeout: options.recoveryTimeout ?? 30_000,
  };
  positive(name, 'threshold', resolved.threshold, true);
  positive(name, 'windowMs', resolved.windowMs, false);
  positive(name, 'recoveryTimeout', resolved.recoveryTimeout, false);
  if (resolved.timeout !== undefined) positive(name, 'timeout', resolved.timeout, false);
  optionalFunction(name, 'fallback', resolved.fallback);
  optionalFunction(name, 'shouldTrip', resolved.shouldTrip);
  optionalFunction(name, 'onStateChange', resolved.onStateChange);
  return resolved;
}
