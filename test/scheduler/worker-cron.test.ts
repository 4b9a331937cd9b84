import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from '../targets/worker/helpers';

describe('scheduler in workerd: cron triggers call runScheduled', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/scheduler/fixtures/cron-worker.ts'));
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  it('runs the job of the fired trigger, logs a failing one, and never starts timers on workers', async () => {
    const w = await mf.getWorker();
    await w.scheduled({ cron: '*/5 * * * *', scheduledTime: new Date('2026-01-01T03:00:00Z') });
    await w.scheduled({ cron: '0 3 * * *', scheduledTime: new Date('2026-01-01T03:00:00Z') });
    const body = (await (await w.fetch('http://cron.test/runs')).json()) as any;
    expect(body.runs).toEqual([{ name: 'cleanup', scheduledTime: '2026-01-01T03:00:00.000Z', trigger: 'cron-trigger' }]);
    expect(body.jobs).toEqual([
      { name: 'cleanup', runs: 1, failures: 0 },
      { name: 'report', runs: 1, failures: 1 },
    ]);
    expect(body.timers).toBe(false);
  });
});
