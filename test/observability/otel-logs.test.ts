import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { structuredLogger } from '../../src/logger';
import { createOTelLogger, levelToSeverityNumber, otelLogs } from '../../src/observability';

/** A local OTLP/HTTP receiver: records each POST body and checks the ExportLogsServiceRequest shape. */
function assertOtlpShape(body: any): void {
  expect(Array.isArray(body.resourceLogs)).toBe(true);
  for (const rl of body.resourceLogs) {
    expect(rl.resource.attributes).toEqual(expect.arrayContaining([{ key: 'service.name', value: { stringValue: expect.any(String) } }]));
    for (const sl of rl.scopeLogs) {
      expect(sl.scope).toEqual({ name: 'fw', version: expect.any(String) });
      for (const r of sl.logRecords) {
        expect(r.timeUnixNano).toMatch(/^\d{19}$/);
        expect(r.observedTimeUnixNano).toMatch(/^\d{19}$/);
        expect([5, 9, 13, 17]).toContain(r.severityNumber);
        expect(['DEBUG', 'INFO', 'WARN', 'ERROR']).toContain(r.severityText);
        expect(typeof r.body.stringValue).toBe('string');
        for (const a of r.attributes) {
          expect(typeof a.key).toBe('string');
          expect(Object.keys(a.value)).toHaveLength(1);
          expect(['stringValue', 'intValue', 'doubleValue', 'boolValue', 'arrayValue', 'kvlistValue']).toContain(Object.keys(a.value)[0]);
        }
        if (r.traceId !== undefined) expect(r.traceId).toMatch(/^[0-9a-f]{32}$/);
      }
    }
  }
}

describe('OTLP log export against a local receiver', () => {
  let server: Server;
  let url: string;
  const posts: { headers: Record<string, unknown>; body: any }[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => {
        if (req.url !== '/v1/logs' || req.method !== 'POST' || req.headers['content-type'] !== 'application/json') {
          res.writeHead(400).end();
          return;
        }
        if (failNext) {
          failNext = false;
          res.writeHead(503).end();
          return;
        }
        posts.push({ headers: req.headers, body: JSON.parse(text) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/logs`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    posts.length = 0;
  });

  it('levelToSeverityNumber follows the OpenTelemetry numbers', () => {
    expect(['debug', 'info', 'warn', 'error', 'other'].map(levelToSeverityNumber)).toEqual([5, 9, 13, 17, 9]);
  });

  it("otelLogs sends each request's records through waitUntil in OTLP JSON", async () => {
    const app = new Fw();
    await app.plugin(structuredLogger({ service: 'shop', write: () => {} }));
    const plugin = otelLogs({
      url,
      service: 'shop',
      headers: { 'x-api-key': 'k1' },
      resourceAttributes: { 'deployment.environment': 'test' },
    });
    await app.plugin(plugin);
    app.get('/order/:id', (ctx: any) => {
      ctx.log.warn('low stock', { sku: 'A1', left: 2, ratio: 0.5, tags: ['x'], ok: false });
      return { id: ctx.params.id };
    });
    const pending: Promise<unknown>[] = [];
    const executionCtx = {
      waitUntil: (p: Promise<unknown>) => {
        pending.push(p);
      },
    };
    const res = await app.fetch(
      new Request('http://localhost/order/9', { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } }),
      {},
      executionCtx,
    );
    expect(res.status).toBe(200);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(posts).toHaveLength(1);
    expect(posts[0].headers['x-api-key']).toBe('k1');
    assertOtlpShape(posts[0].body);
    const rl = posts[0].body.resourceLogs[0];
    expect(rl.resource.attributes).toContainEqual({ key: 'deployment.environment', value: { stringValue: 'test' } });
    const [warn, done] = rl.scopeLogs[0].logRecords;
    expect(warn).toMatchObject({
      severityNumber: 13,
      severityText: 'WARN',
      body: { stringValue: 'low stock' },
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    expect(warn.attributes).toEqual(
      expect.arrayContaining([
        { key: 'sku', value: { stringValue: 'A1' } },
        { key: 'left', value: { intValue: '2' } },
        { key: 'ratio', value: { doubleValue: 0.5 } },
        { key: 'tags', value: { arrayValue: { values: [{ stringValue: 'x' }] } } },
        { key: 'ok', value: { boolValue: false } },
        { key: 'http.request.method', value: { stringValue: 'GET' } },
        { key: 'url.path', value: { stringValue: '/order/9' } },
      ]),
    );
    expect(done).toMatchObject({ severityNumber: 9, body: { stringValue: 'request completed' } });
    expect(done.attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: '200' } });
    expect(plugin.exporter.stats()).toMatchObject({ queued: 0, exported: 2 });
  });

  it('createOTelLogger batches by maxBatchSize and flushes the rest', async () => {
    const log = createOTelLogger({ url, service: 'batch', maxBatchSize: 3 });
    for (let i = 0; i < 7; i++) log.info(`m${i}`);
    await log.flush();
    expect(posts.map((p) => p.body.resourceLogs[0].scopeLogs[0].logRecords.length)).toEqual([3, 3, 1]);
    posts.forEach((p) => assertOtlpShape(p.body));
    expect(posts.flatMap((p) => p.body.resourceLogs[0].scopeLogs[0].logRecords.map((r: any) => r.body.stringValue))).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
    ]);
  });

  it('a collector error is reported and the batch dropped; an unreachable collector does not throw', async () => {
    const errors: string[] = [];
    failNext = true;
    const log = createOTelLogger({ url, onError: (e) => errors.push((e as Error).message) });
    log.error('lost');
    await log.flush();
    expect(errors).toEqual(['OTLP collector answered 503 for 1 log records']);
    const down = createOTelLogger({ url: 'http://127.0.0.1:1/v1/logs', onError: (e) => errors.push(String(e)) });
    down.info('x');
    await expect(down.flush()).resolves.toBeUndefined();
    expect(errors).toHaveLength(2);
    expect(down.exporter.stats()).toMatchObject({ failedBatches: 1, exported: 0 });
  });

  it('bounds the queue and rejects bad options', () => {
    const log = createOTelLogger({ url, maxQueueSize: 2, maxBatchSize: 10 });
    for (let i = 0; i < 5; i++) log.info('x');
    expect(log.exporter.stats()).toMatchObject({ queued: 2, dropped: 3 });
    expect(() => createOTelLogger({ url: 'not a url' })).toThrow(/absolute URL/);
    expect(() => createOTelLogger({ maxBatchSize: 0 })).toThrow(/maxBatchSize/);
  });

  it('on Node, records logged outside requests go out on the flush interval and on app.stop()', async () => {
    const app = new Fw();
    await app.plugin(structuredLogger({ write: () => {} }));
    const plugin = otelLogs({ url, flushIntervalMs: 20 });
    await app.plugin(plugin);
    await app.ready();
    const log = app.state<{ logger: { info(m: string): void } }>('fw:logger')!.logger;
    log.info('job finished');
    while (posts.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(posts[0].body.resourceLogs[0].scopeLogs[0].logRecords[0].body.stringValue).toBe('job finished');
    log.info('last words');
    await app.stop();
    expect(posts.map((p) => p.body.resourceLogs[0].scopeLogs[0].logRecords[0].body.stringValue)).toEqual(['job finished', 'last words']);
    expect(() => otelLogs({ flushIntervalMs: -1 })).toThrow(/flushIntervalMs/);
  });

  it('otelLogs without structuredLogger is a clear error', async () => {
    const app = new Fw();
    expect(() => app.plugin(otelLogs({ url }))).toThrow(/depends on "structured-logger"/);
  });
});
