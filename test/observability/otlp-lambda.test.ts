import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleConfig } from 'fw/serverless';
import { sourceAliases } from '../../aliases';
import { type LambdaInstance, startLambda } from './fixtures/lambda-runtime';
import { attrs, type Json, metricsOf, pointOf, resourceOf } from './otlp-payload';
import { type Receiver, type Received, startReceiver } from './otlp-receiver';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'fw-otlp-lambda-'));
const file = join(out, 'index.mjs');
const v2 = JSON.parse(readFileSync(join(root, 'test/fixtures/lambda/apigw-v2.json'), 'utf8'));

/** The fixture's API Gateway v2 event as a GET of `path`. */
function get(path: string): Json {
  const { body: _, ...event } = structuredClone(v2);
  event.rawPath = path;
  event.rawQueryString = '';
  event.headers = { ...event.headers, 'content-length': '0' };
  event.requestContext.http = { ...event.requestContext.http, method: 'GET', path };
  return event;
}

beforeAll(async () => {
  const { entryPoints: _, ...options } = bundleConfig('lambda', 'test/observability/fixtures/otlp-lambda.ts', {
    outfile: file,
    alias: sourceAliases,
    logLevel: 'silent',
  });
  await build({ ...options, entryPoints: [join(root, 'test/observability/fixtures/otlp-lambda.ts')] });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

const spansOf = (received: Received[]): Json[] =>
  received.filter((r) => r.path === '/v1/traces').flatMap((r) => (r.body as Json).resourceSpans[0].scopeSpans[0].spans);
const logsOf = (received: Received[]): Json[] =>
  received.filter((r) => r.path === '/v1/logs').flatMap((r) => (r.body as Json).resourceLogs[0].scopeLogs[0].logRecords);
const withPath = (items: Json[], path: string) => items.filter((item) => attrs(item.attributes)['url.path'] === path);

describe('otelExport on Lambda (fw/lambda bundled, in a Node process set up as the Lambda runtime)', () => {
  let receiver: Receiver;
  let fn: LambdaInstance;
  beforeAll(async () => {
    receiver = await startReceiver();
    fn = startLambda(file, out, { OTLP_ENDPOINT: receiver.url });
  });
  afterAll(async () => {
    await fn?.stop();
    await receiver?.close();
  });

  it("sends each invocation's spans, logs and metrics before it returns, with the Lambda resource and the cold start", async () => {
    const calls: [string, number, string, number][] = [
      ['/items/1', 200, '{"id":"1"}', 1],
      ['/items/2', 200, '{"id":"2"}', 2],
      ['/missing', 404, 'no', 1],
    ];
    for (const [path, status, body, routeCount] of calls) {
      const { result } = await fn.invoke(get(path));
      // What the collector had when the handler returned: Lambda may freeze the instance from here on.
      const before = receiver.received.slice();
      expect(result).toMatchObject({ statusCode: status, body });
      expect(before.map((r) => r.error).filter(Boolean)).toEqual([]);
      expect(withPath(spansOf(before), path)).toHaveLength(1);
      expect(withPath(logsOf(before), path).map((l) => l.body.stringValue)).toContain('request completed');
      const metrics = before.filter((r) => r.path === '/v1/metrics').at(-1)!;
      const route = path === '/missing' ? '/missing' : '/items/:id';
      expect(Number(pointOf(metrics, 'fw.http.server.request.duration', route)?.count)).toBe(routeCount);
    }
    const all = receiver.received;
    const metrics = all.filter((r) => r.path === '/v1/metrics').at(-1)!;
    const requests = metricsOf(metrics).find((m) => m.name === 'fw.http.server.requests');
    const byRoute = requests?.sum.dataPoints.map((p: Json) => {
      const a = attrs(p.attributes);
      return `${a['http.route']} ${a['http.response.status_class']} ${p.asInt}`;
    });
    expect(byRoute.sort()).toEqual(['/items/:id 2xx 2', '/missing 4xx 1']);
    for (const name of ['fw.cold_start.init.duration', 'fw.cold_start.first_invocation.duration'])
      expect(pointOf(metrics, name, 'lambda')).toMatchObject({
        count: '1',
        attributes: [{ key: 'fw.target', value: { stringValue: 'lambda' } }],
      });
    expect(logsOf(all).filter((l) => l.body.stringValue === 'item read')).toHaveLength(2);

    const lambdaResource = {
      'service.name': 'shop',
      'deployment.environment': 'test',
      'cloud.provider': 'aws',
      'cloud.platform': 'aws_lambda',
      'cloud.region': 'eu-west-1',
      'faas.name': 'shop-api',
      'faas.version': '7',
      'faas.max_memory': String(512 * 1024 * 1024),
      'faas.instance': '2026/11/29/[7]0123456789abcdef0123456789abcdef',
    };
    const keys = { '/v1/metrics': 'resourceMetrics', '/v1/traces': 'resourceSpans', '/v1/logs': 'resourceLogs' } as const;
    const instances = new Set(all.map((r) => resourceOf(r, keys[r.path as keyof typeof keys])['service.instance.id']));
    for (const r of all) expect(resourceOf(r, keys[r.path as keyof typeof keys])).toMatchObject(lambdaResource);
    expect(instances.size).toBe(1);
  });

  it('lambdaStream: the client has the answer before the exports, and they are sent before the invocation returns', async () => {
    const { prelude, body, answeredAt, returnedAt } = await fn.invoke(get('/items/4'), 'stream');
    const before = receiver.received.slice();
    expect(prelude).toMatchObject({ statusCode: 200 });
    expect(body).toBe('{"id":"4"}');
    expect(answeredAt).toBeLessThanOrEqual(returnedAt);
    expect(withPath(spansOf(before), '/items/4')).toHaveLength(1);
    expect(withPath(logsOf(before), '/items/4').map((l) => l.body.stringValue)).toContain('item read');
    const metrics = before.filter((r) => r.path === '/v1/metrics').at(-1)!;
    expect(pointOf(metrics, 'fw.http.server.request.duration', '/items/:id')?.count).toBe('3');
  });
});

describe('otelExport on Lambda: a function invoked once sends its own cold start', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  /**
   * The cold start the collector had when the only invocation returned: one, on lambda, within that invocation. The
   * invocation sends one metrics batch (twice when a slow receiver made the exporter retry it): each copy carries it.
   */
  function expectColdStart(before: Received[], invocationMs: number): void {
    const metrics = before.filter((r) => r.path === '/v1/metrics');
    expect(metrics.length).toBeGreaterThan(0);
    for (const batch of metrics) {
      expect(batch.error).toBeNull();
      for (const name of ['fw.cold_start.init.duration', 'fw.cold_start.first_invocation.duration'])
        expect(pointOf(batch, name, 'lambda')).toMatchObject({
          count: '1',
          attributes: [{ key: 'fw.target', value: { stringValue: 'lambda' } }],
        });
      const first = pointOf(batch, 'fw.cold_start.first_invocation.duration', 'lambda');
      expect(first.sum).toBeGreaterThan(0);
      expect(first.sum).toBeLessThanOrEqual(invocationMs);
      expect(pointOf(batch, 'fw.cold_start.init.duration', 'lambda').sum).toBeGreaterThan(0);
    }
  }

  for (const mode of ['buffered', 'stream'] as const)
    it(`${mode}: the one invocation's export carries the init and first-invocation durations`, async () => {
      const fn = startLambda(file, out, { OTLP_ENDPOINT: receiver.url });
      try {
        const { result, body, startedAt, returnedAt } = await fn.invoke(get('/items/1'), mode);
        expect(result?.body ?? body).toBe('{"id":"1"}');
        const before = receiver.received.splice(0);
        expectColdStart(before, returnedAt - startedAt);
      } finally {
        await fn.stop();
      }
    });
});

describe('otelExport on Lambda with the collector down or hanging', () => {
  it('answers every invocation when the collector refuses connections', async () => {
    const down = await startReceiver();
    await down.close();
    const fn = startLambda(file, out, { OTLP_ENDPOINT: down.url });
    try {
      for (const id of ['1', '2', '3'])
        expect((await fn.invoke(get(`/items/${id}`))).result).toMatchObject({ statusCode: 200, body: `{"id":"${id}"}` });
      const { body } = await fn.invoke(get('/items/4'), 'stream');
      expect(body).toBe('{"id":"4"}');
    } finally {
      await fn.stop();
    }
  });

  it('waits for a hanging collector no longer than the exporter allows: (maxRetries + 1) x timeoutMs plus backoff', async () => {
    const hanging = await startReceiver();
    const holdMs = 8000;
    hanging.respond = () => ({ status: 200, delayMs: holdMs });
    // Long enough for each attempt's body to reach the receiver (which counts an attempt once its body is in) on a loaded machine.
    const timeoutMs = 1000;
    const fn = startLambda(file, out, { OTLP_ENDPOINT: hanging.url, OTLP_TIMEOUT_MS: String(timeoutMs) });
    try {
      const { result, startedAt, returnedAt } = await fn.invoke(get('/items/5'));
      expect(result).toMatchObject({ statusCode: 200, body: '{"id":"5"}' });
      // The fixture sets maxRetries 1: two attempts per signal, each aborted after timeoutMs, the signals in parallel.
      expect(hanging.received.filter((r) => r.path === '/v1/traces')).toHaveLength(2);
      expect(returnedAt - startedAt).toBeGreaterThanOrEqual(2 * timeoutMs);
      expect(returnedAt - startedAt).toBeLessThan(holdMs);
    } finally {
      await fn.stop();
      await hanging.close();
    }
  });

  it('gives a hanging collector one retry of one second by default on Lambda, so an invocation waits about 2 s', async () => {
    const hanging = await startReceiver();
    const holdMs = 15_000;
    hanging.respond = () => ({ status: 200, delayMs: holdMs });
    const fn = startLambda(file, out, { OTLP_ENDPOINT: hanging.url });
    try {
      const { result, startedAt, returnedAt } = await fn.invoke(get('/items/6'));
      expect(result).toMatchObject({ statusCode: 200, body: '{"id":"6"}' });
      // Lambda's defaults: timeoutMs 1000, maxRetries 1, so two aborted attempts per signal, not four of ten seconds.
      expect(hanging.received.filter((r) => r.path === '/v1/traces')).toHaveLength(2);
      expect(returnedAt - startedAt).toBeGreaterThanOrEqual(2000);
      expect(returnedAt - startedAt).toBeLessThan(8000);
    } finally {
      await fn.stop();
      await hanging.close();
    }
  }, 60_000);
});
