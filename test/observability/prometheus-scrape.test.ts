/**
 * A real Prometheus server (Debian's, test/setup/prometheus.ts) scrapes an fw app's `/__fw/metrics` on fw/node
 * every second with a bearer token, and PromQL reads back what real traffic recorded; promtool checks the
 * exposition text. test/observability/prometheus-every-target.test.ts scrapes the same exposition on every target.
 * @slow: starts Prometheus and waits for several scrapes, so it starts first (test/setup/slow-first.ts).
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { metrics } from '../../src/metrics';
import { serve, type NodeServer } from '../../targets/node';
import { promtoolPath } from '../setup/prometheus';
import { type Json, type PrometheusServer, startPrometheus } from './prometheus-server';

const token = 'scrape-secret-7c1f';

describe('Prometheus scrapes /__fw/metrics', () => {
  let server: NodeServer;
  let prometheus: PrometheusServer;

  beforeAll(async () => {
    const app = new Fw();
    await app.plugin(metrics({ access: { token, loopback: false } }));
    app.get('/items/:id', (ctx: Context) => ({ id: ctx.params.id }));
    app.post('/orders', () => new Response('payment service down', { status: 500 }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    const target = `127.0.0.1:${server.port}`;
    prometheus = await startPrometheus([
      { job: 'fw', target, token },
      { job: 'fw-without-token', target },
    ]);
  });

  afterAll(async () => {
    await prometheus?.stop();
    await server?.stop();
  });

  it('sees the target up with the token, refused without it, and reads counters and p95 with PromQL', { timeout: 90_000 }, async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const gets = 40;
    const fails = 6;
    let sent = gets;
    for (let i = 0; i < gets; i++) expect((await fetch(`${base}/items/${i}`)).status).toBe(200);
    for (let i = 0; i < fails; i++) expect((await fetch(`${base}/orders`, { method: 'POST' })).status).toBe(500);

    const targets = await prometheus.until(
      'both targets scraped',
      () => prometheus.api('/api/v1/targets'),
      (body) => body.data.activeTargets.length === 2 && body.data.activeTargets.every((t: Json) => t.health !== 'unknown'),
    );
    const byJob = Object.fromEntries(targets.data.activeTargets.map((t: Json) => [t.labels.job, t]));
    expect(byJob.fw).toMatchObject({ health: 'up', lastError: '' });
    expect(byJob['fw-without-token'].health).toBe('down');
    expect(byJob['fw-without-token'].lastError).toMatch(/401/);

    const up = await prometheus.until(
      'up == 1',
      () => prometheus.query('up{job="fw"} == 1'),
      (r) => r.length === 1,
    );
    expect(up[0].value[1]).toBe('1');

    const p95 = await prometheus.until(
      'p95 per route',
      async () => {
        for (let i = 0; i < 5; i++, sent++) expect((await fetch(`${base}/items/${i}`)).status).toBe(200);
        return prometheus.query(
          'histogram_quantile(0.95, sum by (le, route) (rate(fw_http_request_duration_seconds_bucket{job="fw"}[1m])))',
        );
      },
      (r) => r.some((s) => s.metric.route === '/items/:id' && Number.isFinite(Number(s.value[1]))),
    );
    const seconds = Number(p95.find((s) => s.metric.route === '/items/:id')?.value[1]);
    expect(seconds).toBeGreaterThan(0);

    const perRoute = await prometheus.until(
      'request counters per route',
      () => prometheus.query('sum by (route, status_class) (fw_http_requests_total{job="fw"})'),
      (r) => r.some((s) => s.metric.route === '/items/:id' && Number(s.value[1]) === sent),
    );
    const count = (route: string, cls: string) =>
      Number(perRoute.find((s) => s.metric.route === route && s.metric.status_class === cls)?.value[1]);
    expect(count('/items/:id', '2xx')).toBe(sent);
    expect(count('/orders', '5xx')).toBe(fails);

    const fresh = await prometheus.api('/api/v1/targets');
    const fw = fresh.data.activeTargets.find((t: Json) => t.labels.job === 'fw');
    expect(fw).toMatchObject({ health: 'up', lastError: '' });
  });

  it('serves an exposition that promtool check metrics finds no problem in', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/__fw/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^fw_http_request_duration_seconds_bucket\{.*le="\+Inf"\} \d+$/m);
    const check = spawnSync(promtoolPath, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect({ status: check.status, out: check.stdout + check.stderr }).toEqual({ status: 0, out: '' });
  });

  it('promtool does report problems in a broken exposition, so its silence above means something', () => {
    const broken = '# TYPE fw_requests counter\nfw_requests{route="/a} 1\n';
    const check = spawnSync(promtoolPath, ['check', 'metrics'], { input: broken, encoding: 'utf8' });
    expect(check.status).not.toBe(0);
    expect(check.stdout + check.stderr).not.toBe('');
  });
});
