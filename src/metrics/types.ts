/**
 * The shape of fw's request and cold-start metrics as every reader sees them: the dashboard's charts, the Prometheus
 * exposition, OTLP export, `fw/serverless/status` and the MCP runtime tools. One instance records slots; instances
 * merge by adding slots with the same start time, because every instance uses the same slot length and buckets.
 */

/** Upper bounds (ms) of the latency histogram buckets; a last bucket counts everything above (+Inf). */
export const latencyBucketsMs = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/** Answers by status class. */
export interface StatusClasses {
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
}

/** What one route answered in one time slot (or, as `total`, over the whole window). */
export interface RouteSlot {
  /** Start of the slot, ms since the epoch (for `total`: the window's start). */
  t: number;
  count: number;
  status: StatusClasses;
  /** Latency counts per bucket of `latencyBucketsMs`, plus the +Inf bucket last; not cumulative. */
  buckets: number[];
  sumMs: number;
}

/** One route, named by method and pattern (never the raw path). */
export interface RouteSeries {
  method: string;
  route: string;
  total: RouteSlot;
  /** Oldest first; slots with no request may be left out. */
  slots: RouteSlot[];
  /**
   * Counts since each reporting instance started, added up (`t` 0): they only grow while the same instances report,
   * which is what Prometheus counters and histograms need. Absent in views built before this field existed.
   */
  lifetime?: RouteSlot;
}

/** Cold starts of one target in one time slot (or, as `total`, over the whole window). */
export interface ColdStartSlot {
  t: number;
  count: number;
  /** Init duration (module load to ready) per bucket of `latencyBucketsMs`, +Inf last. */
  initBuckets: number[];
  initSumMs: number;
  /** First invocation's duration per bucket of `latencyBucketsMs`, +Inf last. */
  firstBuckets: number[];
  firstSumMs: number;
}

/** Cold starts of one target: `lambda`, `worker`, `bun` or `node`. */
export interface ColdStartSeries {
  target: string;
  total: ColdStartSlot;
  slots: ColdStartSlot[];
  /** Cold starts of the instances that still report, since each started (`t` 0). */
  lifetime?: ColdStartSlot;
}

/** One instance that reported within the window. */
export interface InstanceInfo {
  id: string;
  target: string;
  startedAt: number;
  /** When it last wrote its metrics (ms since the epoch). */
  lastSeen: number;
  requests: number;
  /** Share of its answers in the window that were 5xx (0 to 1). */
  errorRate: number;
}

/** The metrics of one app over the retention window, merged across the instances that share its store. */
export interface MetricsView {
  /** Slot length in ms. */
  slotMs: number;
  /** Window start and end, ms since the epoch. */
  from: number;
  to: number;
  instances: InstanceInfo[];
  routes: RouteSeries[];
  coldStarts: ColdStartSeries[];
}
