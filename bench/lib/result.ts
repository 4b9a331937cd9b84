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
  /** The runtime the section measured when it is not the runner's own Node (e.g. `Node v24.21.0`). */
  runtime?: string;
  /** Whether a larger median is better (throughput) or worse (time, bytes). */
  higherIsBetter?: boolean;
}
