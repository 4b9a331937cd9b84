import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, runWorker } from './helpers';

describe('worker(app) in workerd', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/adapter-worker.ts'), {
      kvNamespaces: ['KV'],
      bindings: { LABEL: 'from-env' },
    });
  });
  afterAll(() => mf?.dispose());

  it('counts the first request as the cold start and warms up in the background', async () => {
    const first = await (await mf.dispatchFetch('http://localhost/stats')).json();
    expect(first).toMatchObject({ target: 'worker', coldStart: true, coldStarts: 1, invocations: 1, warmInvocations: 0 });
    const second = (await (await mf.dispatchFetch('http://localhost/stats')).json()) as Record<string, unknown>;
    expect(second).toMatchObject({
      target: 'worker',
      coldStart: false,
      coldStarts: 1,
      invocations: 2,
      warmInvocations: 1,
      instanceId: (first as { instanceId: string }).instanceId,
    });
    expect(second.warmUpMs).toEqual(expect.any(Number));
    expect(second.firstInvocationMs).toEqual(expect.any(Number));
  });

  it('hands the bindings to ctx.env and the execution context to ctx.executionCtx', async () => {
    const response = await mf.dispatchFetch('http://localhost/env');
    expect(await response.json()).toEqual({ label: 'from-env', bindings: ['KV', 'LABEL'], hasWaitUntil: true });
  });

  it('routes with params and query', async () => {
    const response = await mf.dispatchFetch('http://localhost/users/42?q=x%20y');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: '42', q: 'x y' });
  });

  it('keeps ctx.waitUntil work alive after the response', async () => {
    const response = await mf.dispatchFetch('http://localhost/later');
    expect(await response.text()).toBe('accepted');
    const kv = await mf.getKVNamespace('KV');
    await expect.poll(() => kv.get('later'), { timeout: 5000 }).toBe('done after the response');
  });

  it('answers bad input with 4xx JSON bodies', async () => {
    const invalid = await mf.dispatchFetch('http://localhost/echo', {
      method: 'POST',
      body: '{"n":"not a number"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toContain('application/json');
    expect(await invalid.json()).toMatchObject({ code: expect.any(String), details: expect.any(Array) });

    const malformed = await mf.dispatchFetch('http://localhost/echo', {
      method: 'POST',
      body: '{"n":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'INVALID_BODY' });

    const missing = await mf.dispatchFetch('http://localhost/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });

    const wrongMethod = await mf.dispatchFetch('http://localhost/echo');
    expect(wrongMethod.status).toBe(405);
  });

  it('maps thrown errors to their status and hides unexpected ones', async () => {
    const teapot = await mf.dispatchFetch('http://localhost/teapot');
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toEqual({ error: 'short and stout', code: 'TEAPOT' });
    const crash = await mf.dispatchFetch('http://localhost/crash');
    expect(crash.status).toBe(500);
    const body = await crash.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(body).not.toContain('secret internals');
  });

  it('runs the scheduled option, then the scheduler registered as fw:scheduler, on a cron trigger', async () => {
    const scheduledTime = new Date('2026-01-02T03:04:00.000Z');
    const result = await (await mf.getWorker()).scheduled({ cron: '*/5 * * * *', scheduledTime });
    expect(result.outcome).toBe('ok');
    const runs = await (await mf.dispatchFetch('http://localhost/cron-runs')).json();
    expect(runs).toEqual([
      { by: 'option', cron: '*/5 * * * *', at: scheduledTime.toISOString(), label: 'from-env' },
      { by: 'scheduler', cron: '*/5 * * * *', at: scheduledTime.toISOString() },
    ]);
  });
});

describe('worker entry variants', () => {
  it('serves `export default app` directly', async () => {
    const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/default-export-worker.ts'), {
      bindings: { LABEL: 'plain' },
    });
    try {
      const response = await mf.dispatchFetch('http://localhost/');
      expect(await response.json()).toEqual({ plain: true, var: 'plain' });
    } finally {
      await mf.dispose();
    }
  });

  it('runs the jobs of the real scheduler plugin whose cron fired', async () => {
    const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/scheduler-worker.ts'));
    try {
      const scheduledTime = new Date('2026-03-04T05:10:00.000Z');
      const result = await (await mf.getWorker()).scheduled({ cron: '*/5 * * * *', scheduledTime });
      expect(result.outcome).toBe('ok');
      await expect
        .poll(async () => await (await mf.dispatchFetch('http://localhost/runs')).json())
        .toEqual({
          runs: [{ job: 'every-5', at: scheduledTime.toISOString(), trigger: 'cron-trigger' }],
          jobs: [
            { name: 'every-5', runs: 1 },
            { name: 'hourly', runs: 0 },
          ],
        });
    } finally {
      await mf.dispose();
    }
  });

  it('fails a cron trigger nothing handles, with a message that says what to do', async () => {
    const mf = await runWorker(await bundleWorker('test/targets/worker/fixtures/unscheduled-worker.ts'));
    try {
      const result = await (await mf.getWorker()).scheduled({ cron: '0 * * * *' });
      expect(result.outcome).toBe('exception');
      const response = await mf.dispatchFetch('http://localhost/');
      expect(await response.text()).toBe('ok');
    } finally {
      await mf.dispose();
    }
  });
});
