import { renderHealthDashboardHTML } from './render';
import type { HealthDashboardSnapshot } from './snapshot';

/** Formats a snapshot can be exported in. */
export type HealthExportFormat = 'json' | 'markdown' | 'html';

function cell(value: unknown): string {
  return String(value ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
}

function markdown(s: HealthDashboardSnapshot): string {
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
  return `${lines.join('\n')}\n`;
}

/** Exports a snapshot as JSON (for storage or another tool), Markdown (reports, issues) or a static HTML page. */
export function exportHealthDashboard(snapshot: HealthDashboardSnapshot, format: HealthExportFormat = 'json'): string {
  if (format === 'json') return `${JSON.stringify(snapshot, null, 2)}\n`;
  if (format === 'markdown') return markdown(snapshot);
  if (format === 'html') return renderHealthDashboardHTML(snapshot);
  throw new TypeError(`exportHealthDashboard format must be "json", "markdown" or "html", got ${JSON.stringify(format)}`);
}
