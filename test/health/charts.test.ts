/** The dashboard's SVG charts from metrics views built here: values to paths and labels, edge cases, escaping. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderLineChart, type LineChartSpec } from '../../src/health/charts/line-chart';
import { renderMetricsSection } from '../../src/health/charts/metrics-section';
import { clock, shortNumber, timeTicks, valueTicks } from '../../src/health/charts/scale';
import { dashboardCharts, slotTimes } from '../../src/health/charts/series';
import { latencyBucketsMs, type MetricsView, type RouteSlot } from '../../src/metrics/types';

const t0 = Date.UTC(2026, 10, 29, 12, 0, 0);
const slotMs = 10_000;

/** A route slot with `latencies` answered at `status` each (counts per bucket of latencyBucketsMs, +Inf last). */
function slot(t: number, answers: { status: number; ms: number }[]): RouteSlot {
  const buckets = new Array<number>(latencyBucketsMs.length + 1).fill(0);
  const status = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  let sumMs = 0;
  for (const a of answers) {
    const i = latencyBucketsMs.findIndex((bound) => a.ms <= bound);
    buckets[i === -1 ? latencyBucketsMs.length : i]++;
    status[`${Math.floor(a.status / 100)}xx` as keyof typeof status]++;
    sumMs += a.ms;
  }
  return { t, count: answers.length, status, buckets, sumMs };
}

function total(slots: RouteSlot[], from: number): RouteSlot {
  const all = slot(from, []);
  for (const s of slots) {
    all.count += s.count;
    for (const k of ['2xx', '3xx', '4xx', '5xx'] as const) all.status[k] += s.status[k];
    s.buckets.forEach((c, i) => (all.buckets[i] += c));
    all.sumMs += s.sumMs;
  }
  return all;
}

function view(routes: { method: string; route: string; slots: RouteSlot[] }[], slots = 6): MetricsView {
  const from = t0;
  const to = t0 + slots * slotMs;
  return {
    slotMs,
    from,
    to,
    instances: [{ id: 'i-1', target: 'node', startedAt: from, lastSeen: to, requests: 0, errorRate: 0 }],
    routes: routes.map((r) => ({ ...r, total: total(r.slots, from) })),
    coldStarts: [],
  };
}

const repeat = (n: number, status: number, ms: number) => Array.from({ length: n }, () => ({ status, ms }));

/** The `d` of each path of a chart's series, by series name. */
function paths(svg: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of svg.matchAll(/<g class="series" data-series="([^"]*)"[^>]*><path d="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

/** The [x, y] points of a path's M and L commands. */
function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

const chart = (id: string, v: MetricsView) => {
  const spec = dashboardCharts(v).find((c) => c.id === id);
  if (!spec) throw new Error(`no chart ${id}`);
  return { spec, svg: renderLineChart(spec) };
};

describe('line chart rendering', () => {
  const users = { method: 'GET', route: '/users/:id', slots: [slot(t0, repeat(10, 200, 3)), slot(t0 + slotMs, repeat(30, 200, 3))] };
  const orders = { method: 'POST', route: '/orders', slots: [slot(t0, [...repeat(5, 200, 40), ...repeat(5, 500, 40)])] };

  it('draws a line per route whose points rise with the request rate, and a legend naming the patterns', () => {
    const { svg, spec } = chart('fw-chart-rate', view([users, orders]));
    const d = paths(svg);
    expect(Object.keys(d)).toEqual(['GET /users/:id', 'POST /orders']);
    const u = points(d['GET /users/:id']);
    expect(u).toHaveLength(spec.times.length);
    expect(u[1][1]).toBeLessThan(u[0][1]); // 3 req/s sits higher than 1 req/s
    expect(u[2][1]).toBeGreaterThan(u[0][1]); // a slot with no request reads as 0 req/s
    for (let i = 1; i < u.length; i++) expect(u[i][0]).toBeGreaterThan(u[i - 1][0]);
    expect(svg).toContain('<title>GET /users/:id · 12:00:10 UTC · 3 req/s</title>');
    expect(svg).toMatch(
      /<figcaption><strong>Requests per second<\/strong><ul class="legend"><li>.*GET \/users\/:id<\/li><li>.*POST \/orders<\/li><\/ul>/,
    );
  });

  it('labels the axes, names its title and description for assistive technology, and ticks round values', () => {
    const { svg } = chart('fw-chart-rate', view([users]));
    expect(svg).toContain('role="img" aria-labelledby="fw-chart-rate-title fw-chart-rate-desc"');
    expect(svg).toContain('<title id="fw-chart-rate-title">Requests per second</title>');
    expect(svg).toMatch(
      /<desc id="fw-chart-rate-desc">req\/s per 10 s slot, 2026-11-29T12:00:00.000Z to 2026-11-29T12:01:00.000Z: GET \/users\/:id<\/desc>/,
    );
    expect(svg).toContain('>time (UTC)</text>');
    expect(svg).toContain('rotate(-90)" text-anchor="middle" class="axis-title">req/s</text>');
    const yLabels = [...svg.matchAll(/<text x="42" y="[\d.]+" text-anchor="end">([^<]+)</g)].map((m) => m[1]);
    expect(yLabels).toEqual(valueTicks(3).map(shortNumber));
    expect(svg).toContain('>12:00:00</text>');
  });

  it('reads latency percentiles from the buckets, interpolating inside a bucket as histogram_quantile does', () => {
    // 10 answers of 7 ms: all in the (5, 10] bucket, so p50 = 5 + 5 * 0.5, p95 = 5 + 5 * 0.95, p99 = 5 + 5 * 0.99.
    const { svg } = chart('fw-chart-latency', view([{ method: 'GET', route: '/a', slots: [slot(t0, repeat(10, 200, 7))] }]));
    expect(svg).toContain('<title>p50 · 12:00:00 UTC · 7.5 ms</title>');
    expect(svg).toContain('<title>p95 · 12:00:00 UTC · 9.75 ms</title>');
    expect(svg).toContain('<title>p99 · 12:00:00 UTC · 9.95 ms</title>');
    // Above the last bound the quantile reads as the highest finite bound, as Prometheus does.
    const slow = chart('fw-chart-latency', view([{ method: 'GET', route: '/a', slots: [slot(t0, repeat(4, 200, 60_000))] }]));
    expect(slow.svg).toContain('<title>p99 · 12:00:00 UTC · 10k ms</title>');
  });

  it('shows the 5xx share per route, and breaks the line where a slot had no request', () => {
    const { svg } = chart(
      'fw-chart-errors',
      view([orders, { method: 'GET', route: '/gap', slots: [slot(t0, repeat(2, 200, 1)), slot(t0 + 3 * slotMs, repeat(2, 503, 1))] }]),
    );
    expect(svg).toContain('<title>POST /orders · 12:00:00 UTC · 50 % 5xx</title>');
    const gap = paths(svg)['GET /gap'];
    expect(gap.match(/M/g)).toHaveLength(2);
    expect(gap).toMatch(/^M[\d.]+ [\d.]+h0M[\d.]+ [\d.]+h0$/);
  });

  it('says so, and draws no line, for an empty window', () => {
    const empty = view([]);
    const charts = dashboardCharts(empty).map(renderLineChart);
    expect(charts).toHaveLength(6);
    for (const svg of charts) {
      expect(svg).not.toContain('<path');
      expect(svg).toMatch(/class="empty">No (requests|cold start) in this window</);
      expect(svg).toContain('<ul class="legend"></ul>');
    }
    const section = renderMetricsSection({ view: empty });
    expect(section).toContain('no requests in this window');
    expect(section).toContain('no cold start in this window');
  });

  it('draws a single slot as a round dot, centred in the window', () => {
    const one = view([{ method: 'GET', route: '/once', slots: [slot(t0, repeat(1, 200, 2))] }], 1);
    expect(slotTimes(one)).toEqual([t0]);
    const d = paths(chart('fw-chart-rate', one).svg)['GET /once'];
    expect(d).toMatch(/^M[\d.]+ [\d.]+h0$/);
    const [[x]] = points(d);
    expect(x).toBeCloseTo(46 + (400 - 46 - 12) / 2, 0);
    // A window of no length (from = to) still places its slot inside the plot.
    const instant = { ...one, to: one.from };
    expect(points(paths(chart('fw-chart-rate', instant).svg)['GET /once'])[0][0]).toBeGreaterThanOrEqual(46);
  });

  it('keeps huge and non-finite values inside the plot, with short labels', () => {
    const spec: LineChartSpec = {
      id: 'huge',
      title: 'Huge',
      unit: 'req/s',
      times: [t0, t0 + slotMs, t0 + 2 * slotMs],
      slotMs,
      from: t0,
      to: t0 + 3 * slotMs,
      emptyText: 'none',
      series: [{ name: 'big', color: '#000', values: [1e15, Number.POSITIVE_INFINITY, 3e21] }],
    };
    const svg = renderLineChart(spec);
    expect(svg).not.toMatch(/NaN|Infinity/);
    const pts = points(paths(svg).big);
    expect(pts).toHaveLength(2); // the infinite value breaks the line
    for (const [x, y] of pts) {
      expect(x).toBeGreaterThanOrEqual(46);
      expect(y).toBeGreaterThanOrEqual(14);
      expect(y).toBeLessThanOrEqual(220 - 40);
    }
    expect(svg).toContain('3.0e+21 req/s');
    expect(shortNumber(1_234_567)).toBe('1.23M');
    expect(shortNumber(2.5e12)).toBe('2.5T');
  });

  it('escapes route names with < & " and \' everywhere they appear', () => {
    const nasty = { method: 'GET', route: `/a<b>&"c'</script>`, slots: [slot(t0, repeat(3, 500, 1))] };
    const section = renderMetricsSection({ view: view([nasty]) });
    expect(section).not.toContain('<b>');
    expect(section).not.toContain('</script>');
    expect(section).not.toContain('&"c');
    expect(section).toContain('/a&lt;b&gt;&amp;&quot;c&#39;&lt;/script&gt;');
    expect(section).toContain('data-series="GET /a&lt;b&gt;&amp;&quot;c&#39;&lt;/script&gt;"');
    expect(renderMetricsSection({ missing: 'store <down> & "out"' })).toContain('store &lt;down&gt; &amp; &quot;out&quot;');
  });

  it('never writes NaN or Infinity and draws one point per value, whatever the counts', () => {
    const counts = fc.array(fc.option(fc.double({ min: 0, max: 1e18, noNaN: true }), { nil: null }), { minLength: 0, maxLength: 30 });
    fc.assert(
      fc.property(counts, (values) => {
        const times = values.map((_, i) => t0 + i * slotMs);
        const svg = renderLineChart({
          id: 'p',
          title: 'p',
          unit: 'ms',
          times,
          slotMs,
          from: t0,
          to: t0 + values.length * slotMs,
          emptyText: 'none',
          series: [{ name: 's', color: '#000', values }],
        });
        expect(svg).not.toMatch(/NaN|Infinity/);
        const drawn = values.filter((v) => v !== null).length;
        expect(points(paths(svg).s ?? '')).toHaveLength(drawn);
        expect([...svg.matchAll(/<circle /g)]).toHaveLength(drawn);
      }),
    );
  });
});

describe('chart scales', () => {
  it('ticks round values up to the maximum, and round clock times', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(5e-324)).toEqual([0, 5e-324]); // a quarter of it is 0: one step, not an endless loop
    expect(valueTicks(Number.MAX_VALUE).every(Number.isFinite)).toBe(true);
    expect(valueTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(100)).toEqual([0, 25, 50, 75, 100]);
    const { step, ticks } = timeTicks(t0, t0 + 60 * 60_000);
    expect(step).toBe(15 * 60_000);
    expect(ticks.map((t) => clock(t, step))).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00']);
  });
});
