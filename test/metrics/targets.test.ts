/**
 * Two instances of one app on each target share one store (Redis on 127.0.0.1:6379 for Node, Bun and Lambda, a
 * Durable Object namespace in workerd), each takes its own traffic, and the merged view and the Prometheus
 * exposition read from either show both: their requests, their cold starts and the instances themselves; so does
 * `fw/serverless/status`, called through the official MCP SDK client on the app's own MCP endpoint.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricsSummary, MetricsView } from 'fw/metrics';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';
import { mcpToken, metricsToken } from './fixtures/metrics-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
const instanceScript = 'test/metrics/fixtures/instance.ts';

/** Something that answers requests for one instance. */
type Send = (path: string, init?: RequestInit) => Promise<Response>;

interface Pair {
  a: Send;
  b: Send;
  stop(): Promise<void>;
}

/** Starts one instance process (`node --import tsx` or Bun) and resolves once it prints its port. */
function startProcess(target: 'node' | 'bun' | 'lambda', name: string): Promise<{ send: Send; stop(): Promise<void> }> {
  const [command, args] =
    target === 'bun'
      ? [`${root}node_modules/.bin/bun`, ['run', instanceScript, target, name]]
      : [process.execPath, ['--import', 'tsx', instanceScript, target, name]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('exit', (code) => reject(new Error(`${target} instance exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        send: (path, init) => fetch(`${url}${path}`, init),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function processPair(target: 'node' | 'bun' | 'lambda', name: string): Promise<Pair> {
  const [a, b] = await Promise.all([startProcess(target, name), startProcess(target, name)]);
  return { a: a.send, b: b.send, stop: async () => void (await Promise.all([a.stop(), b.stop()])) };
}

/** Two workers (two isolates) of the same bundle in one workerd, sharing worker a's FW_KV Durable Object namespace. */
async function workerPair(name: string): Promise<Pair> {
  const script = await bundleWorker('test/metrics/fixtures/metrics-worker.ts', { METRICS_NAME: JSON.stringify(name) });
  const modules = [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }];
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    cf: false,
    workers: [
      { name: 'a', compatibilityDate, modules, durableObjects: { FW_KV: { className: 'FwKVObject', useSQLite: true } } },
      { name: 'b', compatibilityDate, modules, durableObjects: { FW_KV: { className: 'FwKVObject', scriptName: 'a', useSQLite: true } } },
    ],
  });
  await mf.ready;
  const [a, b] = await Promise.all([mf.getWorker('a'), mf.getWorker('b')]);
  const send =
    (w: typeof a): Send =>
    async (path, init) =>
      (await w.fetch(`http://localhost${path}`, init as never)) as unknown as Response;
  return { a: send(a), b: send(b), stop: () => mf.dispose() };
}

const targets = ['node', 'bun', 'lambda', 'worker'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads `read` until `done` holds (each instance writes after a response once its flush interval has passed). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 100; i++) {
    last = await read();
    if (done(last)) return last;
    await sleep(100);
  }
  throw new Error(`${what} never came: ${JSON.stringify(last)}`);
}

/** Calls `fw/serverless/status` with the official SDK client on an instance's /mcp, through `send` (a socket or workerd). */
async function statusThrough(send: Send): Promise<Record<string, any>> {
  const client = new Client({ name: 'fw-metrics-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://instance.test/mcp'), {
    fetch: (url, init) => {
      const { pathname, search } = new URL(url);
      return send(`${pathname}${search}`, init);
    },
    requestInit: { headers: { authorization: `Bearer ${mcpToken}` } },
  });
  await client.connect(transport);
  try {
    const result = await client.callTool({ name: 'fw/serverless/status', arguments: {} });
    expect(result.isError).toBeFalsy();
    return result.structuredContent as Record<string, any>;
  } finally {
    await client.close();
  }
}

for (const target of targets) {
  describe(`metrics merged across two instances on ${target}`, () => {
    let pair: Pair;
    const name = `t-${target}-${Date.now()}`;

    beforeAll(async () => {
      pair = target === 'worker' ? await workerPair(name) : await processPair(target, name);
    }, 120_000);
    afterAll(async () => {
      await pair?.stop();
    });

    it('shows both instances, their requests and their cold starts in the view and the exposition', async () => {
      for (let i = 0; i < 3; i++) expect((await pair.a(`/hello/a${i}`)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await pair.b(`/hello/b${i}`)).status).toBe(200);
      expect((await pair.b('/fail')).status).toBe(500);
      expect((await pair.a('/missing/path')).status).toBe(404);
      await sleep(150);
      // One more answer each after the flush interval: each instance writes its document after it.
      await pair.a('/hello/late');
      await pair.b('/hello/late');

      const hello = (v: MetricsView) => v.routes.find((r) => r.method === 'GET' && r.route === '/hello/:name');
      const view = await until(
        async () => (await (await pair.a('/view')).json()) as MetricsView,
        (v) => v.instances.length === 2 && hello(v)?.total.count === 10 && v.coldStarts[0]?.total.count === 2,
        'a merged view with both instances',
      );
      expect(view.instances.map((i) => i.target)).toEqual([target, target]);
      expect(new Set(view.instances.map((i) => i.id)).size).toBe(2);
      expect(view.coldStarts.map((c) => c.target)).toEqual([target]);
      expect(view.coldStarts[0].total.initBuckets.reduce((s, n) => s + n, 0)).toBe(2);
      expect(view.coldStarts[0].total.firstBuckets.reduce((s, n) => s + n, 0)).toBe(2);
      const fail = view.routes.find((r) => r.route === '/fail')!;
      expect(fail.total.status['5xx']).toBe(1);
      const unmatched = view.routes.find((r) => r.route === '(unmatched)')!;
      expect(unmatched.method).toBe('*');
      expect(unmatched.total.status['4xx']).toBe(1);
      // No raw path ever becomes a route.
      expect(view.routes.some((r) => r.route.includes('/hello/a'))).toBe(false);

      // A caller that is not on this machine (a proxy relayed it) and has no token.
      const stranger = { headers: { 'x-forwarded-for': '203.0.113.9' } };
      expect((await pair.b('/__fw/metrics', stranger)).status).toBe(401);
      expect((await pair.b('/__fw/metrics', { headers: { ...stranger.headers, authorization: 'Bearer wrong' } })).status).toBe(401);
      const scrape = await until(
        async () => (await pair.b('/__fw/metrics', { headers: { ...stranger.headers, authorization: `Bearer ${metricsToken}` } })).text(),
        (text) => text.includes('fw_instances 2') && /fw_cold_starts_total\{target="\w+"\} 2\n/.test(text),
        'an exposition with both instances',
      );
      expect(scrape).toContain(`fw_cold_starts_total{target="${target}"} 2\n`);
      expect(scrape).toMatch(/fw_http_requests_total\{method="GET",route="\/hello\/:name",status_class="2xx"\} 1\d\n/);
      expect(scrape).toContain('fw_http_requests_total{method="GET",route="/fail",status_class="5xx"} 1\n');
      expect(scrape).toMatch(/fw_http_request_duration_seconds_count\{method="GET",route="\/hello\/:name"\} 1\d\n/);
    });

    it('fw/serverless/status shows an MCP client the same merged metrics', async () => {
      const status = await until(
        () => statusThrough(pair.b),
        (s) => (s.metrics as MetricsSummary | undefined)?.instances.length === 2,
        'a status with both instances',
      );
      expect(status).toMatchObject({ target, coldStarts: 1 });
      const summary = status.metrics as MetricsSummary;
      expect(summary.instances.map((i) => i.target)).toEqual([target, target]);
      expect(summary.coldStarts).toEqual([expect.objectContaining({ target, coldStarts: 2 })]);
      const hello = summary.routes.find((r) => r.method === 'GET' && r.route === '/hello/:name')!;
      expect(hello.requests).toBeGreaterThanOrEqual(10);
      expect(hello.p99Ms!).toBeGreaterThanOrEqual(hello.p50Ms!);
      expect(summary.routes.find((r) => r.route === '/fail')).toMatchObject({ requests: 1, errorRate: 1 });
    });
  });
}
