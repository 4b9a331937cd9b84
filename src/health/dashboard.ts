import type { Context } from '../core/context';
import type { DeclaresRoutes, PluginRoute } from '../core/plugin-routes';
import type { FwPluginConfig } from '../core/types';
import type { HealthCheckFn } from './checks';
import { renderHealthDashboardHTML } from './render';
import { buildHealthSnapshot, type HealthDashboardSnapshot } from './snapshot';

/** Options of `healthDashboard`. */
export interface HealthDashboardOptions {
  /** Page path (default `/__fw/health`); the JSON snapshot is served at `<path>.json`. */
  path?: string;
  title?: string;
  /** Page refresh period in ms (default 5000). */
  refreshMs?: number;
  /** Checks used when the app has no `healthCheck` plugin. */
  checks?: Record<string, HealthCheckFn>;
  timeout?: number;
}

/** The routes `healthDashboard(options)` adds to the app's type: the page and its snapshot (none at a `string` path). */
export type HealthDashboardRoutes<O> = (O extends { readonly path: infer P extends string } ? P : '/__fw/health') extends infer P extends
  string
  ? string extends P
    ? never
    : PluginRoute<'GET', P, { 200: string }> | PluginRoute<'GET', `${P}.json`, { 200: HealthDashboardSnapshot }>
  : never;

/** Serves a live health dashboard page and its JSON snapshot (`Cache-Control: no-store`); both are in the app's type. */
export function healthDashboard<const O extends HealthDashboardOptions = HealthDashboardOptions>(
  options: O = {} as O,
): FwPluginConfig & DeclaresRoutes<HealthDashboardRoutes<O>> {
  const path = options.path ?? '/__fw/health';
  if (typeof path !== 'string' || !path.startsWith('/')) throw new TypeError('healthDashboard "path" must start with "/"');
  const startedAt = Date.now();
  const snapshotOptions = { checks: options.checks, timeout: options.timeout, startedAt };
  return {
    name: 'health-dashboard',
    setup(app) {
      app.get(
        `${path}.json`,
        async (ctx: Context) => {
          const response = ctx.jsonResponse(await buildHealthSnapshot(ctx.app, snapshotOptions));
          response.headers.set('cache-control', 'no-store');
          return response;
        },
        { tags: ['health'], summary: 'Health snapshot for the dashboard (JSON)' },
      );
      app.get(
        path,
        async (ctx: Context) => {
          const html = renderHealthDashboardHTML(await buildHealthSnapshot(ctx.app, snapshotOptions), {
            title: options.title,
            refreshMs: options.refreshMs,
            snapshotUrl: `${path}.json`,
          });
          const response = ctx.html(html);
          response.headers.set('cache-control', 'no-store');
          return response;
        },
        { tags: ['health'], summary: 'Health dashboard page' },
      );
    },
  };
}
