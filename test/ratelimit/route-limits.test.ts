/**
 * A route's own limit (`rateLimit: { max, windowMs }` on the route), counted apart from the app-wide limit, as
 * @fastify/rate-limit's route `config.rateLimit` is.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { rateLimit, rateLimitMiddleware } from '../../src/ratelimit';

async function statuses(app: Fw, path: string, n: number, method = 'GET'): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await app.request(path, { method })).status);
  return out;
}

describe('per-route limits', () => {
  it('counts a route with its own limit apart from the app-wide limit', async () => {
    const app = new Fw();
    await app.plugin(rateLimit({ max: 3, windowMs: 60_000, key: () => 'one' }));
    app.get('/', () => 'home');
    app.post('/login', () => 'in', { rateLimit: { max: 1, windowMs: 60_000 } });
    expect(await statuses(app, '/login', 2, 'POST')).toEqual([200, 429]);
    expect(await statuses(app, '/', 4)).toEqual([200, 200, 200, 429]);
  });

  it('allows a route more than the app-wide limit', async () => {
    const app = new Fw();
    await app.plugin(rateLimit({ max: 1, windowMs: 60_000, key: () => 'one' }));
    app.get('/feed', () => 'feed', { rateLimit: { max: 5, windowMs: 60_000 } });
    expect(await statuses(app, '/feed', 6)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('applies the GET route limit to HEAD and to routes registered after the first request', async () => {
    const app = new Fw();
    app.use(rateLimitMiddleware({ max: 100, windowMs: 60_000, key: () => 'one' }));
    app.get('/a', () => 'a', { rateLimit: { max: 1, windowMs: 60_000 } });
    expect(await statuses(app, '/a', 2, 'HEAD')).toEqual([200, 429]);
    app.get('/b', () => 'b', { rateLimit: { max: 1, windowMs: 60_000 } });
    expect(await statuses(app, '/b', 2)).toEqual([200, 429]);
  });

  it('refuses a bad route limit at setup, naming the route', async () => {
    const app = new Fw();
    app.get('/x', () => 'x', { rateLimit: { max: 0, windowMs: 1000 } });
    await expect(app.plugin(rateLimit({ key: () => 'one' }))).rejects.toThrow(/rateLimit option of GET \/x.max must be a positive integer/);
    const other = new Fw();
    other.get('/y', () => 'y', { rateLimit: true as never });
    await expect(other.plugin(rateLimit({ key: () => 'one' }))).rejects.toThrow(/GET \/y must be false or \{ max, windowMs \}/);
  });
});
