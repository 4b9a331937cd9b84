import type { Context } from '../core/context';
import type { DeclaresRoutes, PluginRoute } from '../core/plugin-routes';
import type { FwPluginConfig } from '../core/types';
import { authError } from '../bearer-auth/challenge';
import { checkOptions } from '../core/options';
import { assertAccess, assertDetails, healthAccess, type AccessCheck, type HealthAccessOptions } from './access';
import type { HealthCheckFn } from './checks';
import { HEALTH_STATE_KEY, type HealthState } from './plugin';
import { nonceOf } from '../security/nonce';
import { dashboardScript, dashboardStyle } from './dashboard-assets';
import { renderHealthDashboardHTML } from './render';
import { buildHealthSnapshot, type HealthDashboardSnapshot } from './snapshot';
import { shownMetrics, withoutRoutes } from './snapshot-metrics';

/** Options of `healthDashboard`. */
export interface HealthDashboardOptions extends HealthAccessOptions {
  /**
   * Who may open the page and its JSON: `'when-authorized'` (default: a caller that `token`, `authorize` or
   * `loopback` accepts; without any of them, the `healthCheck` plugin's) or `'always'` (anyone). Others get 401.
   */
  details?: 'when-authorized' | 'always';
  /**
   * Page path (default `/__fw/health`); the JSON snapshot is served at `<path>.json`, the page's script and
   * stylesheet at `<path>/dashboard.js` and `<path>/dashboard.css`.
   */
  path?: string;
  title?: string;
  /** Page refresh period in ms (default 5000): the page fetches itself again and swaps in the new content. */
  refreshMs?: number;
  /** Checks used when the app has no `healthCheck` plugin. */
  checks?: Record<string, HealthCheckFn>;
  timeout?: number;
}

/** Every option of healthDashboard(), so a mistyped key fails at startup. */
const dashboardOptionsKeys: Record<keyof HealthDashboardOptions, true> = {
  path: true,
  title: true,
  refreshMs: true,
  checks: true,
  timeout: true,
  details: true,
  token: true,
  authorize: true,
  loopback: true,
};

/** The page's script or stylesheet: the same for every caller (no data in it), cached for five minutes. */
function asset(body: string, type: string): Response {
  return new Response(body, { headers: { 'content-type': type, 'cache-control': 'public, max-age=300' } });
}

const refused = () => authError(401, 'Authentication required', 'UNAUTHORIZED', 'Bearer realm="fw health"');

/** The routes `healthDashboard(options)` adds to the app's type: the page and its snapshot (none at a `string` path). */
export type HealthDashboardRoutes<O> = (O extends { readonly path: infer P extends string } ? P : '/__fw/health') extends infer P extends
  string
  ? string extends P
    ? never
    :
        | PluginRoute<'GET', P, { 200: string; 401: { error: string; code: string } }>
        | PluginRoute<'GET', `${P}.json`, { 200: HealthDashboardSnapshot; 401: { error: string; code: string } }>
  : never;

/**
 * Serves a live health dashboard page and its JSON snapshot (`Cache-Control: no-store`) to an authorized caller,
 * 401 with `WWW-Authenticate: Bearer` to anyone else; both are in the app's type.
 */
export function healthDashboard<const O extends HealthDashboardOptions = HealthDashboardOptions>(
  options: O = {} as O,
): FwPluginConfig & DeclaresRoutes<HealthDashboardRoutes<O>> {
  checkOptions<HealthDashboardOptions>('healthDashboard()', options, dashboardOptionsKeys);
  const path = options.path ?? '/__fw/health';
  if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError('healthDashboard "path" must start with "/"');
  assertDetails('healthDashboard()', options.details, ['when-authorized', 'always']);
  const refreshMs = options.refreshMs;
  if (refreshMs !== undefined && (typeof refreshMs !== 'number' || !Number.isFinite(refreshMs) || refreshMs < 100))
    throw new TypeError(`healthDashboard(): "refreshMs" must be a number of ms >= 100, got ${JSON.stringify(refreshMs)}`);
  assertAccess('healthDashboard()', options);
  const own = options.token !== undefined || options.authorize !== undefined || options.loopback !== undefined;
  const ownAccess = healthAccess(options);
  /** Its own access options, else the healthCheck plugin's, else loopback only. */
  const access = (ctx: Context): AccessCheck => (own ? ownAccess : (ctx.app.state<HealthState>(HEALTH_STATE_KEY)?.authorized ?? ownAccess));
  const guard = async (ctx: Context): Promise<void> => {
    if (options.details !== 'always' && !(await access(ctx)(ctx))) throw refused();
  };
  const startedAt = Date.now();
  const assetsBase = path === '/' ? '' : path.replace(/\/$/, '');
  const ownRoutes = [path, `${path}.json`, `${assetsBase}/dashboard.js`, `${assetsBase}/dashboard.css`];
  /** The snapshot for an authorized caller, its metrics less the dashboard's own routes (its polling draws no line). */
  const snapshotFor = async (ctx: Context): Promise<HealthDashboardSnapshot> => {
    await guard(ctx);
    const snapshot = await buildHealthSnapshot(ctx.app, { checks: options.checks, timeout: options.timeout, startedAt, env: ctx.env });
    return withoutRoutes(snapshot, ownRoutes);
  };
  return {
    name: 'health-dashboard',
    setup(app) {
      app.get(
        `${path}.json`,
        async (ctx: Context) => {
          const response = ctx.jsonResponse(await snapshotFor(ctx));
          response.headers.set('cache-control', 'no-store');
          return response;
        },
        { tags: ['health'], summary: 'Health snapshot for the dashboard, with the merged metrics when metrics() records them (JSON)' },
      );
      app.get(
        path,
        async (ctx: Context) => {
          const snapshot = await snapshotFor(ctx);
          const html = renderHealthDashboardHTML(snapshot, {
            title: options.title,
            refreshMs,
            live: true,
            metrics: shownMetrics(snapshot, true),
            assetsBase,
            nonce: nonceOf(ctx),
          });
          const response = ctx.html(html);
          response.headers.set('cache-control', 'no-store');
          return response;
        },
        { tags: ['health'], summary: 'Health dashboard page' },
      );
      app.get(`${assetsBase}/dashboard.js`, () => asset(dashboardScript, 'text/javascript; charset=utf-8'), { hidden: true });
      app.get(`${assetsBase}/dashboard.css`, () => asset(dashboardStyle, 'text/css; charset=utf-8'), { hidden: true });
    },
  };
}
