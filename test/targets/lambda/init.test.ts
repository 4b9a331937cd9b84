import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { lambda } from 'fw/lambda';
import { getColdStartStats, lazyImport, resetColdStartStats } from 'fw/serverless';
import { lambdaContext } from '../../fixtures/lambda/context';
import { fixture } from './fixtures';

describe('lambda(): init phase', () => {
  beforeEach(() => resetColdStartStats());

  it('warms the app up at creation: plugins start and lazy imports load before any event', async () => {
    const app = new Fw();
    let started = false;
    app.plugin({
      name: 'cache',
      onStart: () => {
        started = true;
      },
    });
    app.get('/hello', () => 'hi');
    const yaml = lazyImport(() => import('yaml'));
    const handler = lambda(app, { warmUp: { preload: [yaml] } });
    await vi.waitFor(() => expect(getColdStartStats().warmUpMs).not.toBeNull(), { timeout: 10_000 });
    expect(started).toBe(true);
    expect(yaml.loaded()).toBe(true);
    const stats = getColdStartStats();
    expect(stats.invocations).toBe(0);
    expect(((await handler(fixture('function-url'), lambdaContext())) as { body: string }).body).toBe('hi');
  });

  it('skips the warm-up with warmUp: false and still answers', async () => {
    const app = new Fw();
    app.get('/hello', () => 'hi');
    const handler = lambda(app, { warmUp: false });
    expect(getColdStartStats().warmUpMs).toBeNull();
    expect(((await handler(fixture('function-url'), lambdaContext())) as { statusCode: number }).statusCode).toBe(200);
  });

  it('answers 500 with a JSON body when a plugin setup fails, without crashing the instance', async () => {
    const app = new Fw();
    app
      .plugin({
        name: 'db',
        setup: () => {
          throw new Error('cannot reach the database');
        },
      })
      .catch(() => undefined);
    app.get('/hello', () => 'hi');
    const handler = lambda(app);
    const result = (await handler(fixture('function-url'), lambdaContext())) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });
});
