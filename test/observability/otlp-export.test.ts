import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { structuredLogger } from '../../src/logger';
import { metrics } from '../../src/metrics';
import { latencyBucketsMs, type MetricsView } from '../../src/metrics/types';
import { createOtlpExporter, otelExport, retryAfterMs } from '../../src/observability';
import { trace } from '../../src/trace';
import { serve, type NodeServer } from '../../targets/node';
import { bucketOf, coldSlot, routeSlot, view } from './metrics-view';
import { decodeOtlpJson, type Receiver, type Received, startReceiver } from './otlp-receiver';

type Json = Record<string, any>;

function metricsOf(r: Received): Json[] {
  return (r.body as Json).resourceMetrics[0].scopeMetrics[0].metrics;
}
function attrs(list: Json[]): Record<string, unknown> {
  return Object.fromEntries(list.map((a) => [a.key, Object.values(a.value)[0]]));
}
function resourceOf(r: Received, key: 'resourceMetrics' | 'resourceSpans' | 'resourceLogs'): Record<string, unknown> {
  return attrs((r.body as Json)[key][0].resource.attributes);
}
const quiet = () => {};

/** Every app a test makes, stopped after it so no exporter keeps sending to a port another test may reuse. */
const apps: Fw[] = [];
function newApp(): Fw {
  const app = new Fw();
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
});

/** An app with metrics(), trace() and otelExport(options) to `endpoint`, answering "ok" at `/`, three requests made. */
async function tracedApp(options: Parameters<typeof otelExport>[0]) {
  const app = newApp();
  await app.plugin(metrics());
  await app.plugin(trace());
  const plugin = otelExport({ onError: quiet, ...options });
  await app.plugin(plugin);
  app.get('/', () => 'ok');
  for (let i = 0; i < 3; i++) await app.handle(new Request('http://x/'));
  return { app, plugin };
}

/** The receiver of one describe block (read it in its tests): started before them, emptied after each, closed after all. */
function sharedReceiver(): () => Receiver {
  const shared = {} as { current: Receiver };
  beforeAll(async () => {
    shared.current = await startReceiver();
  });
  afterAll(() => shared.current.close());
  afterEach(() => {
    shared.current.received.length = 0;
    shared.current.answers.length = 0;
  });
  return () => shared.current;
}

describe('OTLP receiver (the official definitions)', () => {
  it('rejects what the definitions do not know, so a passing export test means something', () => {
    const good = {
      resourceMetrics: [{ scopeMetrics: [{ metrics: [{ name: 'x', sum: { aggregationTemporality: 2, dataPoints: [{ asInt: '3' }] } }] }] }],
    };
    expect(decodeOtlpJson('/v1/metrics', JSON.stringify(good))).toMatchObject({ resourceMetrics: [{}] });
    const misspelt = { resourceMetrics: [{ scopeMetrics: [{ metrics: [{ name: 'x', histo: {} }] }] }] };
    expect(() => decodeOtlpJson('/v1/metrics', JSON.stringify(misspelt))).toThrow(/round-trip/);
    const enumByName = {
      resourceMetrics: [
        { scopeMetrics: [{ metrics: [{ name: 'x', sum: { aggregationTemporality: 'AGGREGATION_TEMPORALITY_CUMULATIVE' } }] }] },
      ],
    };
    expect(() => decodeOtlpJson('/v1/metrics', JSON.stringify(enumByName))).toThrow(/round-trip/);
    const badId = { resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: 'not-hex', name: 'x' }] }] }] };
    expect(() => decodeOtlpJson('/v1/traces', JSON.stringify(badId))).toThrow(/hex/);
  });
});

describe('OTLP protobuf encoding', () => {
  it('decodes, with the official definitions, to exactly what the JSON encoding decodes to, for every signal', async () => {
    const receiver = await startReceiver();
    try {
      const t = Date.UTC(2026, 10, 29, 12);
      const metricsView = view(
        t,
        t + 20_000,
        [
          {
            method: 'GET',
            route: '/caf\u00e9/:id',
            slots: [
              routeSlot(t, [
                [200, 3],
                [503, 20_000],
                [404, 0.25],
              ]),
            ],
          },
        ],
        [{ target: 'lambda', slots: [coldSlot(t, [[180, 25]])] }],
      );
      const span = {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        parentSpanId: '00f067aa0ba902b7',
        name: 'GET /caf\u00e9/:id',
        kind: 'client' as const,
        service: 'shop',
        startTime: t + 0.123,
        endTime: t + 5.5,
        status: 'error' as const,
        sampled: true,
        attributes: { 'http.route': '/x', retries: 2, ratio: 0.5, cached: false },
        events: [{ name: 'exception', time: t + 1, attributes: { 'exception.message': 'boom' } }],
      };
      const record = {
        time: new Date(t).toISOString(),
        level: 'warn' as const,
        service: 'shop',
        message: 'slow \u2603',
        traceId: span.traceId,
        spanId: span.spanId,
        cart: 3,
        delta: -2,
        big: 2 ** 40,
        ratio: 0.25,
        ok: true,
        tags: ['a', 1],
        nested: { x: -2, y: null },
      };
      for (const encoding of ['json', 'protobuf'] as const) {
        const exporter = createOtlpExporter({ endpoint: receiver.url, encoding, instanceId: 'i-1', service: 'shop', onError: quiet });
        await exporter.exportMetrics(metricsView);
        exporter.spans.add(span);
        exporter.logs.write(record);
        await exporter.flush();
      }
      const byPath = (path: string) => receiver.received.filter((r) => r.path === path);
      for (const path of ['/v1/metrics', '/v1/traces', '/v1/logs']) {
        const [json, protobuf] = byPath(path);
        expect(json.headers['content-type']).toBe('application/json');
        expect(protobuf.headers['content-type']).toBe('application/x-protobuf');
        expect([json.error, protobuf.error]).toEqual([null, null]);
        const observed = (body: any) =>
          JSON.parse(JSON.stringify(body).replace(/"observedTimeUnixNano":"\d+"/g, '"observedTimeUnixNano":"0"'));
        expect(observed(protobuf.body)).toEqual(observed(json.body));
      }
    } finally {
      await receiver.close();
    }
  });

  it('refuses an unknown encoding', () => {
    expect(() => createOtlpExporter({ encoding: 'xml' as never })).toThrow(/"json" or "protobuf"/);
  });
});

describe('OTLP metrics export (Node)', () => {
  const receiver = sharedReceiver();

  const t0 = Date.UTC(2026, 10, 29, 12, 0, 0);
  const getAnswers: [number, number][] = [
    [200, 3],
    [200, 40],
    [404, 0.5],
    [500, 1200],
  ];

  it('sends per-route histograms with explicit bounds, cumulative counters per status class and cold starts per target', async () => {
    const exporter = createOtlpExporter({ endpoint: receiver().url, service: 'shop', instanceId: 'i-1', onError: quiet });
    const first = view(
      t0,
      t0 + 20_000,
      [{ method: 'GET', route: '/items/:id', slots: [routeSlot(t0, getAnswers.slice(0, 2)), routeSlot(t0 + 10_000, getAnswers.slice(2))] }],
      [{ target: 'lambda', slots: [coldSlot(t0, [[180, 25]])] }],
    );
    await exporter.exportMetrics(first);
    const got = await receiver().waitFor((r) => r.path === '/v1/metrics');
    expect(got.error).toBeNull();
    expect(resourceOf(got, 'resourceMetrics')).toMatchObject({ 'service.name': 'shop', 'service.instance.id': 'i-1' });
    const metrics = metricsOf(got);
    const duration = metrics.find((m) => m.name === 'fw.http.server.request.duration');
    expect(duration).toMatchObject({ unit: 'ms', histogram: { aggregationTemporality: 2 } });
    const point = duration?.histogram.dataPoints[0];
    expect(attrs(point.attributes)).toEqual({ 'http.request.method': 'GET', 'http.route': '/items/:id' });
    expect(point.explicitBounds).toEqual([...latencyBucketsMs]);
    expect(point.bucketCounts).toHaveLength(latencyBucketsMs.length + 1);
    const expected = new Array(latencyBucketsMs.length + 1).fill(0);
    for (const [, ms] of getAnswers) expected[bucketOf(ms)]++;
    expect(point.bucketCounts.map(Number)).toEqual(expected);
    expect(point.count).toBe(String(getAnswers.length));
    expect(point.sum).toBeCloseTo(getAnswers.reduce((n, [, ms]) => n + ms, 0));
    expect(point.startTimeUnixNano).toBe(`${BigInt(t0) * 1_000_000n}`);
    expect(point.timeUnixNano).toBe(`${BigInt(t0 + 20_000) * 1_000_000n}`);

    const requests = metrics.find((m) => m.name === 'fw.http.server.requests');
    expect(requests?.sum).toMatchObject({ aggregationTemporality: 2, isMonotonic: true });
    const byClass = Object.fromEntries(
      requests?.sum.dataPoints.map((p: Json) => [attrs(p.attributes)['http.response.status_class'], Number(p.asInt)]),
    );
    expect(byClass).toEqual({ '2xx': 2, '4xx': 1, '5xx': 1 });

    const init = metrics.find((m) => m.name === 'fw.cold_start.init.duration')?.histogram.dataPoints[0];
    expect(attrs(init.attributes)).toEqual({ 'fw.target': 'lambda' });
    expect(init.count).toBe('1');
    expect(init.sum).toBe(180);
    const firstInvocation = metrics.find((m) => m.name === 'fw.cold_start.first_invocation.duration')?.histogram.dataPoints[0];
    expect(firstInvocation.bucketCounts.map(Number)[bucketOf(25)]).toBe(1);
  });

  it('keeps counts cumulative from the first start time while the window slides past old slots', async () => {
    const exporter = createOtlpExporter({ endpoint: receiver().url, onError: quiet });
    const slotA = routeSlot(t0, [[200, 3]]);
    const slotB = routeSlot(t0 + 10_000, [[200, 7]]);
    await exporter.exportMetrics(view(t0, t0 + 15_000, [{ method: 'GET', route: '/', slots: [slotA, slotB] }]));
    const slotBGrown = routeSlot(t0 + 10_000, [
      [200, 7],
      [503, 30],
    ]);
    const slotC = routeSlot(t0 + 20_000, [[200, 2]]);
    await exporter.exportMetrics(view(t0 + 10_000, t0 + 25_000, [{ method: 'GET', route: '/', slots: [slotBGrown, slotC] }]));
    expect(receiver().received.map((r) => r.error)).toEqual([null, null]);
    const points = receiver().received.map(
      (r) => metricsOf(r).find((m) => m.name === 'fw.http.server.request.duration')?.histogram.dataPoints[0],
    );
    expect(points.map((p) => Number(p.count))).toEqual([2, 4]);
    expect(points[1].sum).toBeCloseTo(3 + 7 + 30 + 2);
    expect(points[1].startTimeUnixNano).toBe(points[0].startTimeUnixNano);
    expect(exporter.stats().metrics).toEqual({ exported: 2, failed: 0 });
  });

  it('names the Lambda function in the resource when it runs on Lambda', async () => {
    const env = {
      AWS_LAMBDA_FUNCTION_NAME: 'shop-api',
      AWS_LAMBDA_FUNCTION_VERSION: '7',
      AWS_REGION: 'eu-west-1',
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
    };
    const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    let exporter: ReturnType<typeof createOtlpExporter>;
    try {
      exporter = createOtlpExporter({ endpoint: receiver().url, service: 'shop', onError: quiet });
    } finally {
      for (const [k, v] of Object.entries(before))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
    await exporter.exportMetrics(view(t0, t0 + 1000, [{ method: 'GET', route: '/', slots: [routeSlot(t0, [[200, 1]])] }]));
    const got = await receiver().waitFor((r) => r.path === '/v1/metrics');
    expect(resourceOf(got, 'resourceMetrics')).toMatchObject({
      'cloud.provider': 'aws',
      'cloud.platform': 'aws_lambda',
      'cloud.region': 'eu-west-1',
      'faas.name': 'shop-api',
      'faas.version': '7',
      'faas.max_memory': String(512 * 1024 * 1024),
    });
  });

  it('sends nothing for an empty view', async () => {
    const exporter = createOtlpExporter({ endpoint: receiver().url, onError: quiet });
    await exporter.exportMetrics({ slotMs: 10_000, from: t0, to: t0 + 1, instances: [], routes: [], coldStarts: [] });
    expect(receiver().received).toHaveLength(0);
  });
});

describe('otelExport on a Node app: spans, logs and metrics from real traffic', () => {
  let receiver: Receiver;
  let server: NodeServer;
  let app: Fw;
  let reads = 0;
  const started = Date.now();

  beforeAll(async () => {
    receiver = await startReceiver();
    app = new Fw();
    await app.plugin(structuredLogger({ service: 'shop', write: () => {} }));
    await app.plugin(trace({ service: 'shop' }));
    await app.plugin(
      otelExport({
        endpoint: receiver.url,
        headers: { authorization: 'Bearer collector-token' },
        service: 'shop',
        resourceAttributes: { 'deployment.environment': 'test' },
        flushIntervalMs: 100,
        exportIntervalMs: 100,
        metrics: (): MetricsView => {
          reads++;
          return view(started, Date.now(), [{ method: 'GET', route: '/items/:id', slots: [routeSlot(started, [[200, 4]])] }]);
        },
        onError: quiet,
      }),
    );
    app.get('/items/:id', (ctx: Context) => {
      ctx.log.info('item read', { id: ctx.params.id });
      return { id: ctx.params.id };
    });
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.stop();
    await app?.stop();
    await receiver.close();
  });

  it('posts conforming traces, logs and metrics with the auth header and the resource', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/items/42`, {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    expect(await res.json()).toEqual({ id: '42' });
    const traces = await receiver.waitFor((r) => r.path === '/v1/traces');
    const logs = await receiver.waitFor((r) => r.path === '/v1/logs');
    const metrics = await receiver.waitFor((r) => r.path === '/v1/metrics');
    for (const r of [traces, logs, metrics]) {
      expect(r.error).toBeNull();
      expect(r.headers.authorization).toBe('Bearer collector-token');
    }
    expect(reads).toBeGreaterThan(0);
    expect(resourceOf(traces, 'resourceSpans')).toMatchObject({ 'service.name': 'shop', 'deployment.environment': 'test' });
    const instance = resourceOf(traces, 'resourceSpans')['service.instance.id'];
    expect(resourceOf(logs, 'resourceLogs')['service.instance.id']).toBe(instance);
    expect(resourceOf(metrics, 'resourceMetrics')['service.instance.id']).toBe(instance);
    const span = (traces.body as Json).resourceSpans[0].scopeSpans[0].spans[0];
    expect(span).toMatchObject({ name: 'GET /items/:id', kind: 2, status: { code: 1 } });
    expect(Buffer.from(span.traceId, 'base64').toString('hex')).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(Buffer.from(span.parentSpanId, 'base64').toString('hex')).toBe('b7ad6b7169203331');
    expect(attrs(span.attributes)).toMatchObject({ 'http.route': '/items/:id', 'http.response.status_code': '200' });
    const bodies = (logs.body as Json).resourceLogs[0].scopeLogs[0].logRecords.map((r: Json) => r.body.stringValue);
    expect(bodies).toContain('item read');
  });
});

describe('otelExport reads the metrics() plugin by default', () => {
  it('exports what metrics() recorded from real requests, per route and status class', async () => {
    const receiver = await startReceiver();
    try {
      const app = newApp();
      await app.plugin(metrics());
      await app.plugin(otelExport({ endpoint: receiver.url, exportIntervalMs: 1, onError: quiet }));
      app.get('/items/:id', (ctx: Context) => ({ id: ctx.params.id }));
      app.get('/missing', () => new Response('no', { status: 404 }));
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await app.handle(new Request(`http://x/items/${i}`))).status);
      answers.push((await app.handle(new Request('http://x/missing'))).status);
      answers.push((await app.handle(new Request('http://x/items/last'))).status);
      answers.push((await app.handle(new Request('http://x/missing'))).status);
      expect(answers).toEqual([200, 200, 200, 200, 404, 200, 404]);
      const countOf = (r: Received, route: string, cls: string) =>
        metricsOf(r)
          .find((m) => m.name === 'fw.http.server.requests')
          ?.sum.dataPoints.find((p: Json) => {
            const a = attrs(p.attributes);
            return a['http.route'] === route && a['http.response.status_class'] === cls;
          })?.asInt;
      const got = await receiver.waitFor((r) => r.path === '/v1/metrics' && countOf(r, '/items/:id', '2xx') === '5');
      expect(got.error).toBeNull();
      expect(Number(countOf(got, '/missing', '4xx'))).toBeGreaterThanOrEqual(1);
      expect(receiver.received.every((r) => r.error === null)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('sends what is queued, and the metrics once more, on app.stop()', async () => {
    const receiver = await startReceiver();
    try {
      const { app, plugin } = await tracedApp({ endpoint: receiver.url, flushIntervalMs: 600_000, exportIntervalMs: 600_000 });
      expect(plugin.exporter.stats().spans.queued).toBe(3);
      await app.stop();
      expect(plugin.exporter.stats().spans).toMatchObject({ queued: 0, exported: 3 });
      const last = receiver.received.filter((r) => r.path === '/v1/metrics').at(-1);
      const point = metricsOf(last as Received).find((m) => m.name === 'fw.http.server.request.duration')?.histogram.dataPoints[0];
      expect(point.count).toBe('3');
    } finally {
      await receiver.close();
    }
  });

  it('sends no metrics with metrics: false', async () => {
    const receiver = await startReceiver();
    try {
      const { plugin } = await tracedApp({ endpoint: receiver.url, metrics: false, exportIntervalMs: 1 });
      await plugin.exporter.flush();
      expect(receiver.received.map((r) => r.path)).toEqual(['/v1/traces']);
    } finally {
      await receiver.close();
    }
  });
});

describe('otelExport when the collector misbehaves', () => {
  const receiver = sharedReceiver();

  function span(i: number) {
    return {
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: `b7ad6b71692033${String(i % 100).padStart(2, '0')}`,
      name: `s${i}`,
      kind: 'internal' as const,
      service: 'shop',
      startTime: Date.now(),
      endTime: Date.now() + 1,
      status: 'ok' as const,
      sampled: true,
      attributes: {},
      events: [],
    };
  }

  it('retries a 503 with backoff, then drops the batch: retries stop', async () => {
    const errors: unknown[] = [];
    const exporter = createOtlpExporter({ endpoint: receiver().url, maxRetries: 2, backoffMs: 10, onError: (e) => errors.push(e) });
    receiver().answers.push(...Array.from({ length: 10 }, () => ({ status: 503 })));
    exporter.spans.add(span(1));
    await exporter.flush();
    expect(receiver().received).toHaveLength(3);
    expect(exporter.stats().spans).toMatchObject({ queued: 0, dropped: 1, exported: 0, failedBatches: 1 });
    expect(errors).toHaveLength(1);
    expect((errors[0] as { status: number }).status).toBe(503);
  });

  it('honours Retry-After on a 429 and delivers on the retry', async () => {
    const exporter = createOtlpExporter({ endpoint: receiver().url, backoffMs: 1, onError: quiet });
    receiver().answers.push({ status: 429, retryAfter: '1' });
    exporter.spans.add(span(2));
    await exporter.flush();
    expect(receiver().received).toHaveLength(2);
    expect(receiver().received[1].at - receiver().received[0].at).toBeGreaterThanOrEqual(900);
    expect(exporter.stats().spans).toMatchObject({ exported: 1, failedBatches: 0 });
  });

  it('pauses when Retry-After is beyond the longest backoff, keeping a bounded queue meanwhile', async () => {
    const exporter = createOtlpExporter({
      endpoint: receiver().url,
      maxBackoffMs: 1000,
      maxQueueSize: 5,
      maxBatchSize: 100,
      onError: quiet,
    });
    receiver().answers.push({ status: 503, retryAfter: '3600' });
    exporter.spans.add(span(3));
    await exporter.flush();
    for (let i = 0; i < 20; i++) exporter.spans.add(span(i));
    await exporter.flush();
    expect(receiver().received).toHaveLength(1);
    expect(exporter.stats().spans).toMatchObject({ queued: 5, dropped: 1 + 15, failedBatches: 1 });
  });

  it('does not retry a 400: the batch is wrong, not the collector', async () => {
    const exporter = createOtlpExporter({ endpoint: receiver().url, backoffMs: 1, onError: quiet });
    receiver().answers.push({ status: 400 });
    exporter.spans.add(span(4));
    await exporter.flush();
    expect(receiver().received).toHaveLength(1);
    expect(exporter.stats().spans.failedBatches).toBe(1);
  });

  it('answers requests while the collector is down, and reports each failed batch', async () => {
    const down = await startReceiver();
    const url = down.url;
    await down.close();
    const errors: unknown[] = [];
    const app = newApp();
    await app.plugin(trace());
    const plugin = otelExport({ endpoint: url, maxRetries: 1, backoffMs: 5, flushIntervalMs: 50, onError: (e) => errors.push(e) });
    await app.plugin(plugin);
    app.get('/', () => 'ok');
    for (let i = 0; i < 3; i++) expect(await (await app.handle(new Request('http://x/'))).text()).toBe('ok');
    await plugin.exporter.flush();
    expect(errors.length).toBeGreaterThan(0);
    expect(String((errors[0] as Error).message)).toMatch(/unreachable/);
    expect(plugin.exporter.stats().spans).toMatchObject({ queued: 0, exported: 0, dropped: 3 });
  });

  it('keeps answering when onError itself throws', async () => {
    const app = newApp();
    await app.plugin(trace());
    const plugin = otelExport({
      endpoint: receiver().url,
      maxRetries: 0,
      exportIntervalMs: 1,
      metrics: () => {
        throw new Error('store unreachable');
      },
      onError: () => {
        throw new Error('the handler broke');
      },
    });
    await app.plugin(plugin);
    app.get('/', () => 'ok');
    receiver().answers.push({ status: 500 });
    for (let i = 0; i < 2; i++) expect(await (await app.handle(new Request('http://x/'))).text()).toBe('ok');
    await expect(plugin.exporter.flush()).resolves.toBeUndefined();
    expect(plugin.exporter.stats().spans).toMatchObject({ failedBatches: 1, exported: 0, dropped: 2 });
  });

  it('answers a request while a slow collector still holds the export, and times the POST out', async () => {
    const errors: unknown[] = [];
    const app = newApp();
    await app.plugin(trace());
    const plugin = otelExport({
      endpoint: receiver().url,
      timeoutMs: 200,
      maxRetries: 0,
      flushIntervalMs: 60_000,
      onError: (e) => errors.push(e),
    });
    await app.plugin(plugin);
    app.get('/', () => 'ok');
    receiver().answers.push({ status: 200, delayMs: 1500 });
    await app.handle(new Request('http://x/'));
    const exporting = plugin.exporter.flush();
    await receiver().waitFor((r) => r.path === '/v1/traces');
    const res = await app.handle(new Request('http://x/'));
    expect(await res.text()).toBe('ok');
    await exporting;
    expect(String((errors[0] as Error).message)).toMatch(/unreachable.*(timeout|abort)/i);
  });

  it('refuses bad options at startup with what to pass', () => {
    expect(() => createOtlpExporter({ endpoint: 'ftp://collector' })).toThrow(/absolute http\(s\) URL/);
    expect(() => createOtlpExporter({ endpoint: 'collector:4318' })).toThrow(/absolute http\(s\) URL/);
    expect(() => createOtlpExporter({ maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => createOtlpExporter({ maxQueueSize: 0 })).toThrow(/maxQueueSize/);
    expect(() => createOtlpExporter({ service: '' })).toThrow(/service/);
    expect(() => otelExport({ exportIntervalMs: 0 })).toThrow(/exportIntervalMs/);
    expect(() => otelExport({ endpont: 'http://127.0.0.1:4318' } as never)).toThrow(
      /unknown option "endpont" \(did you mean "endpoint"\?\)/,
    );
    expect(() => createOtlpExporter({ maxQueue: 5 } as never)).toThrow(/unknown option "maxQueue"/);
    expect(() => otelExport({ metrics: {} as never })).toThrow(/metrics/);
  });

  it('says which plugin is missing when traces or logs are asked for without it', async () => {
    await expect(newApp().plugin(otelExport({ traces: true }))).rejects.toThrow(/trace\(\) plugin/);
    await expect(newApp().plugin(otelExport({ logs: true }))).rejects.toThrow(/structuredLogger\(\) plugin/);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
