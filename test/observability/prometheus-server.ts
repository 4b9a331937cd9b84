/**
 * A real Prometheus server (Debian's, installed by test/setup/prometheus.ts) for a scrape test: started on a free
 * 127.0.0.1 port with one scrape job per entry (every second, on `/__fw/metrics`, with a bearer token when given),
 * its TSDB in a temporary folder, stopped and removed by `stop()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prometheusPath } from '../setup/prometheus';
import { freePort } from '../targets/worker/helpers';

/** An answer of Prometheus' HTTP API, read as untyped JSON. */
export type Json = Record<string, any>;

/** One scrape job: its name (the `job` label), `host:port`, and the bearer token it sends (none: no Authorization). */
export interface ScrapeJob {
  job: string;
  target: string;
  token?: string;
}

/** A running Prometheus: its HTTP API, PromQL, a poller that reports the server's log on timeout, and `stop()`. */
export interface PrometheusServer {
  url: string;
  api(path: string): Promise<Json>;
  query(promql: string): Promise<Json[]>;
  until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** prometheus.yml for `jobs`: a one-second scrape interval, `/__fw/metrics` on each target. */
function config(jobs: ScrapeJob[]): string {
  const lines = ['global:', '  scrape_interval: 1s', '  scrape_timeout: 1s', 'scrape_configs:'];
  for (const { job, target, token } of jobs) {
    lines.push(`  - job_name: ${job}`, '    metrics_path: /__fw/metrics');
    if (token !== undefined) lines.push('    authorization:', '      type: Bearer', `      credentials: ${token}`);
    lines.push('    static_configs:', `      - targets: ['${target}']`);
  }
  return `${lines.join('\n')}\n`;
}

/** Starts Prometheus scraping `jobs` and resolves once it answers ready. */
export async function startPrometheus(jobs: ScrapeJob[]): Promise<PrometheusServer> {
  const folder = mkdtempSync(join(tmpdir(), 'fw-prometheus-'));
  writeFileSync(join(folder, 'prometheus.yml'), config(jobs));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(
    prometheusPath,
    [
      `--config.file=${join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });

  const api = async (path: string): Promise<Json> => (await (await fetch(`${url}${path}`)).json()) as Json;
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
  const server: PrometheusServer = {
    url,
    api,
    async query(promql) {
      const body = await api(`/api/v1/query?query=${encodeURIComponent(promql)}`);
      if (body.status !== 'success') throw new Error(`PromQL failed: ${JSON.stringify(body)}`);
      return body.data.result;
    },
    until,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
  try {
    await until(
      'Prometheus ready',
      () => fetch(`${url}/-/ready`).then((r) => r.status),
      (status) => status === 200,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
