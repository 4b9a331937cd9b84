import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('otelLogs on workers (workerd): records sent through waitUntil to a local OTLP receiver', () => {
  let receiver: Server;
  let mf: Miniflare;
  const bodies: any[] = [];
  let notify: () => void = () => {};

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => {
        text += c;
      });
      req.on('end', () => {
        bodies.push({ path: req.url, type: req.headers['content-type'], body: JSON.parse(text) });
        res.writeHead(200).end('{}');
        notify();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/logs`;
    mf = await runWorker(await bundleWorker('test/observability/fixtures/otel-worker.ts'), { bindings: { OTLP_URL: url } });
  });
  afterAll(async () => {
    await mf?.dispose();
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  it('posts one OTLP/HTTP JSON batch per request after the response', async () => {
    const arrived = new Promise<void>((resolve) => {
      notify = resolve;
    });
    const res = await mf.dispatchFetch('http://shop.test/checkout');
    expect(await res.json()).toEqual({ ok: true });
    await arrived;
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ path: '/v1/logs', type: 'application/json' });
    const rl = bodies[0].body.resourceLogs[0];
    expect(rl.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'edge-shop' } });
    const records = rl.scopeLogs[0].logRecords;
    expect(records.map((r: any) => r.body.stringValue)).toEqual(['checkout started', 'request completed']);
    expect(records[0].attributes).toContainEqual({ key: 'cart', value: { intValue: '3' } });
    expect(records[1].attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: '200' } });
  });
});
