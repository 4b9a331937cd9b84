import type { MetricsView } from '../../metrics/types';
import { escapeHtml } from '../escape';
import { renderLineChart } from './line-chart';
import { coldStartsTable, instancesTable, routesTable } from './metrics-tables';
import { dashboardCharts } from './series';

/** What the dashboard knows of the app's metrics: a view, none recorded, or a read that failed (its message). */
export type MetricsReading = { view: MetricsView } | { missing: string };

/** The dashboard's metrics part: the charts in a grid, then the routes, cold starts and instances tables. */
export function renderMetricsSection(reading: MetricsReading): string {
  if ('missing' in reading)
    return `<section id="fw-metrics"><h2>Requests and cold starts</h2><p class="meta">${escapeHtml(reading.missing)}</p></section>`;
  const { view } = reading;
  const charts = dashboardCharts(view).map(renderLineChart).join('');
  const window = `${new Date(view.from).toISOString()} to ${new Date(view.to).toISOString()}, ${view.instances.length} instance${view.instances.length === 1 ? '' : 's'}`;
  return `<section id="fw-metrics"><h2>Requests and cold starts</h2><p class="meta">${escapeHtml(window)}</p><div class="charts">${charts}</div><h2>Routes</h2>${routesTable(view)}<h2>Cold starts</h2>${coldStartsTable(view)}<h2>Instances</h2>${instancesTable(view)}</section>`;
}
