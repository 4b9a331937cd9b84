import { snapshotMarkdown } from './export-markdown';
import { renderHealthDashboardHTML } from './render';
import type { HealthDashboardSnapshot } from './snapshot';

/** Formats a snapshot can be exported in. */
export type HealthExportFormat = 'json' | 'markdown' | 'html';

/**
 * Exports a snapshot as JSON (for storage or another tool), Markdown (reports, issues) or a static HTML page; a
 * snapshot of an app with `metrics()` carries its metrics view into each (the JSON's `metrics`, tables, the charts).
 */
export function exportHealthDashboard(snapshot: HealthDashboardSnapshot, format: HealthExportFormat = 'json'): string {
  if (format === 'json') return `${JSON.stringify(snapshot, null, 2)}\n`;
  if (format === 'markdown') return snapshotMarkdown(snapshot);
  if (format === 'html') return renderHealthDashboardHTML(snapshot);
  throw new TypeError(`exportHealthDashboard format must be "json", "markdown" or "html", got ${JSON.stringify(format)}`);
}
