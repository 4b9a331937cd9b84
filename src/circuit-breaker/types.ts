/** The three states of a circuit breaker. */
export type CircuitState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

/** Counters and timestamps of one breaker, handed to `onStateChange` and shown by the registry. */
export interface CircuitBreakerMetrics {
  name: string;
  state: CircuitState;
  /** Failures inside the current sliding window. */
  failures: number;
  threshold: number;
  windowMs: number;
  totalCalls: number;
  totalSuccesses: number;
  totalFailures: number;
  /** Calls refused while OPEN or while a HALF_OPEN probe was in flight. */
  rejected: number;
  /** Calls that exceeded `timeout` (also counted in totalFailures). */
  timeouts: number;
  /** Calls answered by `fallback`. */
  fallbacks: number;
  lastFailureAt: number | null;
  lastStateChangeAt: number;
  /** When an OPEN breaker admits its next probe (null unless OPEN). */
  nextAttemptAt: number | null;
}

/** Options of one breaker (spec `CircuitBreakerOptions`). */
export interface CircuitBreakerOptions<F = unknown> {
  name: string;
  /** Failures inside `windowMs` that trip the breaker (default 5). */
  threshold?: number;
  /** Length of the sliding failure window in ms (default 60000). */
  windowMs?: number;
  /** Time in OPEN before one probe is let through, in ms (default 30000). */
  recoveryTimeout?: number;
  /** Per-call time-out in ms; a late result is ignored and the call counts as a failure. */
  timeout?: number;
  /** Answers refused calls (OPEN, or HALF_OPEN with a probe in flight) instead of a CircuitBreakerError. */
  fallback?: (name: string) => F | Promise<F>;
  /** Whether an error counts as a failure (default: every error does). */
  shouldTrip?: (error: unknown) => boolean;
  /** Called after every state change with the new state and the metrics. */
  onStateChange?: (state: CircuitState, metrics: CircuitBreakerMetrics) => void;
}
