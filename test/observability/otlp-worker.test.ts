import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { pointOf } from './otlp-payload';
import { type Receiver, type Received, startReceiver } from './otlp-receiver';

type Json = Record<string, any>;

function resource(r: Received, key: string): Record<string, unknown> {
  return Object.fromEntries((r.body as Json)[key][0].resource.attributes.map((a: Json) => [a.key, Object.values(a.value)[0]]));
}

describe('otelExport on workers (workerd): metrics, spans and logs through waitUntil to a receiver on 127.0.0.1', () => {
  let receiver: Receiver;
  let script: string;
  let mf: Miniflare;

  beforeAll(async () => {
    receiver = await startReceiver();
    script = await bundleWorker('test/observability/fixtures/otlp-worker.ts');
    mf = await runWorker(script, { bindings: { OTLP_ENDPOINT: receiver.url } });
  });
  afterAll(async () => {
    await mf?.dispose();
    await receiver?.close();
  });

  it('posts conforming OTLP JSON for each signal after the response, with the Workers resource', async () => {
    const res = await mf.dispatchFetch('http://shop.test/items/7');
    expect(await res.json()).toEqual({ id: '7' });
    const traces = await receiver.waitFor((r) => r.path === '/v1/traces');
    const logs = await receiver.waitFor((r) => r.path === '/v1/logs');
    expect((await mf.dispatchFetch('http://shop.test/items/6')).status).toBe(200);
    const metrics = await receiver.waitFor((r) => r.path === '/v1/metrics');
    for (const r of [traces, logs, metrics]) expect(r.error).toBeNull();
    expect(resource(traces, 'resourceSpans')).toMatchObject({ 'service.name': 'edge-shop', 'cloud.provider': 'cloudflare' });
    expect(resource(metrics, 'resourceMetrics')).toMatchObject({ 'service.name': 'edge-shop', 'cloud.platform': 'cloudflare_workers' });
    const span = (traces.body as Json).resourceSpans[0].scopeSpans[0].spans[0];
    expect(span).toMatchObject({ name: 'GET /items/:id', kind: 2 });
    const histogram = (metrics.body as Json).resourceMetrics[0].scopeMetrics[0].metrics.find(
      (m: Json) => m.name === 'fw.http.server.request.duration',
    );
    const point = histogram.histogram.dataPoints.find((p: Json) => p.attributes.some((a: Json) => a.value.stringValue === '/items/:id'));
    expect(Number(point.count)).toBeGreaterThanOrEqual(1);
    const cold = await receiver.waitFor((r) =>
      (r.body as Json | null)?.resourceMetrics?.[0].scopeMetrics[0].metrics.some((m: Json) => m.name === 'fw.cold_start.init.duration'),
    );
    const init = (cold.body as Json).resourceMetrics[0].scopeMetrics[0].metrics.find((m: Json) => m.name === 'fw.cold_start.init.duration');
    expect(init.histogram.dataPoints).toHaveLength(1);
    expect(init.histogram.dataPoints[0]).toMatchObject({
      count: '1',
      attributes: [{ key: 'fw.target', value: { stringValue: 'worker' } }],
    });
    const messages = (logs.body as Json).resourceLogs[0].scopeLogs[0].logRecords.map((r: Json) => r.body.stringValue);
    expect(messages).toContain('item read');
  });

  it("sends the cold start with the first request's export, so a worker invoked once shows it", async () => {
    const own = await startReceiver();
    const once = await runWorker(script, { bindings: { OTLP_ENDPOINT: own.url } });
    try {
      expect(await (await once.dispatchFetch('http://shop.test/items/1')).json()).toEqual({ id: '1' });
      const metrics = await own.waitFor((r) => r.path === '/v1/metrics');
      expect(metrics.error).toBeNull();
      for (const name of ['fw.cold_start.init.duration', 'fw.cold_start.first_invocation.duration'])
        expect(pointOf(metrics, name, 'worker')).toMatchObject({
          count: '1',
          attributes: [{ key: 'fw.target', value: { stringValue: 'worker' } }],
        });
      expect(Number(pointOf(metrics, 'fw.http.server.request.duration', '/items/:id')?.count)).toBe(1);
    } finally {
      await once.dispose();
      await own.close();
    }
  });

  it('retries a 503 once (maxRetries 1), then drops the batch and sends the next request normally', async () => {
    const carries = (r: Received, path: string) => r.path === '/v1/traces' && JSON.stringify(r.body).includes(path);
    receiver.respond = (r) => (carries(r, '/items/18') ? { status: 503 } : undefined);
    try {
      expect((await mf.dispatchFetch('http://shop.test/items/18')).status).toBe(200);
      expect((await mf.dispatchFetch('http://shop.test/items/19')).status).toBe(200);
      await receiver.waitFor((r) => carries(r, '/items/19') && r.status === 200);
    } finally {
      receiver.respond = null;
    }
    expect(receiver.received.filter((r) => carries(r, '/items/18')).map((r) => r.status)).toEqual([503, 503]);
  });

  it('sends the protobuf encoding from workerd, decoded by the official definitions', async () => {
    const other = await runWorker(script, { bindings: { OTLP_ENDPOINT: receiver.url, OTLP_ENCODING: 'protobuf' } });
    try {
      for (const id of ['p1', 'p2']) expect((await other.dispatchFetch(`http://shop.test/items/${id}`)).status).toBe(200);
      const protobuf = (path: string) => (r: Received) => r.path === path && r.headers['content-type'] === 'application/x-protobuf';
      const traces = await receiver.waitFor(protobuf('/v1/traces'));
      const logs = await receiver.waitFor(protobuf('/v1/logs'));
      const metrics = await receiver.waitFor(protobuf('/v1/metrics'));
      for (const r of [traces, logs, metrics]) expect(r.error).toBeNull();
      expect((traces.body as Json).resourceSpans[0].scopeSpans[0].spans[0]).toMatchObject({ name: 'GET /items/:id', kind: 2 });
      expect(resource(metrics, 'resourceMetrics')).toMatchObject({ 'service.name': 'edge-shop', 'cloud.provider': 'cloudflare' });
      const messages = (logs.body as Json).resourceLogs[0].scopeLogs[0].logRecords.map((r: Json) => r.body.stringValue);
      expect(messages).toContain('item read');
    } finally {
      await other.dispose();
    }
  });

  it('answers while the collector is down', async () => {
    const down = await startReceiver();
    await down.close();
    const other = await runWorker(script, { bindings: { OTLP_ENDPOINT: down.url } });
    try {
      for (const id of ['1', '2', '3']) {
        const res = await other.dispatchFetch(`http://shop.test/items/${id}`);
        expect(await res.json()).toEqual({ id });
      }
    } finally {
      await other.dispose();
    }
  });
});
