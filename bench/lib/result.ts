/** One measured contestant of a benchmark; `ratio` is ours relative to it (above 1: fw better). */
export interface BenchRow {
  case?: string;
  contestant: string;
  median: number;
  unit: string;
  spread?: string;
  ratio?: number;
}

/** What each bench writes to bench/.out/<name>.json for the runner to assemble RESULTS.md. */
export interface BenchResult {
  name: string;
  command: string;
  date?: string;
  rows: BenchRow[];
  goal?: string;
  met?: boolean;
  notes?: string;
  /** Whether a larger median is better (throughput) or worse (time, bytes). */
  higherIsBetter?: boolean;
}
