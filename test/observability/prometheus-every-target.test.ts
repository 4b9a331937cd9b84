/**
 * One real Prometheus server scrapes the same app's `/__fw/metrics` on every target at once: fw/node in this process,
 * fw/bun in a Bun process, the worker in workerd (through an HTTP front over miniflare's dispatchFetch) and the Lambda
 * handler in a process of its own behind a function URL. Each target gets its own traffic, and PromQL reads back, per
 * job, the request counters by route and status class, a p95 latency and the target's own cold start (each target is
 * its own instance).
 * @slow: starts four targets and Prometheus and waits for several scrapes, so it starts first (test/setup/slow-first.ts).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TargetClient, type TargetName, startOnTarget } from '../targets/every-target';
import { startServerProcess } from '../targets/server-process';
import { scrapeToken } from './fixtures/scrape-app';
import { httpFront } from './http-front';
import { type Json, type PrometheusServer, startPrometheus } from './prometheus-server';

const fixture = fileURLToPath(new URL('./fixtures/scrape-app.ts', import.meta.url));
const targets: TargetName[] = ['node', 'bun', 'worker', 'lambda'];
/** Each target's own number of GETs, so a job that read another target's metrics would show the wrong count. */
const getsOf: Record<TargetName, number> = { node: 11, bun: 12, worker: 13, lambda: 14 };
const fails = 3;

/** The Lambda handler in a process of its own behind a function URL: its client and its `host:port`. */
async function functionUrl(): Promise<{ client: TargetClient; host: string; stop(): Promise<void> }> {
  const running = await startServerProcess(process.execPath, ['--import', 'tsx', 'test/targets/fixtures/function-url.ts', fixture]);
  return {
    client: { target: 'lambda', origin: running.url, fetch: (path, init) => fetch(`${running.url}${path}`, init) },
    host: `127.0.0.1:${running.port}`,
    stop: () => running.stop(),
  };
}

describe('Prometheus scrapes /__fw/metrics on every target', () => {
  const clients = new Map<TargetName, TargetClient>();
  const stops: (() => Promise<void>)[] = [];
  let prometheus: PrometheusServer;

  beforeAll(async () => {
    const jobs = [];
    for (const target of targets) {
      if (target === 'lambda') {
        const lambda = await functionUrl();
        stops.push(lambda.stop);
        clients.set(target, lambda.client);
        jobs.push({ job: target, target: lambda.host, token: scrapeToken });
        continue;
      }
      const running = await startOnTarget(target, fixture);
      stops.push(running.stop);
      clients.set(target, running.client);
      let host = running.client.origin.replace(/^http:\/\//, '');
      if (!/^127\.0\.0\.1:\d+$/.test(host)) {
        const front = await httpFront(running.client);
        stops.push(front.close);
        host = front.host;
      }
      jobs.push({ job: target, target: host, token: scrapeToken });
    }
    prometheus = await startPrometheus(jobs);
  }, 180_000);

  afterAll(async () => {
    await prometheus?.stop();
    for (const stop of stops.reverse()) await stop();
  });

  it('reads each target’s own counters, p95 and cold start with PromQL', { timeout: 120_000 }, async () => {
    for (const target of targets) {
      const client = clients.get(target)!;
      for (let i = 0; i < getsOf[target]; i++) expect((await client.fetch(`/items/${i}`)).status).toBe(200);
      for (let i = 0; i < fails; i++) expect((await client.fetch('/orders', { method: 'POST' })).status).toBe(500);
    }

    const up = await prometheus.until(
      'every target up',
      () => prometheus.query('up == 1'),
      (r) => r.length === targets.length,
      60_000,
    );
    expect(up.map((s) => s.metric.job).sort()).toEqual([...targets].sort());

    const perRoute = await prometheus.until(
      'request counters per target and route',
      () => prometheus.query('sum by (job, route, status_class) (fw_http_requests_total)'),
      (r) => targets.every((t) => r.some((s) => s.metric.job === t && s.metric.route === '/items/:id' && Number(s.value[1]) === getsOf[t])),
      60_000,
    );
    const count = (job: string, route: string, cls: string) =>
      Number(perRoute.find((s: Json) => s.metric.job === job && s.metric.route === route && s.metric.status_class === cls)?.value[1]);
    for (const target of targets) {
      expect(count(target, '/items/:id', '2xx'), target).toBe(getsOf[target]);
      expect(count(target, '/orders', '5xx'), target).toBe(fails);
      expect(count(target, '/items/:id', '5xx'), target).toBe(0);
    }

    const p95 = await prometheus.query(
      'histogram_quantile(0.95, sum by (job, le) (fw_http_request_duration_seconds_bucket{route="/items/:id"}))',
    );
    for (const target of targets) {
      const seconds = Number(p95.find((s) => s.metric.job === target)?.value[1]);
      expect(seconds, target).toBeGreaterThan(0);
      expect(seconds, target).toBeLessThan(10);
    }

    const coldStarts = await prometheus.query('fw_cold_starts_total');
    for (const target of targets) {
      const own = coldStarts.filter((s) => s.metric.job === target);
      expect(
        own.map((s) => s.metric.target),
        target,
      ).toEqual([target]);
      expect(Number(own[0].value[1]), target).toBeGreaterThanOrEqual(1);
    }
  });
});
