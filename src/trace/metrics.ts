/** Per-route request statistics. */
export interface RouteMetrics {
  method: string;
  route: string;
  count: number;
  /** Answers with status >= 500. */
  errors: number;
  /** Counts per status code. */
  statuses: Record<string, number>;
  sumMs: number;
  avgMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** What `MetricsCollector.snapshot()` returns. */
export interface MetricsSnapshot {
  requests: number;
  errors: number;
  inFlight: number;
  uptimeMs: number;
  routes: RouteMetrics[];
}

interface RouteState {
  method: string;
  route: string;
  count: number;
  errors: number;
  statuses: Map<number, number>;
  sumMs: number;
  maxMs: number;
  samples: number[];
  next: number;
}

/** Options of a MetricsCollector. */
export interface MetricsCollectorOptions {
  /** Latest durations kept per route for percentiles (default 1000). */
  maxSamples?: number;
  /** Distinct method+route pairs tracked (default 1000); later ones are folded into `(other)`. */
  maxRoutes?: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  return `{${Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')}}`;
}

/** Counts requests, errors and durations per route (bounded memory), with percentiles and Prometheus text output. */
export class MetricsCollector {
  private readonly routes = new Map<string, RouteState>();
  private readonly maxSamples: number;
  private readonly maxRoutes: number;
  private readonly startedAt = Date.now();
  private inFlight = 0;

  constructor(options: MetricsCollectorOptions = {}) {
    this.maxSamples = options.maxSamples ?? 1000;
    this.maxRoutes = options.maxRoutes ?? 1000;
    for (const [name, value] of [
      ['maxSamples', this.maxSamples],
      ['maxRoutes', this.maxRoutes],
    ] as const) {
      if (!Number.isInteger(value) || value <= 0)
        throw new TypeError(`MetricsCollector ${name} must be a positive integer, got ${String(value)}`);
    }
  }

  /** Marks a request as started; call the returned function when it is answered. */
  begin(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (!done) this.inFlight--;
      done = true;
    };
  }

  /** Records one answered request. */
  record(method: string, route: string, status: number, durationMs: number): void {
    let key = `${method} ${route}`;
    if (!this.routes.has(key) && this.routes.size >= this.maxRoutes) key = `${method} (other)`;
    let state = this.routes.get(key);
    if (!state) {
      state = {
        method,
        route: key.slice(method.length + 1),
        count: 0,
        errors: 0,
        statuses: new Map(),
        sumMs: 0,
        maxMs: 0,
        samples: [],
        next: 0,
      };
      this.routes.set(key, state);
    }
    state.count++;
    if (status >= 500) state.errors++;
    state.statuses.set(status, (state.statuses.get(status) ?? 0) + 1);
    state.sumMs += durationMs;
    state.maxMs = Math.max(state.maxMs, durationMs);
    if (state.samples.length < this.maxSamples) state.samples.push(durationMs);
    else state.samples[state.next] = durationMs;
    state.next = (state.next + 1) % this.maxSamples;
  }

  /** Totals and per-route statistics now. */
  snapshot(): MetricsSnapshot {
    const routes = [...this.routes.values()].map((s): RouteMetrics => {
      const sorted = [...s.samples].sort((a, b) => a - b);
      return {
        method: s.method,
        route: s.route,
        count: s.count,
        errors: s.errors,
        statuses: Object.fromEntries([...s.statuses].map(([k, v]) => [String(k), v])),
        sumMs: s.sumMs,
        avgMs: s.count === 0 ? 0 : s.sumMs / s.count,
        p50Ms: quantile(sorted, 0.5),
        p95Ms: quantile(sorted, 0.95),
        p99Ms: quantile(sorted, 0.99),
        maxMs: s.maxMs,
      };
    });
    return {
      requests: routes.reduce((n, r) => n + r.count, 0),
      errors: routes.reduce((n, r) => n + r.errors, 0),
      inFlight: this.inFlight,
      uptimeMs: Date.now() - this.startedAt,
      routes,
    };
  }

  /** The metrics in the Prometheus text exposition format (version 0.0.4); `extraLabels` are added to every sample. */
  toPrometheus(options: { prefix?: string; extraLabels?: Record<string, string>; withHeaders?: boolean } = {}): string {
    const prefix = options.prefix ?? 'fw';
    const extra = options.extraLabels ?? {};
    const snap = this.snapshot();
    const lines: string[] = [];
    const header = (name: string, type: string, help: string) => {
      if (options.withHeaders !== false) lines.push(`# HELP ${prefix}_${name} ${help}`, `# TYPE ${prefix}_${name} ${type}`);
    };
    header('http_requests_total', 'counter', 'HTTP requests answered, by method, route and status.');
    for (const r of snap.routes)
      for (const [status, n] of Object.entries(r.statuses))
        lines.push(`${prefix}_http_requests_total${labels({ ...extra, method: r.method, route: r.route, status })} ${n}`);
    header('http_request_duration_ms', 'summary', 'HTTP request duration in milliseconds.');
    for (const r of snap.routes) {
      const base = { ...extra, method: r.method, route: r.route };
      for (const [q, v] of [
        ['0.5', r.p50Ms],
        ['0.95', r.p95Ms],
        ['0.99', r.p99Ms],
      ] as const)
        lines.push(`${prefix}_http_request_duration_ms${labels({ ...base, quantile: q })} ${v}`);
      lines.push(
        `${prefix}_http_request_duration_ms_sum${labels(base)} ${r.sumMs}`,
        `${prefix}_http_request_duration_ms_count${labels(base)} ${r.count}`,
      );
    }
    header('http_requests_in_flight', 'gauge', 'HTTP requests being answered now.');
    lines.push(`${prefix}_http_requests_in_flight${labels(extra)} ${snap.inFlight}`);
    return `${lines.join('\n')}\n`;
  }

  /** Forgets every recorded request. */
  reset(): void {
    this.routes.clear();
  }
}
