import { describe, expect, it } from 'vitest';
import { latencyBucketsMs, percentileMs } from 'fw/metrics';

const histogram = (counts: Record<number, number>) => {
  const buckets = new Array(latencyBucketsMs.length + 1).fill(0);
  for (const [i, n] of Object.entries(counts)) buckets[Number(i)] = n;
  return buckets;
};

describe('percentileMs', () => {
  it('is null for an empty histogram', () => {
    expect(percentileMs(histogram({}), 0.5)).toBeNull();
  });

  it('interpolates inside the bucket the rank falls in', () => {
    // 100 answers in (10, 25]: the median is halfway.
    expect(percentileMs(histogram({ 4: 100 }), 0.5)).toBeCloseTo(17.5);
    // 90 in (0, 1], 10 in (100, 250]: p50 in the first bucket, p95 halfway through (100, 250].
    const h = histogram({ 0: 90, 7: 10 });
    expect(percentileMs(h, 0.5)).toBeCloseTo(50 / 90);
    expect(percentileMs(h, 0.95)).toBeCloseTo(175);
    expect(percentileMs(h, 0.99)).toBeCloseTo(235);
  });

  it('reads a quantile in the +Inf bucket as the highest finite bound', () => {
    expect(percentileMs(histogram({ [latencyBucketsMs.length]: 5 }), 0.99)).toBe(10_000);
  });

  it('merges: the percentile of added histograms is that of all answers', () => {
    const a = histogram({ 0: 50 });
    const b = histogram({ 6: 50 });
    expect(
      percentileMs(
        a.map((n, i) => n + b[i]),
        0.75,
      ),
    ).toBeCloseTo(75);
  });
});
