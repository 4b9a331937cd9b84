import { latencyBucketsMs } from './types';

/**
 * The q-quantile (0 to 1) of a histogram of `latencyBucketsMs` counts (+Inf last), interpolated linearly inside the
 * bucket it falls in, as Prometheus' `histogram_quantile` does; a quantile in the +Inf bucket reads as the highest
 * finite bound. Null for an empty histogram.
 */
export function percentileMs(buckets: readonly number[], q: number): number | null {
  let total = 0;
  for (const n of buckets) total += n;
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const n = buckets[i];
    if (n > 0 && seen + n >= rank) {
      if (i >= latencyBucketsMs.length) return latencyBucketsMs[latencyBucketsMs.length - 1];
      const lower = i === 0 ? 0 : latencyBucketsMs[i - 1];
      const upper = latencyBucketsMs[i];
      return lower + ((upper - lower) * (rank - seen)) / n;
    }
    seen += n;
  }
  return latencyBucketsMs[latencyBucketsMs.length - 1];
}
