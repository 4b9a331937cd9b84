import { describe, expect, it, vi } from 'vitest';
import { Fw } from '../../src/app/fw';
import {
  MetricsCollector,
  Timing,
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  sanitizeTracestate,
  trace,
  traceMiddleware,
  type SpanRecord,
} from '../../src/trace';

describe('ids and W3C headers', () => {
  it('newTraceId is 32 hex, newSpanId 16 hex, never all zeros, distinct', () => {
    const ids = new Set(Array.from({ length: 200 }, newTraceId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
    expect(newSpanId()).toMatch(/^(?!0+$)[0-9a-f]{16}$/);
  });

  it('parses valid traceparent headers and refuses invalid ones', () => {
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      version: '00',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentId: '00f067aa0ba902b7',
      flags: 1,
    });
    expect(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00-future')).toMatchObject({ version: '01', flags: 0 });
    for (const bad of [
      null,
      '',
      'garbage',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
    ]) {
      expect(parseTraceparent(bad)).toBeNull();
    }
    expect(formatTraceparent('4bf92f3577b34da6a3ce929d0e0e4736', '00f067aa0ba902b7', false)).toBe(
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
    );
  });

  it('keeps valid tracestate members only', () => {
    expect(sanitizeTracestate('congo=t61rcWkgMzE, rojo=00f067aa0ba902b7')).toBe('congo=t61rcWkgMzE,rojo=00f067aa0ba902b7');
    expect(sanitizeTracestate('BAD KEY=1,ok=2')).toBe('ok=2');
    expect(sanitizeTracestate('===')).toBeNull();
  });
});

describe('trace plugin', () => {
  it('joins the caller trace, delivers a server span to onSpan and answers with trace headers', async () => {
    const spans: SpanRecord[] = [];
    const app = new Fw();
    await app.plugin(
      trace({
        service: 'api',
        onSpan: (s) => {
          spans.push(s);
        },
      }),
    );
    app.get('/users/:id', async (ctx: any) => {
      const child = ctx.startSpan('db.query');
      child.setAttribute('db.system', 'postgresql').end();
      await ctx.timing.measure('db', () => 1);
      return { traceId: ctx.state['fw:span'].traceId };
    });
    const res = await app.request('/users/1', {
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'congo=t61rcWkgMzE' },
    });
    expect(await res.json()).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
    const header = parseTraceparent(res.headers.get('traceparent'));
    expect(header?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(res.headers.get('tracestate')).toBe('congo=t61rcWkgMzE');
    expect(res.headers.get('server-timing')).toMatch(/^db;dur=[\d.]+, total;dur=[\d.]+$/);
    expect(spans.map((s) => s.name)).toEqual(['db.query', 'GET /users/:id']);
    const [child, server] = spans;
    expect(server).toMatchObject({
      kind: 'server',
      service: 'api',
      parentSpanId: '00f067aa0ba902b7',
      spanId: header?.parentId,
      status: 'ok',
      attributes: { 'http.route': '/users/:id', 'http.response.status_code': 200 },
    });
    expect(child).toMatchObject({ traceId: server.traceId, parentSpanId: server.spanId, attributes: { 'db.system': 'postgresql' } });
  });

  it('starts a new trace for a missing or invalid traceparent; 5xx spans are errors', async () => {
    const spans: SpanRecord[] = [];
    const app = new Fw();
    await app.plugin(
      trace({
        onSpan: (s) => {
          spans.push(s);
        },
      }),
    );
    app.get('/boom', () => {
      throw new Error('x');
    });
    const res = await app.request('/boom', { headers: { traceparent: 'nonsense' } });
    expect(res.status).toBe(500);
    expect(spans[0]).toMatchObject({ status: 'error', attributes: { 'http.response.status_code': 500 } });
    expect(spans[0].parentSpanId).toBeUndefined();
    expect(parseTraceparent(res.headers.get('traceparent'))?.traceId).toBe(spans[0].traceId);
  });

  it('follows the sampled flag and sampleRate; a failing handler is reported, not thrown', async () => {
    const onSpan = vi.fn();
    const errors: unknown[] = [];
    const app = new Fw();
    await app.plugin(
      trace({
        sampleRate: 0,
        onSpan: [
          onSpan,
          () => {
            throw new Error('exporter down');
          },
        ],
        onError: (e) => errors.push(e),
      }),
    );
    app.get('/', () => 'ok');
    const unsampled = await app.request('/');
    expect(unsampled.headers.get('traceparent')).toMatch(/-00$/);
    expect(onSpan).not.toHaveBeenCalled();
    const sampled = await app.request('/', { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } });
    expect(sampled.status).toBe(200);
    expect(onSpan).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
  });

  it('async onSpan work is handed to waitUntil', async () => {
    const pending: Promise<unknown>[] = [];
    let stored = 0;
    const app = new Fw();
    app.use(
      traceMiddleware({
        onSpan: async () => {
          await Promise.resolve();
          stored++;
        },
      }),
    );
    app.get('/', () => 'ok');
    await app.fetch(
      new Request('http://localhost/'),
      {},
      {
        waitUntil: (p) => {
          pending.push(p);
        },
      },
    );
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(stored).toBe(1);
  });

  it('rejects bad options', () => {
    expect(() => trace({ sampleRate: 2 })).toThrow(/sampleRate/);
    expect(() => trace({ onSpan: 'x' as never })).toThrow(/onSpan needs a function/);
  });
});

describe('MetricsCollector', () => {
  it('counts per route with percentiles and writes Prometheus text', async () => {
    const metrics = new MetricsCollector();
    const app = new Fw();
    await app.plugin(trace({ metrics }));
    app.get('/users/:id', () => 'ok');
    app.get('/fail', () => {
      throw new Error('x');
    });
    for (let i = 0; i < 4; i++) await app.request(`/users/${i}`);
    await app.request('/fail');
    await app.request('/nowhere');
    const snap = metrics.snapshot();
    expect(snap).toMatchObject({ requests: 6, errors: 1, inFlight: 0 });
    expect(snap.routes.find((r) => r.route === '/users/:id')).toMatchObject({ count: 4, statuses: { 200: 4 } });
    expect(snap.routes.find((r) => r.route === '(unmatched)')).toMatchObject({ count: 1, statuses: { 404: 1 } });
    const text = metrics.toPrometheus({ extraLabels: { app: 'a"b' } });
    expect(text).toContain('# TYPE fw_http_requests_total counter');
    expect(text).toContain('fw_http_requests_total{app="a\\"b",method="GET",route="/users/:id",status="200"} 4');
    expect(text).toContain('fw_http_request_duration_ms_count{app="a\\"b",method="GET",route="/fail"} 1');
    expect(text).toMatch(/fw_http_requests_in_flight\{app="a\\"b"\} 0\n$/);
    for (const line of text.trim().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) \w+ .+|\w+\{.*\} [\d.e+-]+)$/);
  });

  it('percentiles over known samples; route cardinality is bounded', () => {
    const m = new MetricsCollector({ maxRoutes: 2 });
    for (let i = 1; i <= 100; i++) m.record('GET', '/a', 200, i);
    m.record('GET', '/b', 200, 1);
    m.record('GET', '/c', 200, 1);
    const a = m.snapshot().routes[0];
    expect([a.p50Ms, a.p95Ms, a.p99Ms, a.maxMs, a.avgMs]).toEqual([50, 95, 99, 100, 50.5]);
    expect(m.snapshot().routes.map((r) => r.route)).toEqual(['/a', '/b', '(other)']);
    expect(() => new MetricsCollector({ maxSamples: 0 })).toThrow(/maxSamples/);
  });
});

describe('Timing', () => {
  it('formats Server-Timing and rejects bad names and durations', () => {
    const t = new Timing().add('cache', undefined, 'hit "warm"').add('db', 12.5);
    expect(t.header()).toBe('cache;desc="hit \\"warm\\"", db;dur=12.5');
    expect(() => t.add('bad name', 1)).toThrow(/HTTP token/);
    expect(() => t.add('x', -1)).toThrow(/>= 0/);
    expect(() => t.end('never')).toThrow(/never started/);
  });
});
