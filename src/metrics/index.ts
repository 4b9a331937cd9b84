/** fw/metrics: request and cold-start metrics per route and target, merged across instances, in Prometheus' text format. */
export { metrics, METRICS_SUMMARY_STATE_KEY, type MetricsSummaryReader } from './plugin';
export type { MetricsOptions } from './options';
export { readMetricsView, flushMetrics, hasMetrics, type ReadMetricsOptions } from './read';
export { toPrometheus, escapeLabelValue, PROMETHEUS_CONTENT_TYPE } from './prometheus';
export { percentileMs } from './percentile';
export { summarizeMetrics, type MetricsSummary, type RouteSummary, type ColdStartSummary, type PercentilesMs } from './summary';
export { MetricsRecorder, UNMATCHED_ROUTE, OTHER_ROUTE } from './recorder';
export { mergeDocs, type ViewWindow } from './merge';
export type { InstanceDoc } from './instance-doc';
export { METRICS_STATE_KEY, coldStartSinkOf, type ColdStartSink, type MetricsState } from './state';
export {
  latencyBucketsMs,
  type MetricsView,
  type RouteSeries,
  type RouteSlot,
  type ColdStartSeries,
  type ColdStartSlot,
  type InstanceInfo,
  type StatusClasses,
} from './types';
