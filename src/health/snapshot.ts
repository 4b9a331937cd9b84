import type { Fw } from '../core/fw';
import { CIRCUIT_BREAKERS_STATE_KEY } from '../circuit-breaker/plugin';
import { getCircuitBreakerRegistry, type CircuitBreakerRegistry } from '../circuit-breaker/registry';
import { runChecks, type CheckResult, type HealthCheckFn } from './checks';
import { HEALTH_STATE_KEY, type HealthState } from './plugin';

/** Everything the health dashboard shows, as plain JSON (spec `HealthDashboardSnapshot`). */
export interface HealthDashboardSnapshot {
  status: 'healthy' | 'unhealthy';
  generatedAt: string;
  uptimeMs: number;
  checks: Record<string, CheckResult>;
  app: { routes: number; plugins: string[]; development: boolean };
  circuitBreakers: { name: string; state: string; failures: number; rejected: number }[];
  jobs: {
    name: string;
    cron: string;
    running: boolean;
    runs: number;
    failures: number;
    lastError: string | null;
    nextRunAt: string | null;
  }[];
}

/** Options of `buildHealthSnapshot`. */
export interface SnapshotOptions {
  /** Checks to run when the app has no `healthCheck` plugin (otherwise the plugin's are used). */
  checks?: Record<string, HealthCheckFn>;
  /** Time-out per check in ms (default 5000). */
  timeout?: number;
  /** Start of the uptime count in epoch ms (default: when the module loaded). */
  startedAt?: number;
}

const loadedAt = Date.now();

interface SchedulerLike {
  list(): {
    name: string;
    cron: string;
    running: boolean;
    runs: number;
    failures: number;
    lastError: string | null;
    nextRunAt: Date | null;
  }[];
}

/** Runs the app's health checks and gathers routes, plugins, circuit breakers and scheduler jobs into one snapshot. */
export async function buildHealthSnapshot(app: Fw, options: SnapshotOptions = {}): Promise<HealthDashboardSnapshot> {
  const registered = app.state<HealthState>(HEALTH_STATE_KEY);
  const report = options.checks || !registered ? await runChecks(options.checks ?? {}, options.timeout ?? 5000) : await registered.run();
  const scheduler = app.state<SchedulerLike>('fw:scheduler');
  return {
    status: report.status,
    generatedAt: new Date().toISOString(),
    uptimeMs: Date.now() - (options.startedAt ?? loadedAt),
    checks: report.checks,
    app: { routes: app.routeRecords.length, plugins: app.getPlugins(), development: app.config.development ?? false },
    circuitBreakers: (app.state<CircuitBreakerRegistry>(CIRCUIT_BREAKERS_STATE_KEY) ?? getCircuitBreakerRegistry()).list().map((b) => {
      const m = b.metrics();
      return { name: m.name, state: m.state, failures: m.failures, rejected: m.rejected };
    }),
    jobs:
      typeof scheduler?.list === 'function'
        ? scheduler.list().map((j) => ({
            name: j.name,
            cron: j.cron,
            running: j.running,
            runs: j.runs,
            failures: j.failures,
            lastError: j.lastError,
            nextRunAt: j.nextRunAt ? j.nextRunAt.toISOString() : null,
          }))
        : [],
  };
}
