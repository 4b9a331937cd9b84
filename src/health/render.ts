import type { MetricsView } from '../metrics/types';
import { renderMetricsSection } from './charts/metrics-section';
import { dashboardScript, dashboardStyle } from './dashboard-assets';
import { escapeHtml } from './escape';
import type { HealthDashboardSnapshot } from './snapshot';
import { shownMetrics } from './snapshot-metrics';

export { escapeHtml } from './escape';

/** Options of the dashboard page. */
export interface DashboardRenderOptions {
  title?: string;
  /** Refresh the page in place every `refreshMs` (fetching its own URL again); a static page when false (default). */
  live?: boolean;
  /** Refresh period in ms (default 5000, at least 100). */
  refreshMs?: number;
  /**
   * The app's request and cold-start metrics, drawn as charts with their tables; a string is shown instead (why
   * there are none). Default: the snapshot's `metrics` (its `metricsError` when null); no metrics part without them.
   */
  metrics?: MetricsView | string;
  /**
   * Where the app serves `dashboard.css` and `dashboard.js` (`healthDashboard` serves them under its path): the page
   * then links them, so it runs under a CSP without `'unsafe-inline'`. Inlined when absent (a page saved to a file).
   */
  assetsBase?: string;
  /** A CSP nonce for the page's `<link>` and `<script>` (the request's `ctx.nonce`). */
  nonce?: string;
}

function rows(cells: string[][], colspan: number, empty: string, attrs: (i: number) => string = () => ''): string {
  if (cells.length === 0) return `<tr><td colspan="${colspan}">${empty}</td></tr>`;
  return cells.map((r, i) => `<tr${attrs(i)}>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
}

const badge = (state: string) => `<span class="badge ${escapeHtml(state)}">${escapeHtml(state)}</span>`;

/** The checks, circuit breakers and jobs tables. */
function healthTables(s: HealthDashboardSnapshot): string {
  const checks = Object.entries(s.checks);
  const checkRows = checks.map(([name, c]) => [
    escapeHtml(name),
    badge(c.status),
    `${escapeHtml(String(c.durationMs))} ms`,
    escapeHtml(c.error ?? ''),
  ]);
  const breakerRows = s.circuitBreakers.map((b) => [escapeHtml(b.name), badge(b.state), String(b.failures), String(b.rejected)]);
  const jobRows = s.jobs.map((j) => [
    escapeHtml(j.name),
    escapeHtml(j.cron),
    String(j.runs),
    String(j.failures),
    escapeHtml(j.nextRunAt ?? ''),
  ]);
  const table = (head: string[], id: string, body: string) =>
    `<div class="scroll"><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody id="${id}">${body}</tbody></table></div>`;
  return `<div class="tables"><h2>Checks</h2>${table(
    ['check', 'status', 'duration', 'error'],
    'checks',
    rows(checkRows, 4, 'no checks', (i) => ` data-check="${escapeHtml(checks[i][0])}"`),
  )}
<h2>Circuit breakers</h2>${table(['name', 'state', 'failures', 'rejected'], 'breakers', rows(breakerRows, 4, 'none'))}
<h2>Scheduled jobs</h2>${table(['job', 'cron', 'runs', 'failures', 'next run'], 'jobs', rows(jobRows, 5, 'none'))}</div>`;
}

/**
 * The dashboard page, rendered on the server (tables and SVG charts need no script): the status, each check, breaker
 * and job, and, given metrics (the snapshot's or `options.metrics`), charts and tables of requests and cold starts.
 * With `live` it refreshes itself.
 */
export function renderHealthDashboardHTML(snapshot: HealthDashboardSnapshot, options: DashboardRenderOptions = {}): string {
  const title = escapeHtml(options.title ?? 'fw health');
  const refreshMs = options.refreshMs ?? 5000;
  if (!Number.isFinite(refreshMs) || refreshMs < 100)
    throw new TypeError(`Dashboard refreshMs must be a number >= 100, got ${String(refreshMs)}`);
  const nonce = options.nonce ? ` nonce="${escapeHtml(options.nonce)}"` : '';
  const base = options.assetsBase === undefined ? undefined : escapeHtml(options.assetsBase.replace(/\/$/, ''));
  const style =
    base === undefined ? `<style${nonce}>${dashboardStyle}</style>` : `<link rel="stylesheet" href="${base}/dashboard.css"${nonce}>`;
  const script = !options.live
    ? ''
    : base === undefined
      ? `<script${nonce}>${dashboardScript}</script>`
      : `<script src="${base}/dashboard.js"${nonce}></script>`;
  const shown = options.metrics ?? shownMetrics(snapshot, false);
  const metrics = shown === undefined ? '' : renderMetricsSection(typeof shown === 'string' ? { missing: shown } : { view: shown });
  const s = snapshot;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><link rel="icon" href="data:,">${style}</head>
<body${options.live ? ` data-refresh-ms="${refreshMs}" data-refreshes="1"` : ''}>
<main id="fw-health">
<h1>${title} <span id="status" class="badge ${escapeHtml(s.status)}">${escapeHtml(s.status)}</span></h1>
<p class="meta">generated <span id="generated">${escapeHtml(s.generatedAt)}</span> · uptime <span id="uptime">${Math.round(s.uptimeMs / 1000)} s</span> · ${s.app.routes} routes · plugins: ${escapeHtml(s.app.plugins.join(', ') || 'none')} <span id="error" role="status"></span></p>
<div class="layout">${healthTables(s)}${metrics}</div>
</main>${script}
</body></html>`;
}
