/** A health check: resolves `false` (or throws, or hangs past the time-out) when the dependency is unhealthy. */
export type HealthCheckFn = () => unknown;

/** The result of one check. */
export interface CheckResult {
  status: 'healthy' | 'unhealthy';
  /** Why it is unhealthy: the thrown message, "returned false", or the time-out. */
  error?: string;
  durationMs: number;
}

/** The result of running every check. */
export interface ChecksReport {
  status: 'healthy' | 'unhealthy';
  checks: Record<string, CheckResult>;
}

/** Checks the `checks` map and the time-out, with messages naming the bad entry. */
export function assertChecks(checks: unknown, timeout: unknown): void {
  if (checks !== undefined && (typeof checks !== 'object' || checks === null || Array.isArray(checks))) {
    throw new TypeError('healthCheck "checks" must be an object of name -> async function');
  }
  for (const [name, fn] of Object.entries((checks ?? {}) as Record<string, unknown>)) {
    if (typeof fn !== 'function') throw new TypeError(`healthCheck check "${name}" must be a function returning true (or a promise of it)`);
  }
  if (timeout !== undefined && (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)) {
    throw new TypeError(`healthCheck "timeout" must be a positive number of ms, got ${String(timeout)}`);
  }
}

async function runOne(fn: HealthCheckFn, timeoutMs: number): Promise<CheckResult> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const value = await Promise.race([Promise.resolve().then(fn), expiry]);
    const durationMs = Date.now() - started;
    return value === false ? { status: 'unhealthy', error: 'check returned false', durationMs } : { status: 'healthy', durationMs };
  } catch (error) {
    return { status: 'unhealthy', error: error instanceof Error ? error.message : String(error), durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every check in parallel, each bounded by `timeoutMs`; unhealthy when any check is. */
export async function runChecks(checks: Record<string, HealthCheckFn>, timeoutMs: number): Promise<ChecksReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => runOne(checks[name], timeoutMs)));
  const report: ChecksReport = { status: 'healthy', checks: {} };
  names.forEach((name, i) => {
    report.checks[name] = results[i];
    if (results[i].status === 'unhealthy') report.status = 'unhealthy';
  });
  return report;
}
