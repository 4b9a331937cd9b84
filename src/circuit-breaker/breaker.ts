import { CircuitBreakerError, CircuitTimeoutError } from './error';
import { resolveBreakerOptions, type ResolvedBreakerOptions } from './options';
import type { CircuitBreakerMetrics, CircuitBreakerOptions, CircuitState } from './types';

function start<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Guards calls to a dependency: after `threshold` failures inside `windowMs` it opens and refuses calls,
 * after `recoveryTimeout` it lets exactly one probe through (HALF_OPEN); the probe's outcome closes or reopens it.
 * Time is read from `Date.now()` when needed (no background timers), so it works on workers too.
 */
export class CircuitBreaker<F = never> {
  readonly name: string;
  readonly options: ResolvedBreakerOptions<F>;
  private current: CircuitState = 'CLOSED';
  private failureTimes: number[] = [];
  private probeInFlight = false;
  private openedUntil: number | null = null;
  private lastFailureAt: number | null = null;
  private lastStateChangeAt = Date.now();
  private counts = { totalCalls: 0, totalSuccesses: 0, totalFailures: 0, rejected: 0, timeouts: 0, fallbacks: 0 };

  constructor(options: CircuitBreakerOptions<F>) {
    this.options = resolveBreakerOptions(options);
    this.name = this.options.name;
  }

  /** The state now; an OPEN breaker whose `recoveryTimeout` has passed becomes HALF_OPEN when read. */
  get state(): CircuitState {
    if (this.current === 'OPEN' && this.openedUntil !== null && Date.now() >= this.openedUntil) this.moveTo('HALF_OPEN');
    return this.current;
  }

  /** Runs `fn` through the breaker: refused while OPEN (fallback or CircuitBreakerError), timed out after `timeout`. */
  async execute<T>(fn: () => T | Promise<T>): Promise<T | F> {
    if (typeof fn !== 'function') throw new TypeError(`Circuit breaker "${this.name}": execute() needs a function to call`);
    this.counts.totalCalls++;
    const state = this.state;
    if (state === 'OPEN' || (state === 'HALF_OPEN' && this.probeInFlight)) return this.refuse(state);
    const isProbe = state === 'HALF_OPEN';
    if (isProbe) this.probeInFlight = true;
    try {
      const value = await this.withTimeout(fn);
      this.counts.totalSuccesses++;
      if (isProbe) this.close();
      return value;
    } catch (error) {
      this.onFailure(error, isProbe);
      throw error;
    } finally {
      if (isProbe) this.probeInFlight = false;
    }
  }

  /** Returns to CLOSED with zeroed counts, whatever the state. */
  reset(): void {
    this.failureTimes = [];
    this.lastFailureAt = null;
    this.probeInFlight = false;
    this.counts = { totalCalls: 0, totalSuccesses: 0, totalFailures: 0, rejected: 0, timeouts: 0, fallbacks: 0 };
    this.moveTo('CLOSED');
  }

  /** A snapshot of the counters and timestamps. */
  metrics(): CircuitBreakerMetrics {
    const state = this.state;
    return {
      name: this.name,
      state,
      failures: this.windowFailures(Date.now()),
      threshold: this.options.threshold,
      windowMs: this.options.windowMs,
      ...this.counts,
      lastFailureAt: this.lastFailureAt,
      lastStateChangeAt: this.lastStateChangeAt,
      nextAttemptAt: state === 'OPEN' ? this.openedUntil : null,
    };
  }

  private async refuse(state: CircuitState): Promise<F> {
    this.counts.rejected++;
    if (this.options.fallback) {
      this.counts.fallbacks++;
      return this.options.fallback(this.name);
    }
    const retryAfterMs = state === 'OPEN' && this.openedUntil !== null ? this.openedUntil - Date.now() : (this.options.timeout ?? 1000);
    throw new CircuitBreakerError(this.name, state, retryAfterMs);
  }

  private withTimeout<T>(fn: () => T | Promise<T>): Promise<T> {
    const timeout = this.options.timeout;
    const call = start(fn);
    if (timeout === undefined) return call;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.counts.timeouts++;
        reject(new CircuitTimeoutError(this.name, timeout));
      }, timeout);
    });
    return Promise.race([call, expiry]).finally(() => clearTimeout(timer));
  }

  private onFailure(error: unknown, isProbe: boolean): void {
    if (!this.isTripping(error)) {
      if (isProbe) this.close();
      return;
    }
    const now = Date.now();
    this.counts.totalFailures++;
    this.lastFailureAt = now;
    if (isProbe) return this.open(now);
    if (this.current !== 'CLOSED') return;
    this.failureTimes.push(now);
    if (this.windowFailures(now) >= this.options.threshold) this.open(now);
  }

  private isTripping(error: unknown): boolean {
    if (error instanceof CircuitTimeoutError || !this.options.shouldTrip) return true;
    try {
      return this.options.shouldTrip(error) !== false;
    } catch {
      return true;
    }
  }

  private windowFailures(now: number): number {
    const since = now - this.options.windowMs;
    let drop = 0;
    while (drop < this.failureTimes.length && this.failureTimes[drop] <= since) drop++;
    if (drop > 0) this.failureTimes = this.failureTimes.slice(drop);
    return this.failureTimes.length;
  }

  private open(now: number): void {
    this.openedUntil = now + this.options.recoveryTimeout;
    this.moveTo('OPEN');
  }

  private close(): void {
    this.failureTimes = [];
    this.moveTo('CLOSED');
  }

  private moveTo(next: CircuitState): void {
    if (next !== 'OPEN') this.openedUntil = null;
    if (this.current === next) return;
    this.current = next;
    this.lastStateChangeAt = Date.now();
    const listener = this.options.onStateChange;
    if (!listener) return;
    try {
      listener(next, this.metrics());
    } catch {
      // A listener's failure must not change the outcome of the guarded call.
    }
  }
}
