import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';

describe('EventBusBridge over Workers KV in miniflare: two workers sharing a namespace', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/event-bus/fixtures/bus-worker.ts');
    const workerOptions = (name: string) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      kvNamespaces: { BUS: 'shared-bus-namespace' },
      bindings: { NAME: name },
    });
    mf = new Miniflare({ cf: false, workers: [workerOptions('alpha'), workerOptions('beta')] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: string, path: string, init?: RequestInit): Promise<any> {
    const w = await mf.getWorker(name);
    const response = await w.fetch(`http://bus.test${path}`, init as never);
    expect(response.status).toBe(200);
    return response.json();
  }

  it('an event emitted in one worker reaches the other exactly once', async () => {
    await call('alpha', '/received');
    await call('beta', '/received');
    expect(await call('alpha', '/emit/order.created', { method: 'POST', body: JSON.stringify({ id: 5 }) })).toEqual({
      emitted: 'order.created',
      by: 'alpha',
    });
    const first = await call('beta', '/received');
    const second = await call('beta', '/received');
    expect(first).toEqual([{ topic: 'order.created', payload: { id: 5 }, remote: true }]);
    expect(second).toEqual(first);
    expect(await call('alpha', '/received')).toEqual([{ topic: 'order.created', payload: { id: 5 }, remote: false }]);
  });
});
