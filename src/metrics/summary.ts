import { percentileMs } from './percentile';
import type { MetricsView } from './types';

/** Percentiles of a histogram, in ms (null when it is empty). */
export interface PercentilesMs {
  avgMs: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
}

/** A route's numbers over the window. */
export interface RouteSummary extends PercentilesMs {
  method: string;
  route: string;
  requests: number;
  /** Requests per second over the window. */
  rps: number;
  /** Share of 5xx answers (0 to 1). */
  errorRate: number;
  status: { '2xx': number; '3xx': number; '4xx': number; '5xx': number };
}

/** A target's cold starts over the window. */
export interface ColdStartSummary {
  target: string;
  coldStarts: number;
  initMs: PercentilesMs;
  firstInvocationMs: PercentilesMs;
}

/** The view in numbers a reader (an AI client, a status page) takes in at once. */
export interface MetricsSummary {
  from: string;
  to: string;
  slotMs: number;
  requests: number;
  errorRate: number;
  instances: MetricsView['instances'];
  coldStarts: ColdStartSummary[];
  routes: RouteSummary[];
}

function percentiles(buckets: readonly number[], sumMs: number, count: number): PercentilesMs {
  return {
    avgMs: count === 0 ? null : sumMs / count,
    p50Ms: percentileMs(buckets, 0.5),
    p95Ms: percentileMs(buckets, 0.95),
    p99Ms: percentileMs(buckets, 0.99),
  };
}

/** Sums a view up: per route rate, error rate and p50/p95/p99 from the histograms; per target cold starts and their durations. */
export function summarizeMetrics(view: MetricsView): MetricsSummary {
  const seconds = (view.to - view.from) / 1000;
  let requests = 0;
  let errors = 0;
  const routes = view.routes.map((r) => {
    const t = r.total;
    requests += t.count;
    errors += t.status['5xx'];
    return {
      method: r.method,
      route: r.route,
      requests: t.count,
      rps: t.count / seconds,
      errorRate: t.count === 0 ? 0 : t.status['5xx'] / t.count,
      status: { ...t.status },
      ...percentiles(t.buckets, t.sumMs, t.count),
    };
  });
  const coldStarts = view.coldStarts.map((c) => ({
    target: c.target,
    coldStarts: c.total.count,
    initMs: percentiles(c.total.initBuckets, c.total.initSumMs, c.total.count),
    firstInvocationMs: percentiles(c.total.firstBuckets, c.total.firstSumMs, c.total.count),
  }));
  return {
    from: new Date(view.from).toISOString(),
    to: new Date(view.to).toISOString(),
    slotMs: view.slotMs,
    requests,
    errorRate: requests === 0 ? 0 : errors / requests,
    instances: view.instances,
    coldStarts,
    routes,
  };
}
