import { percentileMs } from '../../metrics/percentile';
import type { MetricsView, RouteSeries } from '../../metrics/types';
import type { ChartSeries, LineChartSpec } from './line-chart';

/** Colours of the series, told apart by people with the common colour-vision deficiencies (Okabe and Ito). */
export const palette = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#8c564b'];

/** At most this many routes get a line of their own; the tables list every route. */
export const chartedRoutes = palette.length;

/** More slots than this in one window means malformed metrics: the charts then use the slots the data has. */
const maxGridSlots = 2000;

/** The name of a route in legends and tables: method and pattern (`GET /users/:id`). */
export function routeName(route: RouteSeries): string {
  return `${route.method} ${route.route}`;
}

/**
 * Where the charts start: the window's start, or the slot of the first thing known (an instance starting, a slot
 * with data) when that is later, so a young app's few slots fill the width instead of a corner.
 */
export function chartStart(view: MetricsView): number {
  let first = Number.POSITIVE_INFINITY;
  for (const i of view.instances) first = Math.min(first, i.startedAt);
  for (const r of view.routes) for (const s of r.slots) first = Math.min(first, s.t);
  for (const c of view.coldStarts) for (const s of c.slots) first = Math.min(first, s.t);
  if (!Number.isFinite(first) || first <= view.from) return view.from;
  return Math.min(view.slotMs > 0 ? Math.floor(first / view.slotMs) * view.slotMs : first, view.to);
}

/** The slot starts a chart spans from `from`: every slot up to the window's end, plus any slot the data holds off that grid. */
export function slotTimes(view: MetricsView, from = view.from): number[] {
  const times = new Set<number>();
  const { slotMs, to } = view;
  if (slotMs > 0 && to >= from && (to - from) / slotMs <= maxGridSlots)
    for (let t = Math.floor(from / slotMs) * slotMs; t < to || times.size === 0; t += slotMs) times.add(t);
  for (const r of view.routes) for (const s of r.slots) times.add(s.t);
  for (const c of view.coldStarts) for (const s of c.slots) times.add(s.t);
  return [...times].filter(Number.isFinite).sort((a, b) => a - b);
}

/** The busiest routes first, at most `chartedRoutes` of them. */
function busiest(view: MetricsView): RouteSeries[] {
  return [...view.routes].sort((a, b) => b.total.count - a.total.count).slice(0, chartedRoutes);
}

/** One value per slot time from the slots that exist (`missing` where a slot is absent). */
function perSlot<S extends { t: number }>(times: number[], slots: S[], value: (slot: S) => number | null, missing: number | null) {
  const byTime = new Map(slots.map((s) => [s.t, s]));
  return times.map((t) => {
    const slot = byTime.get(t);
    return slot === undefined ? missing : value(slot);
  });
}

/** The latency histogram of all routes together, per slot time (histograms merge by adding counts). */
function mergedBuckets(view: MetricsView): Map<number, number[]> {
  const merged = new Map<number, number[]>();
  for (const r of view.routes)
    for (const s of r.slots) {
      let into = merged.get(s.t);
      if (into === undefined) merged.set(s.t, (into = []));
      s.buckets.forEach((c, i) => (into[i] = (into[i] ?? 0) + c));
    }
  return merged;
}

/** Every chart of the dashboard for a metrics view: request rate, latency, errors, cold starts and init durations. */
export function dashboardCharts(view: MetricsView): LineChartSpec[] {
  const from = chartStart(view);
  const times = slotTimes(view, from);
  const base = { times, slotMs: view.slotMs, from, to: view.to };
  const routes = busiest(view);
  const perSecond = view.slotMs > 0 ? 1000 / view.slotMs : 1;
  const routeLines = (value: (slot: RouteSeries['slots'][number]) => number | null, missing: number | null): ChartSeries[] =>
    routes.map((r, i) => ({ name: routeName(r), color: palette[i], values: perSlot(times, r.slots, value, missing) }));
  const merged = mergedBuckets(view);
  const quantile = (q: number) => times.map((t) => percentileMs(merged.get(t) ?? [], q));
  const targets = view.coldStarts;
  const noRequests = 'No requests in this window';
  return [
    {
      ...base,
      id: 'fw-chart-rate',
      title: 'Requests per second',
      unit: 'req/s',
      emptyText: noRequests,
      series: routeLines((s) => s.count * perSecond, 0),
    },
    {
      ...base,
      id: 'fw-chart-latency',
      title: 'Latency, all routes',
      unit: 'ms',
      emptyText: noRequests,
      series: [
        { name: 'p50', color: palette[2], values: quantile(0.5) },
        { name: 'p95', color: palette[4], values: quantile(0.95) },
        { name: 'p99', color: palette[1], values: quantile(0.99) },
      ],
    },
    {
      ...base,
      id: 'fw-chart-p95',
      title: 'p95 latency per route',
      unit: 'ms',
      emptyText: noRequests,
      series: routeLines((s) => percentileMs(s.buckets, 0.95), null),
    },
    {
      ...base,
      id: 'fw-chart-errors',
      title: 'Error rate per route',
      unit: '% 5xx',
      emptyText: noRequests,
      series: routeLines((s) => (s.count > 0 ? (s.status['5xx'] / s.count) * 100 : null), null),
    },
    {
      ...base,
      id: 'fw-chart-cold-starts',
      title: 'Cold starts per target',
      unit: 'cold starts',
      emptyText: 'No cold start in this window',
      series: targets.map((c, i) => ({
        name: c.target,
        color: palette[i % palette.length],
        values: perSlot(times, c.slots, (s) => s.count, 0),
      })),
    },
    {
      ...base,
      id: 'fw-chart-init',
      title: 'Init and first request per target',
      unit: 'ms',
      emptyText: 'No cold start in this window',
      series: targets.flatMap((c, i) => [
        {
          name: `${c.target} init`,
          color: palette[i % palette.length],
          values: perSlot(times, c.slots, (s) => (s.count > 0 ? s.initSumMs / s.count : null), null),
        },
        {
          name: `${c.target} first request`,
          color: palette[i % palette.length],
          dashed: true,
          values: perSlot(times, c.slots, (s) => (s.count > 0 ? s.firstSumMs / s.count : null), null),
        },
      ]),
    },
  ];
}
