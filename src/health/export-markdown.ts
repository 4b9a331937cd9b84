import { percentileMs } from '../metrics/percentile';
import type { MetricsView } from '../metrics/types';
import { routeName } from './charts/series';
import type { HealthDashboardSnapshot } from './snapshot';

/** A Markdown table cell: pipes escaped, one line. */
function cell(value: unknown): string {
  return String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
}

/** Milliseconds to one decimal, a dash for none. */
const ms = (value: number | null): string => (value === null ? '–' : String(Math.round(value * 10) / 10));

/** The routes and cold starts of a metrics view, as the dashboard's tables show them. */
function metricsTables(view: MetricsView): string[] {
  const window = `${new Date(view.from).toISOString()} to ${new Date(view.to).toISOString()}, ${view.instances.length} instance(s)`;
  const lines = [
    '',
    `## Requests and cold starts (${window})`,
    '',
    '| route | requests | 2xx | 3xx | 4xx | 5xx | p50 ms | p95 ms | p99 ms |',
  ];
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of [...view.routes].sort((a, b) => b.total.count - a.total.count)) {
    const { count, status, buckets } = r.total;
    const quantiles = [0.5, 0.95, 0.99].map((q) => ms(percentileMs(buckets, q))).join(' | ');
    lines.push(
      `| ${cell(routeName(r))} | ${count} | ${status['2xx']} | ${status['3xx']} | ${status['4xx']} | ${status['5xx']} | ${quantiles} |`,
    );
  }
  lines.push('', '| target | cold starts | init p50 ms | init p95 ms | first request mean ms |', '|---|---|---|---|---|');
  for (const c of view.coldStarts) {
    const t = c.total;
    const first = ms(t.count > 0 ? t.firstSumMs / t.count : null);
    lines.push(
      `| ${cell(c.target)} | ${t.count} | ${ms(percentileMs(t.initBuckets, 0.5))} | ${ms(percentileMs(t.initBuckets, 0.95))} | ${first} |`,
    );
  }
  return lines;
}

/** A snapshot as Markdown: status, checks, breakers, jobs and, when it has them, the routes and cold starts of its metrics. */
export function snapshotMarkdown(s: HealthDashboardSnapshot): string {
  const lines = [
    `# Health: ${s.status}`,
    '',
    `Generated ${s.generatedAt}, uptime ${Math.round(s.uptimeMs / 1000)} s, ${s.app.routes} routes.`,
    '',
    '| check | status | duration (ms) | error |',
    '|---|---|---|---|',
  ];
  for (const [name, c] of Object.entries(s.checks)) lines.push(`| ${cell(name)} | ${c.status} | ${c.durationMs} | ${cell(c.error)} |`);
  if (s.circuitBreakers.length > 0) {
    lines.push('', '| breaker | state | failures | rejected |', '|---|---|---|---|');
    for (const b of s.circuitBreakers) lines.push(`| ${cell(b.name)} | ${b.state} | ${b.failures} | ${b.rejected} |`);
  }
  if (s.jobs.length > 0) {
    lines.push('', '| job | cron | runs | failures | next run |', '|---|---|---|---|---|');
    for (const j of s.jobs) lines.push(`| ${cell(j.name)} | \`${cell(j.cron)}\` | ${j.runs} | ${j.failures} | ${cell(j.nextRunAt)} |`);
  }
  if (s.metrics) lines.push(...metricsTables(s.metrics));
  else if (s.metrics === null) lines.push('', cell(s.metricsError));
  return `${lines.join('\n')}\n`;
}
