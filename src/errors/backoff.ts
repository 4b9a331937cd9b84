/** How long to wait between attempts. */
export interface BackoffOptions {
  /** Delay before the first retry, before jitter (default 100 ms). */
  baseDelayMs?: number;
  /** Upper bound of any delay (default 10000 ms). */
  maxDelayMs?: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** `full` (default): a uniform random delay in [0, cap] ("full jitter"); `none`: exactly the cap. */
  jitter?: 'full' | 'none';
  /** Source of randomness in [0, 1) (default Math.random); tests pass a fixed one. */
  random?: () => number;
}

function check(field: string, value: number, min: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new TypeError(`Backoff option "${field}" must be a finite number >= ${min}, got ${String(value)}`);
  }
}

/** The delay before retry number `attempt` (0 = first retry): min(maxDelay, base * factor^attempt), fully jittered. */
export function computeBackoff(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseDelayMs ?? 100;
  const max = options.maxDelayMs ?? 10_000;
  const factor = options.factor ?? 2;
  check('attempt', attempt, 0);
  check('baseDelayMs', base, 0);
  check('maxDelayMs', max, 0);
  check('factor', factor, 1);
  if (options.jitter !== undefined && options.jitter !== 'full' && options.jitter !== 'none') {
    throw new TypeError(`Backoff option "jitter" must be "full" or "none", got ${String(options.jitter)}`);
  }
  const cap = Math.min(max, base * factor ** attempt);
  if (options.jitter === 'none') return cap;
  return Math.floor((options.random ?? Math.random)() * cap);
}
