import type { Fw } from '../core/fw';
import { CIRCUIT_BREAKERS_STATE_KEY } from '../circuit-breaker/plugin';
import { getCircuitBreakerRegistry, type CircuitBreakerRegistry } from '../circuit-breaker/registry';
import { runChecks, type CheckResult, type HealthCheckFn } from './checks';
import { HEALTH_STATE_KEY, type HealthState } from './plugin';
import { readSnapshotMetrics, type SnapshotMetrics } from './snapshot-metrics';

/**
 * Everything the health dashboard shows, as plain JSON (spec `HealthDashboardSnapshot`); with `metrics()` also the
 * merged metrics view its charts draw (`metrics`, see `SnapshotMetrics`).
 */
export interface HealthDashboardSnapshot extends SnapshotMetrics {
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
  /** The platform `env` a `metrics()` store function takes (default: the latest request's). */
  env?: unknown;
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

/**
 * Runs the app's health checks and gathers routes, plugins, circuit breakers, scheduler jobs and, when the app has
 * `metrics()`, its merged metrics view into one snapshot.
 */
export async function buildHealthSnapshot(app: Fw, options: SnapshotOptions = {}): Promise<HealthDashboardSnapshot> {
  const registered = app.state<HealthState>(HEALTH_STATE_KEY);
  const [report, metrics] = await Promise.all([
    options.checks || !registered ? runChecks(options.checks ?? {}, options.timeout ?? 5000) : registered.run(),
    readSnapshotMetrics(app, options.env),
  ]);
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
    ...metrics,
  };
}
