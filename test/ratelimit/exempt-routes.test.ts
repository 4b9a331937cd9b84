/** Routes registered with `rateLimit: false` (healthCheck()'s probes among them) are neither counted nor limited. */
import { describe, expect, it } from 'vitest';
import { Fw, healthCheck } from 'fw';
import { rateLimit, rateLimitMiddleware } from '../../src/ratelimit';

/** Statuses of `n` requests in a row. */
async function statuses(app: Fw, path: string, n: number, init?: RequestInit): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await app.request(path, init)).status);
  return out;
}

describe('rateLimit and health probes', () => {
  it('never counts /health, /live or /ready, whichever plugin comes first, while other routes stay limited', async () => {
    for (const healthFirst of [true, false]) {
      const app = new Fw();
      if (healthFirst) await app.plugin(healthCheck({ checks: { db: () => true } }));
      await app.plugin(rateLimit({ max: 2, key: () => 'one-client' }));
      if (!healthFirst) await app.plugin(healthCheck({ checks: { db: () => true } }));
      app.get('/', () => 'home');
      for (const probe of ['/live', '/health', '/ready']) expect(await statuses(app, probe, 5)).toEqual([200, 200, 200, 200, 200]);
      const live = await app.request('/live');
      expect(live.headers.get('x-ratelimit-remaining')).toBeNull();
      expect(await statuses(app, '/', 3)).toEqual([200, 200, 429]);
      expect(await statuses(app, '/live', 2)).toEqual([200, 200]);
    }
  });

  it('counts the probes like any route with healthCheck({ rateLimit: true })', async () => {
    const app = new Fw();
    await app.plugin(rateLimit({ max: 2, key: () => 'one-client' }));
    await app.plugin(healthCheck({ rateLimit: true, paths: { live: '/livez' } }));
    expect(await statuses(app, '/livez', 3)).toEqual([200, 200, 429]);
  });

  it('refuses a healthCheck rateLimit option that is not a boolean', () => {
    expect(() => healthCheck({ rateLimit: 'no' as never })).toThrow('healthCheck "rateLimit" must be true or false, got no');
  });
});

describe('rateLimit: false on a route', () => {
  async function app(): Promise<Fw> {
    const a = new Fw();
    await a.plugin(rateLimit({ max: 1, key: () => 'one-client' }));
    a.get('/open', () => 'open', { rateLimit: false });
    a.post('/open', () => 'posted');
    a.get('/files/:name', () => 'file', { rateLimit: false });
    return a;
  }

  it('exempts that method and path only: other methods, unknown paths and other routes are counted', async () => {
    const a = await app();
    expect(await statuses(a, '/open', 3)).toEqual([200, 200, 200]);
    expect(await statuses(a, '/files/a.txt', 2)).toEqual([200, 200]);
    expect(await statuses(a, '/open', 2, { method: 'HEAD' })).toEqual([200, 200]);
    expect(await statuses(a, '/open', 2, { method: 'POST' })).toEqual([200, 429]);
    expect(await statuses(a, '/missing', 1)).toEqual([429]);
  });

  it('applies to routes registered after the first request', async () => {
    const a = await app();
    expect(await statuses(a, '/open', 1)).toEqual([200]);
    a.get('/later', () => 'later', { rateLimit: false });
    expect(await statuses(a, '/later', 3)).toEqual([200, 200, 200]);
  });

  it('is honoured by rateLimitMiddleware under a prefix too', async () => {
    const a = new Fw();
    a.use('/api', rateLimitMiddleware({ max: 1, key: () => 'one-client' }));
    a.get('/api/status', () => 'up', { rateLimit: false });
    a.get('/api/users', () => []);
    expect(await statuses(a, '/api/status', 3)).toEqual([200, 200, 200]);
    expect(await statuses(a, '/api/users', 2)).toEqual([200, 429]);
  });
});
