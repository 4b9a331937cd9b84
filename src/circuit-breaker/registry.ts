import { CircuitBreaker } from './breaker';
import { existingCircuitBreakerRegistry, setProcessRegistry } from './process-registry';
import type { CircuitBreakerMetrics, CircuitBreakerOptions } from './types';

/** Named breakers shared by an app (and read by the MCP `fw/circuit-breakers/*` tools). */
export class CircuitBreakerRegistry {
  private readonly breakers = new Map<string, CircuitBreaker<any>>();

  /** The breaker with this name, created from `options` on first use (later options for the same name are ignored). */
  get<F = never>(options: CircuitBreakerOptions<F>): CircuitBreaker<F> {
    const name = options?.name;
    const existing = typeof name === 'string' ? this.breakers.get(name) : undefined;
    if (existing) return existing as CircuitBreaker<F>;
    const breaker = new CircuitBreaker<F>(options);
    this.breakers.set(breaker.name, breaker);
    return breaker;
  }

  /** The breaker with this name, or undefined. */
  find(name: string): CircuitBreaker<any> | undefined {
    return this.breakers.get(name);
  }

  /** Whether a breaker with this name exists. */
  has(name: string): boolean {
    return this.breakers.has(name);
  }

  /** Every breaker, in creation order. */
  list(): CircuitBreaker<any>[] {
    return [...this.breakers.values()];
  }

  /** Metrics of every breaker keyed by name. */
  metrics(): Record<string, CircuitBreakerMetrics> {
    const out: Record<string, CircuitBreakerMetrics> = {};
    for (const [name, breaker] of this.breakers) out[name] = breaker.metrics();
    return out;
  }

  /** Resets one breaker to CLOSED; false when no breaker has that name. */
  reset(name: string): boolean {
    const breaker = this.breakers.get(name);
    breaker?.reset();
    return breaker !== undefined;
  }

  /** Resets every breaker to CLOSED. */
  resetAll(): void {
    for (const breaker of this.breakers.values()) breaker.reset();
  }

  /** Forgets every breaker. */
  clear(): void {
    this.breakers.clear();
  }
}

/** The process-wide registry the presets and `ctx.circuitBreaker` use unless given another (made on first use). */
export function getCircuitBreakerRegistry(): CircuitBreakerRegistry {
  return existingCircuitBreakerRegistry() ?? setProcessRegistry(new CircuitBreakerRegistry());
}

/** Replaces the process-wide registry with an empty one (tests, hot reload). */
export function resetCircuitBreakerRegistry(): void {
  setProcessRegistry(new CircuitBreakerRegistry());
}
