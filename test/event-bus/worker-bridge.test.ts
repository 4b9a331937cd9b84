import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';

describe('EventBusBridge over Workers KV in miniflare: two workers sharing a namespace', () => {
  let mf: Miniflare;
  let script: string;
  const workerOptions = (name: string, consumer?: string) => ({
    name,
    compatibilityDate,
    modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
    kvNamespaces: { BUS: 'shared-bus-namespace' },
    bindings: consumer ? { NAME: name, CONSUMER: consumer } : { NAME: name },
  });

  beforeAll(async () => {
    script = await bundleWorker('test/event-bus/fixtures/bus-worker.ts');
    mf = new Miniflare({ cf: false, workers: [workerOptions('alpha'), workerOptions('beta'), workerOptions('gamma', 'gamma')] });
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

  it('a worker with a consumer name resumes from its cursor in KV after a restart: what was emitted meanwhile arrives', async () => {
    await call('gamma', '/received');
    const emit = (id: number) => call('alpha', '/emit/job.done', { method: 'POST', body: JSON.stringify({ id }) });
    await emit(1);
    await emit(2);
    const before = (await call('gamma', '/received')).filter((e: { topic: string }) => e.topic === 'job.done');
    expect(before.map((e: { payload: { id: number } }) => e.payload.id)).toEqual([1, 2]);
    await mf.setOptions({ cf: false, workers: [workerOptions('alpha'), workerOptions('beta'), workerOptions('gamma', 'gamma')] });
    await emit(3);
    await emit(4);
    const after = (await call('gamma', '/received')).filter((e: { topic: string }) => e.topic === 'job.done');
    expect(after.map((e: { payload: { id: number } }) => e.payload.id)).toEqual([3, 4]);
  });
});
