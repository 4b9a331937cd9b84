import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latencyBucketsMs } from '../../src/metrics/types';
import { type BunProcess, startBun } from '../targets/bun/bun-process';
import { attrs, type Json, logMessagesOf, metricsOf, pointOf, resourceOf, spanNamesOf } from './otlp-payload';
import { type Receiver, startReceiver } from './otlp-receiver';

describe('otelExport on Bun (fw/bun in a Bun process): metrics, spans and logs from real traffic', () => {
  let receiver: Receiver;
  let bun: BunProcess;

  beforeAll(async () => {
    receiver = await startReceiver();
    bun = await startBun('test/observability/fixtures/otlp-bun.ts', [receiver.url]);
  });
  afterAll(async () => {
    await bun?.stop();
    await receiver?.close();
  });

  it('posts conforming traces, logs and metrics: a histogram per route with its counts, the Bun cold start, the resource', async () => {
    const paths = ['/items/1', '/items/2', '/items/3', '/missing'];
    const statuses = [];
    for (const path of paths) statuses.push((await fetch(bun.url + path)).status);
    expect(statuses).toEqual([200, 200, 200, 404]);
    const traces = await receiver.waitFor((r) => r.path === '/v1/traces');
    const logs = await receiver.waitFor((r) => r.path === '/v1/logs');
    // Metrics go out every 100 ms; wait for the export that holds all four requests.
    const metrics = await receiver.waitFor(
      (r) => r.path === '/v1/metrics' && Number(pointOf(r, 'fw.http.server.request.duration', '/missing')?.count) === 1,
    );
    for (const r of [traces, logs, metrics]) expect(r.error).toBeNull();

    const resource = resourceOf(metrics, 'resourceMetrics');
    expect(resource).toMatchObject({ 'service.name': 'shop', 'deployment.environment': 'test' });
    expect(resource['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(resource['cloud.provider']).toBeUndefined();
    expect(resourceOf(traces, 'resourceSpans')['service.instance.id']).toBe(resource['service.instance.id']);
    expect(resourceOf(logs, 'resourceLogs')['service.instance.id']).toBe(resource['service.instance.id']);

    const items = pointOf(metrics, 'fw.http.server.request.duration', '/items/:id');
    expect(attrs(items.attributes)).toEqual({ 'http.request.method': 'GET', 'http.route': '/items/:id' });
    expect(items.count).toBe('3');
    expect(items.explicitBounds).toEqual([...latencyBucketsMs]);
    expect(items.bucketCounts.map(Number).reduce((a: number, b: number) => a + b, 0)).toBe(3);
    const requests = metricsOf(metrics).find((m) => m.name === 'fw.http.server.requests');
    const byRoute = requests?.sum.dataPoints.map((p: Json) => {
      const a = attrs(p.attributes);
      return `${a['http.route']} ${a['http.response.status_class']} ${p.asInt}`;
    });
    expect(byRoute.sort()).toEqual(['/items/:id 2xx 3', '/missing 4xx 1']);
    const init = pointOf(metrics, 'fw.cold_start.init.duration', 'bun');
    expect(init).toMatchObject({ count: '1', attributes: [{ key: 'fw.target', value: { stringValue: 'bun' } }] });
    expect(init.sum).toBeGreaterThan(0);

    // Spans and logs go out in batches every 100 ms: wait until all four requests' records have arrived.
    const itemLogs = () => logMessagesOf(receiver.received).filter((m) => m === 'item read');
    await receiver.waitFor(() => spanNamesOf(receiver.received).length >= 4 && itemLogs().length >= 3);
    expect(spanNamesOf(receiver.received).sort()).toEqual(['GET /items/:id', 'GET /items/:id', 'GET /items/:id', 'GET /missing']);
    expect(itemLogs()).toHaveLength(3);
  });
});

describe('otelExport on Bun with the collector down', () => {
  it('answers every request, and stops cleanly', async () => {
    const down = await startReceiver();
    await down.close();
    const bun = await startBun('test/observability/fixtures/otlp-bun.ts', [down.url]);
    try {
      for (const id of ['1', '2', '3']) {
        const res = await fetch(`${bun.url}/items/${id}`);
        expect(await res.json()).toEqual({ id });
      }
      // Past a flush (100 ms) and a metrics export, the server still answers.
      await new Promise((r) => setTimeout(r, 300));
      expect((await fetch(`${bun.url}/missing`)).status).toBe(404);
    } finally {
      await bun.stop();
    }
    expect(bun.child.exitCode).toBe(0);
  });
});
