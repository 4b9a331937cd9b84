import { latencyBucketsMs, type ColdStartSlot, type RouteSlot } from './types';

/** How many counts a histogram holds: one per bound of `latencyBucketsMs`, plus +Inf. */
export const bucketCount = latencyBucketsMs.length + 1;

/** The index of the bucket a duration falls in (the first bound it does not exceed; +Inf last). */
export function bucketOf(ms: number): number {
  let i = 0;
  while (i < latencyBucketsMs.length && ms > latencyBucketsMs[i]) i++;
  return i;
}

/** An empty route slot starting at `t`. */
export function emptyRouteSlot(t: number): RouteSlot {
  return { t, count: 0, status: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }, buckets: new Array<number>(bucketCount).fill(0), sumMs: 0 };
}

/** An empty cold-start slot starting at `t`. */
export function emptyColdStartSlot(t: number): ColdStartSlot {
  return {
    t,
    count: 0,
    initBuckets: new Array<number>(bucketCount).fill(0),
    initSumMs: 0,
    firstBuckets: new Array<number>(bucketCount).fill(0),
    firstSumMs: 0,
  };
}

function addBuckets(into: number[], from: readonly number[]): void {
  for (let i = 0; i < bucketCount; i++) into[i] += from[i];
}

/** Adds `from` into `into` (same buckets, so histograms merge by adding counts). */
export function addRouteSlot(into: RouteSlot, from: RouteSlot): void {
  into.count += from.count;
  into.status['2xx'] += from.status['2xx'];
  into.status['3xx'] += from.status['3xx'];
  into.status['4xx'] += from.status['4xx'];
  into.status['5xx'] += from.status['5xx'];
  addBuckets(into.buckets, from.buckets);
  into.sumMs += from.sumMs;
}

/** Adds `from` into `into`. */
export function addColdStartSlot(into: ColdStartSlot, from: ColdStartSlot): void {
  into.count += from.count;
  addBuckets(into.initBuckets, from.initBuckets);
  into.initSumMs += from.initSumMs;
  addBuckets(into.firstBuckets, from.firstBuckets);
  into.firstSumMs += from.firstSumMs;
}

/** Counts one answer into a route slot: its status class and its latency. */
export function countAnswer(slot: RouteSlot, status: number, ms: number): void {
  slot.count++;
  if (status >= 500) slot.status['5xx']++;
  else if (status >= 400) slot.status['4xx']++;
  else if (status >= 300) slot.status['3xx']++;
  else slot.status['2xx']++;
  slot.buckets[bucketOf(ms)]++;
  slot.sumMs += ms;
}

/** Counts one cold start into a slot: its init and first-invocation durations. */
export function countColdStart(slot: ColdStartSlot, initMs: number, firstMs: number): void {
  slot.count++;
  slot.initBuckets[bucketOf(initMs)]++;
  slot.initSumMs += initMs;
  slot.firstBuckets[bucketOf(firstMs)]++;
  slot.firstSumMs += firstMs;
}
