/**
 * The rate-limit header fields: X-RateLimit-* (the default, as @fastify/rate-limit sends by default), the IETF draft
 * fields (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy and RateLimit as Structured Fields), or both.
 * Cases ported from @fastify/rate-limit's header tests; differences are noted at their case.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { MemoryStore, TokenBucketStore, rateLimit } from '../../src/ratelimit';

async function appWith(options: Parameters<typeof rateLimit>[0]): Promise<Fw> {
  const app = new Fw();
  await app.plugin(rateLimit({ key: () => 'client', ...options }));
  app.get('/', () => 'ok');
  app.get('/upload', () => 'uploaded', { rateLimit: { max: 1, windowMs: 10_000 } });
  return app;
}

describe('rate-limit header fields', () => {
  it('sends X-RateLimit-* only by default', async () => {
    const response = await (await appWith({ max: 2, windowMs: 60_000 })).request('/');
    expect(response.headers.get('x-ratelimit-limit')).toBe('2');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(response.headers.get('ratelimit-policy')).toBeNull();
  });

  it('sends RateLimit-Policy and RateLimit with headers: "draft"', async () => {
    const app = await appWith({ max: 3, windowMs: 60_000, headers: 'draft' });
    const first = await app.request('/');
    expect(first.headers.get('ratelimit-policy')).toBe('"default";q=3;w=60');
    expect(first.headers.get('ratelimit')).toMatch(/^"default";r=2;t=(59|60)$/);
    expect(first.headers.get('x-ratelimit-limit')).toBeNull();
    await app.request('/');
    await app.request('/');
    const refused = await app.request('/');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=(59|60)$/);
    expect(refused.headers.get('retry-after')).toMatch(/^(59|60)$/);
  });

  it('sends both sets with headers: "both", under the chosen policy name', async () => {
    const response = await (await appWith({ max: 5, windowMs: 1_500, headers: 'both', policyName: 'api' })).request('/');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(response.headers.get('ratelimit-policy')).toBe('"api";q=5;w=2');
    expect(response.headers.get('ratelimit')).toMatch(/^"api";r=4;t=[12]$/);
  });

  it('sends none with headers: false, but still Retry-After on the 429', async () => {
    const app = await appWith({ max: 1, windowMs: 60_000, headers: false });
    expect([...(await app.request('/')).headers.keys()].filter((h) => h.includes('ratelimit'))).toEqual([]);
    const refused = await app.request('/');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect([...refused.headers.keys()].filter((h) => h.includes('ratelimit'))).toEqual([]);
  });

  it('leaves w out for a token bucket, which has no fixed window', async () => {
    const app = await appWith({ store: new TokenBucketStore({ capacity: 4, refillPerSecond: 1 }), headers: 'draft' });
    expect((await app.request('/')).headers.get('ratelimit-policy')).toBe('"default";q=4');
  });

  it('names a route with its own limit by method and path', async () => {
    const app = await appWith({ max: 10, windowMs: 60_000, headers: 'draft' });
    const response = await app.request('/upload');
    expect(response.headers.get('ratelimit-policy')).toBe('"GET /upload";q=1;w=10');
    expect((await app.request('/upload')).status).toBe(429);
  });

  it('has a Retry-After on every 429, from a custom store too', async () => {
    const app = await appWith({ store: new MemoryStore({ max: 1, windowMs: 2_000 }) });
    await app.request('/');
    const refused = await app.request('/');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad header options at startup', async () => {
    expect(() => rateLimit({ headers: 'draft-7' as never })).toThrow(/headers must be true, false, "legacy", "draft" or "both"/);
    expect(() => rateLimit({ policyName: 'has "quotes"' })).toThrow(/policyName must be/);
    expect(() => rateLimit({ policyName: '' })).toThrow(/policyName must be/);
  });
});
