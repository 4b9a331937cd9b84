import type { CircuitBreaker } from './breaker';
import { getCircuitBreakerRegistry } from './registry';
import type { CircuitBreakerOptions } from './types';

type Overrides<F> = Omit<CircuitBreakerOptions<F>, 'name'>;

function preset<F>(name: string, defaults: Overrides<F>, overrides?: Overrides<F>): CircuitBreaker<F> {
  return getCircuitBreakerRegistry().get<F>({ ...defaults, ...overrides, name });
}

/** A breaker for remote HTTP APIs: 5 failures in 60 s trip it, 30 s recovery, 10 s per call. */
export function apiCircuitBreaker<F = never>(name: string, overrides?: Overrides<F>): CircuitBreaker<F> {
  return preset(name, { threshold: 5, windowMs: 60_000, recoveryTimeout: 30_000, timeout: 10_000 }, overrides);
}

/** A breaker for databases: 3 failures in 30 s trip it, 10 s recovery, 5 s per call. */
export function dbCircuitBreaker<F = never>(name: string, overrides?: Overrides<F>): CircuitBreaker<F> {
  return preset(name, { threshold: 3, windowMs: 30_000, recoveryTimeout: 10_000, timeout: 5_000 }, overrides);
}

/** A breaker for critical dependencies that must fail fast: 2 failures in 10 s trip it, 60 s recovery, 3 s per call. */
export function criticalCircuitBreaker<F = never>(name: string, overrides?: Overrides<F>): CircuitBreaker<F> {
  return preset(name, { threshold: 2, windowMs: 10_000, recoveryTimeout: 60_000, timeout: 3_000 }, overrides);
}
