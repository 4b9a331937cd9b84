import { beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { getColdStartStats, lazyImport, resetColdStartStats, warmUp } from 'fw/serverless';

describe('lazyImport()', () => {
  it('loads on first get() and shares one promise between concurrent callers', async () => {
    let calls = 0;
    const lazy = lazyImport(async () => {
      calls++;
      return import('yaml');
    });
    expect(lazy.loaded()).toBe(false);
    expect(calls).toBe(0);
    const [a, b, c] = await Promise.all([lazy.get(), lazy.get(), lazy.get()]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(typeof a.parse).toBe('function');
    expect(lazy.loaded()).toBe(true);
    await lazy.get();
    expect(calls).toBe(1);
  });

  it('retries a failed import on the next get() instead of caching the failure', async () => {
    let attempt = 0;
    const lazy = lazyImport(async () => {
      attempt++;
      if (attempt === 1) return import('./does-not-exist-' + 'module');
      return import('yaml');
    });
    const failures = await Promise.allSettled([lazy.get(), lazy.get()]);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(attempt).toBe(1);
    expect(lazy.loaded()).toBe(false);
    const mod = await lazy.get();
    expect(typeof mod.stringify).toBe('function');
    expect(attempt).toBe(2);
    expect(lazy.loaded()).toBe(true);
  });

  it('turns a factory that throws synchronously into a rejected get()', async () => {
    const lazy = lazyImport<number>(() => {
      throw new Error('sync failure');
    });
    await expect(lazy.get()).rejects.toThrow('sync failure');
  });
});

describe('warmUp()', () => {
  beforeEach(() => resetColdStartStats());

  it('runs plugin setup and onStart, compiles the routes, preloads lazy imports and records warmUpMs', async () => {
    const app = new Fw();
    const steps: string[] = [];
    app.plugin({
      name: 'db',
      setup: async () => {
        steps.push('setup');
      },
      onStart: () => {
        steps.push('onStart');
      },
    });
    app.post('/items', (ctx) => ctx.body(), {
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    });
    const compile = app.compile.bind(app);
    let compiled = 0;
    app.compile = () => {
      compiled++;
      return compile();
    };
    const heavy = lazyImport(() => import('yaml'));
    const report = await warmUp(app, { preload: [heavy] });
    expect(steps).toEqual(['setup', 'onStart']);
    expect(compiled).toBeGreaterThanOrEqual(1);
    expect(heavy.loaded()).toBe(true);
    expect(report).toMatchObject({ preloaded: 1, errors: [] });
    expect(getColdStartStats().warmUpMs).toBe(report.durationMs);
    const bad = await app.request('/items', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(steps).toEqual(['setup', 'onStart']);
  });

  it('reports a failed preload without failing the warm-up', async () => {
    const broken = lazyImport(() => Promise.reject(new Error('no network')));
    const report = await warmUp(new Fw(), { preload: [broken] });
    expect(report.preloaded).toBe(0);
    expect(report.errors.map((e) => (e as Error).message)).toEqual(['no network']);
  });

  it('rejects when a plugin setup fails', async () => {
    const app = new Fw();
    app
      .plugin({
        name: 'broken',
        setup: () => {
          throw new Error('bad config');
        },
      })
      .catch(() => undefined);
    await expect(warmUp(app)).rejects.toThrow('bad config');
  });
});
