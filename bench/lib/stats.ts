/** Median of a list of samples. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Half the range of the samples relative to their median, as `±N%`. */
export function spread(values: number[]): string {
  return `±${(((Math.max(...values) - Math.min(...values)) / 2 / median(values)) * 100).toFixed(0)}%`;
}
