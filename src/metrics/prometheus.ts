import { latencyBucketsMs, type ColdStartSlot, type MetricsView, type RouteSlot } from './types';

/** The content type of the Prometheus text exposition format 0.0.4. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** A label value as the text format wants it: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text as the text format wants it: backslash and line feed escaped. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function labels(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(',');
}

/** A sample value: integers as they are, other numbers in Go's ParseFloat-readable form. */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : n < 0 ? '-Inf' : 'NaN');

const leLabels = [...latencyBucketsMs.map((ms) => num(ms / 1000)), '+Inf'];

function family(out: string[], name: string, type: string, help: string): void {
  out.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
}

/** One histogram series in seconds from non-cumulative ms buckets: cumulative `_bucket`s up to +Inf, `_sum`, `_count`. */
function histogram(out: string[], name: string, pairs: [string, string][], buckets: readonly number[], sumMs: number): void {
  const base = labels(pairs);
  const sep = base === '' ? '' : ',';
  let cumulative = 0;
  for (let i = 0; i < buckets.length; i++) {
    cumulative += buckets[i];
    out.push(`${name}_bucket{${base}${sep}le="${leLabels[i]}"} ${num(cumulative)}`);
  }
  const braces = base === '' ? '' : `{${base}}`;
  out.push(`${name}_sum${braces} ${num(sumMs / 1000)}`, `${name}_count${braces} ${num(cumulative)}`);
}

const counts = <S>(series: { total: S; lifetime?: S }): S => series.lifetime ?? series.total;

/**
 * The view in the Prometheus text format 0.0.4: per route a request counter by status class and a latency
 * histogram, per target cold starts with init and first-invocation histograms, and the instances reporting. Counters
 * and histograms count since each reporting instance started (`lifetime`), so they only grow while they report.
 */
export function toPrometheus(view: MetricsView): string {
  const out: string[] = [];
  family(out, 'fw_http_requests_total', 'counter', 'Requests answered, by method, route pattern and status class.');
  for (const r of view.routes) {
    const slot: RouteSlot = counts(r);
    for (const cls of ['2xx', '3xx', '4xx', '5xx'] as const)
      out.push(
        `fw_http_requests_total{${labels([
          ['method', r.method],
          ['route', r.route],
          ['status_class', cls],
        ])}} ${num(slot.status[cls])}`,
      );
  }
  family(out, 'fw_http_request_duration_seconds', 'histogram', 'Time to answer a request, by method and route pattern.');
  for (const r of view.routes) {
    const slot: RouteSlot = counts(r);
    histogram(
      out,
      'fw_http_request_duration_seconds',
      [
        ['method', r.method],
        ['route', r.route],
      ],
      slot.buckets,
      slot.sumMs,
    );
  }
  family(out, 'fw_cold_starts_total', 'counter', 'Cold starts, by target.');
  for (const c of view.coldStarts) out.push(`fw_cold_starts_total{${labels([['target', c.target]])}} ${num(counts(c).count)}`);
  family(out, 'fw_cold_start_init_duration_seconds', 'histogram', 'Time from an instance start to ready, by target.');
  for (const c of view.coldStarts) {
    const slot: ColdStartSlot = counts(c);
    histogram(out, 'fw_cold_start_init_duration_seconds', [['target', c.target]], slot.initBuckets, slot.initSumMs);
  }
  family(out, 'fw_cold_start_first_invocation_duration_seconds', 'histogram', 'Duration of an instance first invocation, by target.');
  for (const c of view.coldStarts) {
    const slot: ColdStartSlot = counts(c);
    histogram(out, 'fw_cold_start_first_invocation_duration_seconds', [['target', c.target]], slot.firstBuckets, slot.firstSumMs);
  }
  family(out, 'fw_instances', 'gauge', 'Instances that reported within the retention window.');
  out.push(`fw_instances ${view.instances.length}`);
  return `${out.join('\n')}\n`;
}
