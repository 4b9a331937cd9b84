import type { CircuitState } from './types';

/** Thrown when a breaker refuses a call; the core answers it with 503 and a `Retry-After` header. */
export class CircuitBreakerError extends Error {
  readonly status = 503;
  readonly code = 'CIRCUIT_OPEN';
  readonly breakerName: string;
  readonly circuitState: CircuitState;
  /** Response headers the core copies onto the error response (`Retry-After` in seconds). */
  readonly headers: Record<string, string>;

  constructor(breakerName: string, circuitState: CircuitState, retryAfterMs: number) {
    super(`Circuit breaker "${breakerName}" is ${circuitState}: the call was not attempted`);
    this.name = 'CircuitBreakerError';
    this.breakerName = breakerName;
    this.circuitState = circuitState;
    this.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
  }
}

/** Thrown when a guarded call exceeds the breaker's `timeout`; it counts as a failure. */
export class CircuitTimeoutError extends Error {
  readonly status = 504;
  readonly code = 'CIRCUIT_TIMEOUT';
  readonly breakerName: string;

  constructor(breakerName: string, timeoutMs: number) {
    super(`Circuit breaker "${breakerName}": the call timed out after ${timeoutMs} ms`);
    this.name = 'CircuitTimeoutError';
    this.breakerName = breakerName;
  }
}
