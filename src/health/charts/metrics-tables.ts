import { percentileMs } from '../../metrics/percentile';
import type { MetricsView } from '../../metrics/types';
import { escapeHtml } from '../escape';
import { shortNumber } from './scale';
import { routeName } from './series';

/** A table cell: text escaped, a number shortened, null as a dash. */
function cell(value: string | number | null): string {
  if (value === null) return '<td>–</td>';
  return typeof value === 'number' ? `<td class="num">${escapeHtml(shortNumber(value))}</td>` : `<td>${escapeHtml(value)}</td>`;
}

function table(id: string, headings: string[], rows: (string | number | null)[][], empty: string): string {
  const body = rows.length
    ? rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')
    : `<tr><td colspan="${headings.length}">${escapeHtml(empty)}</td></tr>`;
  return `<div class="scroll"><table id="${id}"><thead><tr>${headings.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table></div>`;
}

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);
const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);

/** Every route over the window: answers by status class, 5xx share and latency percentiles. */
export function routesTable(view: MetricsView): string {
  const seconds = (view.to - view.from) / 1000;
  const rows = [...view.routes]
    .sort((a, b) => b.total.count - a.total.count)
    .map((r) => {
      const t = r.total;
      return [
        routeName(r),
        t.count,
        seconds > 0 ? t.count / seconds : null,
        t.status['2xx'],
        t.status['3xx'],
        t.status['4xx'],
        t.status['5xx'],
        percent(t.status['5xx'], t.count),
        percentileMs(t.buckets, 0.5),
        percentileMs(t.buckets, 0.95),
        percentileMs(t.buckets, 0.99),
      ];
    });
  const headings = ['route', 'requests', 'req/s', '2xx', '3xx', '4xx', '5xx', '% 5xx', 'p50 ms', 'p95 ms', 'p99 ms'];
  return table('fw-routes', headings, rows, 'no requests in this window');
}

/** Every target's cold starts over the window: count, init percentiles and means. */
export function coldStartsTable(view: MetricsView): string {
  const rows = view.coldStarts.map((c) => {
    const t = c.total;
    return [
      c.target,
      t.count,
      percentileMs(t.initBuckets, 0.5),
      percentileMs(t.initBuckets, 0.95),
      mean(t.initSumMs, t.count),
      mean(t.firstSumMs, t.count),
    ];
  });
  const headings = ['target', 'cold starts', 'init p50 ms', 'init p95 ms', 'init mean ms', 'first request mean ms'];
  return table('fw-cold-starts', headings, rows, 'no cold start in this window');
}

/** Every instance that reported within the window, most recently seen first. */
export function instancesTable(view: MetricsView): string {
  const rows = [...view.instances]
    .sort((a, b) => b.lastSeen - a.lastSeen)
    .map((i) => [i.id, i.target, new Date(i.startedAt).toISOString(), new Date(i.lastSeen).toISOString(), i.requests, i.errorRate * 100]);
  return table('fw-instances', ['instance', 'target', 'started', 'last seen', 'requests', '% 5xx'], rows, 'no instance reported');
}
