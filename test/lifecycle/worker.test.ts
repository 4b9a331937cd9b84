import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('lifecycle on workers (workerd): a no-op for signals', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/lifecycle/fixtures/lifecycle-worker.ts'));
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  it('answers without trying to install signal handlers; onShutdown hooks still run on shutdown()', async () => {
    const first = await mf.dispatchFetch('http://w.test/');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ shuttingDown: false, inFlight: 1 });
    const res = await mf.dispatchFetch('http://w.test/shutdown', { method: 'POST' });
    const body = (await res.json()) as any;
    expect(body.ran).toEqual(['hook']);
    expect(body.report).toMatchObject({ reason: 'manual', hooks: [{ name: 'hook', ok: true }] });
  });
});
