/** Builds `MetricsView`s from durations, the way an instance's recorder slots them, for the OTLP export tests. */
import { latencyBucketsMs, type ColdStartSlot, type MetricsView, type RouteSlot, type StatusClasses } from '../../src/metrics/types';

/** The bucket index of a duration in `latencyBucketsMs` (+Inf last). */
export function bucketOf(ms: number): number {
  const i = latencyBucketsMs.findIndex((bound) => ms <= bound);
  return i === -1 ? latencyBucketsMs.length : i;
}

function histogram(durations: number[]): number[] {
  const buckets = new Array(latencyBucketsMs.length + 1).fill(0);
  for (const ms of durations) buckets[bucketOf(ms)]++;
  return buckets;
}

/** One route slot from the requests answered in it: [status, durationMs] pairs. */
export function routeSlot(t: number, answers: [number, number][]): RouteSlot {
  const status: StatusClasses = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const [code] of answers) status[`${Math.floor(code / 100)}xx` as keyof StatusClasses]++;
  const durations = answers.map(([, ms]) => ms);
  return { t, count: answers.length, status, buckets: histogram(durations), sumMs: durations.reduce((a, b) => a + b, 0) };
}

/** One cold-start slot from [initMs, firstInvocationMs] pairs. */
export function coldSlot(t: number, starts: [number, number][]): ColdStartSlot {
  const init = starts.map(([i]) => i);
  const first = starts.map(([, f]) => f);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    t,
    count: starts.length,
    initBuckets: histogram(init),
    initSumMs: sum(init),
    firstBuckets: histogram(first),
    firstSumMs: sum(first),
  };
}

function total(slots: RouteSlot[], from: number): RouteSlot {
  const sum = (pick: (s: RouteSlot) => number) => slots.reduce((n, s) => n + pick(s), 0);
  return {
    t: from,
    count: sum((s) => s.count),
    status: {
      '2xx': sum((s) => s.status['2xx']),
      '3xx': sum((s) => s.status['3xx']),
      '4xx': sum((s) => s.status['4xx']),
      '5xx': sum((s) => s.status['5xx']),
    },
    buckets: slots[0].buckets.map((_, i) => sum((s) => s.buckets[i])),
    sumMs: sum((s) => s.sumMs),
  };
}

/** A view of routes (method, route, slots) and cold starts (target, slots) over [from, to]. */
export function view(
  from: number,
  to: number,
  routes: { method: string; route: string; slots: RouteSlot[] }[],
  cold: { target: string; slots: ColdStartSlot[] }[] = [],
): MetricsView {
  return {
    slotMs: 10_000,
    from,
    to,
    instances: [],
    routes: routes.map((r) => ({ ...r, total: total(r.slots, from) })),
    coldStarts: cold.map((c) => ({ ...c, total: c.slots[0] })),
  };
}
