import { describe, expect, it } from 'vitest';
import { escapeLabelValue, latencyBucketsMs, MetricsRecorder, mergeDocs, toPrometheus, type MetricsView } from 'fw/metrics';

/** A view with routes whose patterns need escaping, two instances' worth of answers and a cold start. */
function sampleView(): MetricsView {
  const a = new MetricsRecorder({ slotMs: 60_000, slots: 10, maxRoutes: 50 });
  a.identify('lambda', 'a');
  a.record('GET', '/files/"quoted"\\back', 200, 0.5);
  a.record('GET', '/line\nbreak', 503, 3000);
  a.record('GET', '/users/:id', 200, 12);
  a.recordColdStart('lambda', 120, 9);
  const b = new MetricsRecorder({ slotMs: 60_000, slots: 10, maxRoutes: 50 });
  b.identify('lambda', 'b');
  b.record('GET', '/users/:id', 404, 60);
  b.record('POST', '/users/:id', 201, 1);
  return mergeDocs([a.snapshot(), b.snapshot()], { slotMs: 60_000, slots: 10, now: Date.now() });
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the sample lines of an exposition (labels unescaped), and checks every line is a comment or a sample. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# ')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g))
      labels[k] = v.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    out.push({ name: m[1], labels, value: m[3] === '+Inf' ? Infinity : Number(m[3]) });
  }
  return out;
}

describe('toPrometheus', () => {
  const text = toPrometheus(sampleView());
  const all = samples(text);

  it('escapes backslash, double quote and line feed in label values', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(text).toContain('route="/files/\\"quoted\\"\\\\back"');
    expect(text).toContain('route="/line\\nbreak"');
    expect(all.some((s) => s.labels.route === '/line\nbreak')).toBe(true);
  });

  it('writes one HELP and one TYPE per family, before its samples, and no series twice', () => {
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]);
    expect(new Set(types).size).toBe(types.length);
    const helps = [...text.matchAll(/^# HELP (\S+) /gm)].map((m) => m[1]);
    expect(helps).toEqual(types);
    const series = all.map((s) => `${s.name}${JSON.stringify(s.labels)}`);
    expect(new Set(series).size).toBe(series.length);
    const lines = text.split('\n');
    for (const s of all) {
      const family = types.find((t) => s.name === t || s.name.replace(/_(bucket|sum|count)$/, '') === t)!;
      expect(family).toBeDefined();
      const typeLine = lines.findIndex((l) => l.startsWith(`# TYPE ${family} `));
      const sampleLine = lines.findIndex((l) => l.startsWith(`${s.name}{`) || l.startsWith(`${s.name} `));
      expect(typeLine).toBeLessThan(sampleLine);
    }
  });

  it('writes histograms with cumulative buckets up to le="+Inf", _sum in seconds and _count', () => {
    const users = (s: Sample) => s.labels.method === 'GET' && s.labels.route === '/users/:id';
    const buckets = all.filter((s) => s.name === 'fw_http_request_duration_seconds_bucket' && users(s));
    expect(buckets.map((s) => s.labels.le)).toEqual([...latencyBucketsMs.map((ms) => String(ms / 1000)), '+Inf']);
    for (let i = 1; i < buckets.length; i++) expect(buckets[i].value).toBeGreaterThanOrEqual(buckets[i - 1].value);
    // 12 ms (from instance a) and 60 ms (from b): le 0.025 holds one, le 0.1 both.
    expect(buckets.find((s) => s.labels.le === '0.01')!.value).toBe(0);
    expect(buckets.find((s) => s.labels.le === '0.025')!.value).toBe(1);
    expect(buckets.find((s) => s.labels.le === '0.1')!.value).toBe(2);
    expect(buckets.at(-1)!.value).toBe(2);
    expect(all.find((s) => s.name === 'fw_http_request_duration_seconds_count' && users(s))!.value).toBe(2);
    expect(all.find((s) => s.name === 'fw_http_request_duration_seconds_sum' && users(s))!.value).toBeCloseTo(0.072);
    expect(text).toContain('# TYPE fw_http_request_duration_seconds histogram');
  });

  it('counts requests per status class and cold starts per target, and the instances', () => {
    const count = (route: string, cls: string) =>
      all.find(
        (s) =>
          s.name === 'fw_http_requests_total' && s.labels.route === route && s.labels.method === 'GET' && s.labels.status_class === cls,
      )!.value;
    expect(count('/users/:id', '2xx')).toBe(1);
    expect(count('/users/:id', '4xx')).toBe(1);
    expect(count('/line\nbreak', '5xx')).toBe(1);
    expect(all.find((s) => s.name === 'fw_cold_starts_total')).toEqual({
      name: 'fw_cold_starts_total',
      labels: { target: 'lambda' },
      value: 1,
    });
    const init = all.filter((s) => s.name === 'fw_cold_start_init_duration_seconds_bucket');
    expect(init.find((s) => s.labels.le === '0.1')!.value).toBe(0);
    expect(init.find((s) => s.labels.le === '0.25')!.value).toBe(1);
    expect(all.find((s) => s.name === 'fw_instances')!.value).toBe(2);
  });

  it('ends with a line feed and writes only families for an empty view', () => {
    const empty = toPrometheus(mergeDocs([], { slotMs: 60_000, slots: 10, now: Date.now() }));
    expect(empty.endsWith('\n')).toBe(true);
    expect(samples(empty)).toEqual([{ name: 'fw_instances', labels: {}, value: 0 }]);
  });
});
