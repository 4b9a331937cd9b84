/**
 * fw/serverless/status (the MCP runtime tool) reads the same merged view as the exposition: two instances sharing a
 * store, the cold start a target reported, per-route percentiles from the histograms, error rate and instances.
 * The two instances are two apps in this process; the second is named as another instance would be.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { MemoryKV } from 'fw/kv';
import { flushMetrics, metrics, type MetricsSummary } from 'fw/metrics';
import { resetColdStartStats, startInvocation } from 'fw/serverless';
import { runtimeTools } from '../../mcp/src/bridge/runtime-tools';

async function instance(store: MemoryKV): Promise<Fw> {
  const app = new Fw({ logErrors: false });
  await app.plugin(metrics({ store }));
  app.get('/orders/:id', (ctx) => ({ id: ctx.params.id }));
  app.get('/broken', () => {
    throw new Error('broken');
  });
  return app;
}

async function status(app: Fw): Promise<Record<string, any>> {
  const tool = runtimeTools(app).find((t) => t.name === 'fw/serverless/status')!;
  const result = await tool.handler({});
  expect(result.isError).toBeFalsy();
  return result.structuredContent as Record<string, any>;
}

afterEach(() => resetColdStartStats());

describe('fw/serverless/status with metrics()', () => {
  it('adds the merged metrics: cold starts per target, per-route percentiles, error rate and instances', async () => {
    resetColdStartStats();
    const store = new MemoryKV();
    const a = await instance(store);
    const b = await instance(store);
    const finish = startInvocation('lambda', a);
    await a.handle(new Request('http://x/orders/1'));
    finish();
    for (let i = 0; i < 9; i++) await b.handle(new Request(`http://x/orders/${i}`));
    await b.handle(new Request('http://x/broken'));
    await flushMetrics(a);
    await flushMetrics(b);

    const stats = await status(a);
    expect(stats).toMatchObject({ target: 'lambda', coldStarts: 1, invocations: 1 });
    const summary = stats.metrics as MetricsSummary;
    expect(summary.instances).toHaveLength(2);
    expect(summary.requests).toBe(11);
    expect(summary.errorRate).toBeCloseTo(1 / 11);
    expect(summary.coldStarts).toEqual([
      expect.objectContaining({ target: 'lambda', coldStarts: 1, initMs: expect.objectContaining({ p50Ms: expect.any(Number) }) }),
    ]);
    const orders = summary.routes.find((r) => r.route === '/orders/:id')!;
    expect(orders).toMatchObject({ method: 'GET', requests: 10, errorRate: 0 });
    expect(orders.p50Ms).toBeGreaterThanOrEqual(0);
    expect(orders.p99Ms!).toBeGreaterThanOrEqual(orders.p95Ms!);
    expect(orders.p95Ms!).toBeGreaterThanOrEqual(orders.p50Ms!);
    expect(summary.routes.find((r) => r.route === '/broken')).toMatchObject({ requests: 1, errorRate: 1 });
  });

  it('reports a store it cannot read instead of failing', async () => {
    const app = new Fw();
    const failing = new MemoryKV();
    failing.list = () => Promise.reject(new Error('store down'));
    await app.plugin(metrics({ store: failing }));
    const stats = await status(app);
    expect(stats).toMatchObject({ metrics: null, metricsError: 'Reading the metrics failed: store down' });
  });

  it('still says no target served a request when the app has no metrics', async () => {
    const tool = runtimeTools(new Fw()).find((t) => t.name === 'fw/serverless/status')!;
    const result = await tool.handler({});
    expect(JSON.stringify(result)).toContain('No serverless target adapter has served a request in this instance');
  });
});
