/**
 * A real Prometheus server (Debian's, test/setup/prometheus.ts) scrapes an fw app's `/__fw/metrics` on fw/node
 * every second with a bearer token, and PromQL reads back what real traffic recorded; promtool checks the
 * exposition text.
 * @slow: starts Prometheus and waits for several scrapes, so it starts first (test/setup/slow-first.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { Context } from '../../src/core/context';
import { metrics } from '../../src/metrics';
import { serve, type NodeServer } from '../../targets/node';
import { prometheusPath, promtoolPath } from '../setup/prometheus';
import { freePort } from '../targets/worker/helpers';

type Json = Record<string, any>;

const token = 'scrape-secret-7c1f';

describe('Prometheus scrapes /__fw/metrics', () => {
  let server: NodeServer;
  let prometheus: ChildProcess;
  let promUrl: string;
  let folder: string;
  let log = '';

  async function api(path: string): Promise<Json> {
    const res = await fetch(`${promUrl}${path}`);
    return (await res.json()) as Json;
  }
  async function query(promql: string): Promise<Json[]> {
    const body = await api(`/api/v1/query?query=${encodeURIComponent(promql)}`);
    if (body.status !== 'success') throw new Error(`PromQL failed: ${JSON.stringify(body)}`);
    return body.data.result;
  }
  /** Polls until `read` returns a value `ok` accepts; fails with the last value after `timeoutMs`. */
  async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last: T | undefined;
    for (;;) {
      try {
        last = await read();
        if (ok(last)) return last;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms; last ${JSON.stringify(last)}\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    const app = new Fw();
    await app.plugin(metrics({ access: { token, loopback: false } }));
    app.get('/items/:id', (ctx: Context) => ({ id: ctx.params.id }));
    app.post('/orders', () => new Response('payment service down', { status: 500 }));
    server = await serve(app, { port: 0, hostname: '127.0.0.1' });
    folder = mkdtempSync(join(tmpdir(), 'fw-prometheus-'));
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    const target = `127.0.0.1:${server.port}`;
    writeFileSync(
      join(folder, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        'scrape_configs:',
        '  - job_name: fw',
        '    metrics_path: /__fw/metrics',
        '    authorization:',
        '      type: Bearer',
        `      credentials: ${token}`,
        '    static_configs:',
        `      - targets: ['${target}']`,
        '  - job_name: fw-without-token',
        '    metrics_path: /__fw/metrics',
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      prometheusPath,
      [
        `--config.file=${join(folder, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(folder, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk) => {
      log = (log + chunk).slice(-4000);
    });
    await until(
      'Prometheus ready',
      () => fetch(`${promUrl}/-/ready`).then((r) => r.status),
      (status) => status === 200,
    );
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((r) => prometheus.once('exit', r));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('sees the target up with the token, refused without it, and reads counters and p95 with PromQL', { timeout: 90_000 }, async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const gets = 40;
    const fails = 6;
    let sent = gets;
    for (let i = 0; i < gets; i++) expect((await fetch(`${base}/items/${i}`)).status).toBe(200);
    for (let i = 0; i < fails; i++) expect((await fetch(`${base}/orders`, { method: 'POST' })).status).toBe(500);

    const targets = await until(
      'both targets scraped',
      () => api('/api/v1/targets'),
      (body) => body.data.activeTargets.length === 2 && body.data.activeTargets.every((t: Json) => t.health !== 'unknown'),
    );
    const byJob = Object.fromEntries(targets.data.activeTargets.map((t: Json) => [t.labels.job, t]));
    expect(byJob.fw).toMatchObject({ health: 'up', lastError: '' });
    expect(byJob['fw-without-token'].health).toBe('down');
    expect(byJob['fw-without-token'].lastError).toMatch(/401/);

    const up = await until(
      'up == 1',
      () => query('up{job="fw"} == 1'),
      (r) => r.length === 1,
    );
    expect(up[0].value[1]).toBe('1');

    const p95 = await until(
      'p95 per route',
      async () => {
        for (let i = 0; i < 5; i++, sent++) expect((await fetch(`${base}/items/${i}`)).status).toBe(200);
        return query('histogram_quantile(0.95, sum by (le, route) (rate(fw_http_request_duration_seconds_bucket{job="fw"}[1m])))');
      },
      (r) => r.some((s) => s.metric.route === '/items/:id' && Number.isFinite(Number(s.value[1]))),
    );
    const seconds = Number(p95.find((s) => s.metric.route === '/items/:id')?.value[1]);
    expect(seconds).toBeGreaterThan(0);

    const perRoute = await until(
      'request counters per route',
      () => query('sum by (route, status_class) (fw_http_requests_total{job="fw"})'),
      (r) => r.some((s) => s.metric.route === '/items/:id' && Number(s.value[1]) === sent),
    );
    const count = (route: string, cls: string) =>
      Number(perRoute.find((s) => s.metric.route === route && s.metric.status_class === cls)?.value[1]);
    expect(count('/items/:id', '2xx')).toBe(sent);
    expect(count('/orders', '5xx')).toBe(fails);

    const fresh = await api('/api/v1/targets');
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
