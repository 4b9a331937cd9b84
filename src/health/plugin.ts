import type { Context } from '../core/context';
import type { DeclaresRoutes, PluginRoute } from '../core/plugin-routes';
import type { FwPluginConfig } from '../core/types';
import { assertChecks, runChecks, type CheckResult, type ChecksReport, type HealthCheckFn } from './checks';
import { checkOptions } from '../core/options';
import { assertAccess, assertDetails, healthAccess, type AccessCheck, type HealthAccessOptions, type HealthDetails } from './access';

/** Options of `healthCheck`. */
export interface HealthCheckOptions extends HealthAccessOptions {
  /**
   * Who sees each check's status, duration and error on /health and /ready: `'when-authorized'` (default: a caller
   * that `token`, `authorize` or `loopback` accepts), `'always'` or `'never'`. Everyone else gets the status only.
   */
  details?: HealthDetails;
  /** Named checks, each an async function returning true; run in parallel on /health and /ready. */
  checks?: Record<string, HealthCheckFn>;
  /** Time-out per check in ms (default 5000); a check that hangs counts as unhealthy. */
  timeout?: number;
  /** Paths of the three endpoints (defaults /health, /live, /ready). */
  paths?: { health?: string; live?: string; ready?: string };
  /** Count the probes in `rateLimit()` like any route (default false: they are registered with `rateLimit: false`). */
  rateLimit?: boolean;
}

/** What the plugin shares as app state `fw:health` (the dashboard reads it). */
export interface HealthState {
  run(): Promise<ChecksReport>;
  names: string[];
  /** Whether the caller passes the plugin's access options (`token`, `authorize`, `loopback`); the dashboard reuses it. */
  authorized: AccessCheck;
}

/** The answer of /health: the status, and each check only for a caller who may see details. */
export interface HealthReport {
  status: ChecksReport['status'];
  checks?: Record<string, CheckResult>;
}

/** The path an option of `paths` gives (`Default` when it is not given). */
type PathOption<O, K extends string, Default extends string> = O extends { readonly paths: { readonly [k in K]: infer P extends string } }
  ? P
  : Default;

/** The routes `healthCheck(options)` adds to the app's type (for `fw/client`), at the paths its options give. */
export type HealthRoutes<O> =
  | PluginRoute<'GET', PathOption<O, 'health', '/health'>, { 200: HealthReport; 503: HealthReport }>
  | PluginRoute<'GET', PathOption<O, 'live', '/live'>, { 200: { alive: true } }>
  | PluginRoute<
      'GET',
      PathOption<O, 'ready', '/ready'>,
      { 200: { ready: true }; 503: { ready: false; reason?: 'shutting down'; checks?: Record<string, CheckResult> } }
    >;

/** App state key of the health runner. */
export const HEALTH_STATE_KEY = 'fw:health';
/** App state key set to true while the app shuts down (lifecycle sets it); /ready answers 503 then. */
export const SHUTTING_DOWN_STATE_KEY = 'fw:shutting-down';

function noStore(ctx: Context, body: unknown, status: number): Response {
  const response = ctx.jsonResponse(body, status);
  response.headers.set('cache-control', 'no-store');
  return response;
}

/** Every option of healthCheck(), so a mistyped key fails at startup. */
const healthCheckOptionsKeys: Record<keyof HealthCheckOptions, true> = {
  checks: true,
  timeout: true,
  paths: true,
  rateLimit: true,
  details: true,
  token: true,
  authorize: true,
  loopback: true,
};

/**
 * Adds /health (checks), /live (the process answers) and /ready (checks pass and not shutting down), all
 * `Cache-Control: no-store`; the probes answer their status to anyone (`security: []` in the OpenAPI document), each
 * check's details only to an authorized caller (`details`), are not rate limited, and are in the app's type at the
 * paths the options give.
 */
export function healthCheck<const O extends HealthCheckOptions = HealthCheckOptions>(
  options: O = {} as O,
): FwPluginConfig & DeclaresRoutes<HealthRoutes<O>> {
  checkOptions<HealthCheckOptions>('healthCheck()', options, healthCheckOptionsKeys);
  assertChecks(options.checks, options.timeout);
  assertDetails('healthCheck()', options.details, ['when-authorized', 'always', 'never']);
  assertAccess('healthCheck()', options);
  const checks = { ...options.checks };
  const timeout = options.timeout ?? 5000;
  if (options.rateLimit !== undefined && typeof options.rateLimit !== 'boolean')
    throw new TypeError(`healthCheck "rateLimit" must be true or false, got ${String(options.rateLimit)}`);
  const authorized = healthAccess(options);
  const details = options.details ?? 'when-authorized';
  const showDetails = async (ctx: Context) => details === 'always' || (details === 'when-authorized' && (await authorized(ctx)));
  const state: HealthState = { run: () => runChecks(checks, timeout), names: Object.keys(checks), authorized };
  const probe = { tags: ['health'], security: [], ...(options.rateLimit === true ? {} : { rateLimit: false as const }) };
  return {
    name: 'health',
    state: { [HEALTH_STATE_KEY]: state },
    setup(app) {
      app.get(
        options.paths?.health ?? '/health',
        async (ctx: Context) => {
          const report = await state.run();
          const body: HealthReport = (await showDetails(ctx)) ? report : { status: report.status };
          return noStore(ctx, body, report.status === 'healthy' ? 200 : 503);
        },
        { ...probe, summary: 'Runs every health check' },
      );
      app.get(options.paths?.live ?? '/live', (ctx: Context) => noStore(ctx, { alive: true }, 200), {
        ...probe,
        summary: 'Liveness: the process answers',
      });
      app.get(
        options.paths?.ready ?? '/ready',
        async (ctx: Context) => {
          if (ctx.app.state(SHUTTING_DOWN_STATE_KEY) === true) return noStore(ctx, { ready: false, reason: 'shutting down' }, 503);
          const report = await state.run();
          if (report.status === 'healthy') return noStore(ctx, { ready: true }, 200);
          return noStore(ctx, (await showDetails(ctx)) ? { ready: false, checks: report.checks } : { ready: false }, 503);
        },
        { ...probe, summary: 'Readiness: the checks pass and the app is not shutting down' },
      );
    },
  };
}
