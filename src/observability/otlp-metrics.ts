import { latencyBucketsMs, type ColdStartSlot, type MetricsView, type RouteSlot } from '../metrics/types';
import { type OtlpKeyValue, toAttributes } from './otlp-json';
import { msToNanos } from './otlp-time';

const CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const BUCKETS = latencyBucketsMs.length + 1;

/** One series' running totals: counts and sums as a flat vector (see `routeVector` and `coldVector`). */
type Vector = number[];

function bucketsOf(buckets: number[]): number[] {
  return Array.from({ length: BUCKETS }, (_, i) => buckets[i] ?? 0);
}

/** A route slot as [count, 2xx, 3xx, 4xx, 5xx, ...buckets, sumMs]. */
function routeVector(slot: RouteSlot): Vector {
  return [slot.count, ...CLASSES.map((c) => slot.status[c] ?? 0), ...bucketsOf(slot.buckets), slot.sumMs];
}

/** A cold-start slot as [count, ...initBuckets, initSumMs, ...firstBuckets, firstSumMs]. */
function coldVector(slot: ColdStartSlot): Vector {
  return [slot.count, ...bucketsOf(slot.initBuckets), slot.initSumMs, ...bucketsOf(slot.firstBuckets), slot.firstSumMs];
}

/**
 * Turns the windowed slots of successive `MetricsView`s into cumulative totals since the first view: each slot's
 * growth since it was last seen is added, so totals only grow while old slots leave the window. The OTLP cumulative
 * temporality needs that; the view's own `total` shrinks as the window slides.
 */
export class CumulativeMetrics {
  /** Start of the cumulative series (ms since the epoch): the first view's window start. */
  startMs: number | null = null;
  readonly totals = new Map<string, { attributes: Record<string, string>; kind: 'route' | 'cold'; sum: Vector }>();
  private readonly seen = new Map<string, Map<number, Vector>>();

  /** Adds what grew in `view` since the previous call. */
  add(view: MetricsView): void {
    this.startMs ??= view.from;
    for (const series of view.routes) {
      const attributes = { 'http.request.method': series.method, 'http.route': series.route };
      this.addSlots(
        `r ${series.method} ${series.route}`,
        'route',
        attributes,
        series.slots.map((s) => [s.t, routeVector(s)]),
      );
    }
    for (const series of view.coldStarts)
      this.addSlots(
        `c ${series.target}`,
        'cold',
        { 'fw.target': series.target },
        series.slots.map((s) => [s.t, coldVector(s)]),
      );
    for (const slots of this.seen.values()) for (const t of slots.keys()) if (t < view.from) slots.delete(t);
  }

  private addSlots(key: string, kind: 'route' | 'cold', attributes: Record<string, string>, slots: [number, Vector][]): void {
    let seen = this.seen.get(key);
    if (!seen) this.seen.set(key, (seen = new Map()));
    let total = this.totals.get(key);
    for (const [t, vector] of slots) {
      const before = seen.get(t);
      if (!total) this.totals.set(key, (total = { attributes, kind, sum: vector.map(() => 0) }));
      for (let i = 0; i < vector.length; i++) total.sum[i] += Math.max(0, vector[i] - (before?.[i] ?? 0));
      seen.set(t, vector);
    }
  }
}

function histogramPoint(attributes: OtlpKeyValue[], start: string, now: string, buckets: number[], sum: number) {
  const count = buckets.reduce((a, b) => a + b, 0);
  return {
    attributes,
    startTimeUnixNano: start,
    timeUnixNano: now,
    count: String(count),
    sum,
    bucketCounts: buckets.map(String),
    explicitBounds: [...latencyBucketsMs],
  };
}

function histogram(name: string, description: string, dataPoints: unknown[]) {
  return { name, description, unit: 'ms', histogram: { aggregationTemporality: 2, dataPoints } };
}

/**
 * The OTLP metrics of the cumulative totals: request duration histograms per route (`http.request.method`,
 * `http.route`), a monotonic request counter per route and status class (`http.response.status_class`), and cold
 * starts per target (`fw.target`) as init and first-invocation duration histograms. Bounds are `latencyBucketsMs`.
 */
export function buildMetrics(totals: CumulativeMetrics, nowMs: number): unknown[] {
  const start = msToNanos(totals.startMs ?? nowMs);
  const now = msToNanos(nowMs);
  const durations: unknown[] = [];
  const requests: unknown[] = [];
  const inits: unknown[] = [];
  const firsts: unknown[] = [];
  for (const { attributes, kind, sum } of totals.totals.values()) {
    const attrs = toAttributes(attributes);
    if (kind === 'route') {
      durations.push(histogramPoint(attrs, start, now, sum.slice(5, 5 + BUCKETS), sum[5 + BUCKETS]));
      CLASSES.forEach((status, i) => {
        if (sum[1 + i] > 0)
          requests.push({
            attributes: toAttributes({ ...attributes, 'http.response.status_class': status }),
            startTimeUnixNano: start,
            timeUnixNano: now,
            asInt: String(sum[1 + i]),
          });
      });
    } else {
      inits.push(histogramPoint(attrs, start, now, sum.slice(1, 1 + BUCKETS), sum[1 + BUCKETS]));
      firsts.push(histogramPoint(attrs, start, now, sum.slice(2 + BUCKETS, 2 + 2 * BUCKETS), sum[2 + 2 * BUCKETS]));
    }
  }
  const metrics: unknown[] = [];
  if (durations.length > 0) {
    metrics.push(histogram('fw.http.server.request.duration', 'Time to answer an HTTP request, per route.', durations));
    metrics.push({
      name: 'fw.http.server.requests',
      description: 'HTTP requests answered, per route and status class.',
      unit: '{request}',
      sum: { aggregationTemporality: 2, isMonotonic: true, dataPoints: requests },
    });
  }
  if (inits.length > 0) {
    metrics.push(histogram('fw.cold_start.init.duration', 'Instance start to ready, per cold start and target.', inits));
    metrics.push(histogram('fw.cold_start.first_invocation.duration', 'First invocation of a cold instance, per target.', firsts));
  }
  return metrics;
}
