import { describe, expect, it, vi } from 'vitest';
import { Fw, type Context } from 'fw';
import { MemoryKV } from '../../src/kv';
import { trustProxy } from '../../src/web';
import {
  KVRateLimitStore,
  MemoryStore,
  RATE_LIMIT_STATE_KEY,
  RateLimiter,
  TenantStore,
  TokenBucketStore,
  rateLimit,
  rateLimitMiddleware,
  type RateLimitMetrics,
} from '../../src/ratelimit';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

/** A request from the peer address `ip` (the test apps take the peer from x-test-peer through trustProxy's remoteAddress). */
function from(ip: string, extra: Record<string, string> = {}): RequestInit {
  return { headers: { 'x-test-peer': ip, ...extra } };
}

/** An app whose peer address is the x-test-peer header (in-process requests have none), rate limited as given. */
async function appWith(options: Parameters<typeof rateLimit>[0]): Promise<Fw> {
  const app = new Fw();
  app.use(trustProxy({ remoteAddress: (ctx) => ctx.header('x-test-peer') }));
  await app.plugin(rateLimit(options));
  app.get('/', () => ({ ok: true }));
  app.get('/health', () => 'up');
  return app;
}

describe('rateLimit: bad options fail at construction', () => {
  it('rejects non-positive or non-integer limits, a store that is not one, and non-function callbacks', () => {
    expect(() => rateLimit({ max: 0 })).toThrow('max must be a positive integer');
    expect(() => rateLimit({ windowMs: -5 })).toThrow('windowMs must be a positive integer');
    expect(() => rateLimit({ max: 1.5 })).toThrow('max must be a positive integer');
    expect(() => rateLimit({ store: {} as never })).toThrow('store must be a RateLimitStore');
    expect(() => rateLimit({ key: 'ip' as never })).toThrow('key must be a function');
    expect(() => new MemoryStore({ max: 3, windowMs: Number.NaN })).toThrow('MemoryStore.windowMs');
    expect(() => new TokenBucketStore({ capacity: 5, refillPerSecond: 0 })).toThrow('refillPerSecond must be a positive number');
    expect(
      () => new TenantStore({ tenant: () => 'a', limits: { a: { max: -1, windowMs: 10 } }, defaultLimit: { max: 1, windowMs: 10 } }),
    ).toThrow('TenantStore.limits.a.max');
    expect(() => new KVRateLimitStore({ kv: {} as never, max: 1, windowMs: 10 })).toThrow('needs a KVStore');
  });
});

describe('rateLimit with the fixed-window MemoryStore', () => {
  it('answers 429 past the limit with Retry-After, X-RateLimit-* and an error body, and resets with the window', async () => {
    const c = clock();
    const app = await appWith({ store: new MemoryStore({ max: 2, windowMs: 10_000, now: c.now }) });
    const first = await app.request('/', from('1.1.1.1'));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((c.t + 10_000) / 1000)));
    expect((await app.request('/', from('1.1.1.1'))).headers.get('x-ratelimit-remaining')).toBe('0');

    c.t += 4_000;
    const refused = await app.request('/', from('1.1.1.1'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('6');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(await refused.json()).toEqual({ error: 'Too many requests, retry in 6 s', code: 'RATE_LIMITED' });

    expect((await app.request('/', from('2.2.2.2'))).status).toBe(200);
    c.t += 6_000;
    expect((await app.request('/', from('1.1.1.1'))).status).toBe(200);
  });

  it('limits unknown paths too (a 404 flood counts) and keeps separate clients apart', async () => {
    const c = clock();
    const app = await appWith({ store: new MemoryStore({ max: 1, windowMs: 1000, now: c.now }) });
    expect((await app.request('/nope', from('9.9.9.9'))).status).toBe(404);
    expect((await app.request('/nope', from('9.9.9.9'))).status).toBe(429);
    expect((await app.request('/', from('8.8.8.8'))).status).toBe(200);
  });

  it('keys a huge key by its hash: same key, same bucket', async () => {
    const app = await appWith({ max: 1, key: (ctx) => ctx.header('x-api-key') ?? 'none' });
    const huge = 'a'.repeat(10_000);
    expect((await app.request('/', { headers: { 'x-api-key': huge } })).status).toBe(200);
    expect((await app.request('/', { headers: { 'x-api-key': huge } })).status).toBe(429);
    expect((await app.request('/', { headers: { 'x-api-key': `${huge}b` } })).status).toBe(200);
  });

  it('uses a custom key function and a skip function, and can leave the headers out', async () => {
    const app = await appWith({
      max: 1,
      headers: false,
      key: (ctx) => ctx.header('x-api-key') ?? 'anonymous',
      skip: (ctx) => ctx.path === '/health',
    });
    for (let i = 0; i < 5; i++) expect((await app.request('/health', from('5.5.5.5'))).status).toBe(200);
    const ok = await app.request('/', { headers: { 'x-api-key': 'k1' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.has('x-ratelimit-limit')).toBe(false);
    const refused = await app.request('/', { headers: { 'x-api-key': 'k1', 'x-test-peer': '6.6.6.6' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.has('x-ratelimit-limit')).toBe(false);
    expect((await app.request('/', { headers: { 'x-api-key': 'k2' } })).status).toBe(200);
  });

  it('answers a key function that returns no key with an error, never a hang', async () => {
    const app = await appWith({ key: () => '' });
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('INTERNAL_ERROR');
  });

  it('answers 503 with Retry-After when the store fails, never an opaque 500', async () => {
    const failing = new KVRateLimitStore({
      kv: { ...new MemoryKV(), increment: () => Promise.reject(new Error('connection refused')) } as never,
      max: 5,
      windowMs: 1000,
    });
    const app = await appWith({ store: failing });
    const res = await app.request('/', from('1.1.1.1'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: 'Rate limit store unavailable', code: 'RATE_LIMIT_STORE_UNAVAILABLE' });
  });

  it('calls onLimited with the result and uses a custom message', async () => {
    const seen: number[] = [];
    const app = await appWith({ max: 1, message: 'Slow down', onLimited: (_ctx, r) => seen.push(r.remaining) });
    await app.request('/', from('1.1.1.1'));
    const res = await app.request('/', from('1.1.1.1'));
    expect((await res.json()).error).toBe('Slow down');
    expect(seen).toEqual([0]);
  });

  it('bounds the keys it tracks (a flood of distinct keys cannot grow memory without end)', () => {
    const store = new MemoryStore({ max: 1, windowMs: 60_000, maxKeys: 3 });
    for (let i = 0; i < 10; i++) store.hit(`k${i}`);
    expect(store.buckets()).toBe(3);
  });
});

describe('rateLimitMiddleware', () => {
  it('limits one path prefix only', async () => {
    const app = new Fw();
    app.use('/api', rateLimitMiddleware({ max: 1, key: () => 'one client' }));
    app.get('/api/x', () => 'x');
    app.get('/open', () => 'o');
    expect((await app.request('/api/x')).status).toBe(200);
    expect((await app.request('/api/x')).status).toBe(429);
    expect((await app.request('/open')).status).toBe(200);
    expect((await app.request('/open')).status).toBe(200);
  });
});

describe('TokenBucketStore', () => {
  it('allows a burst of capacity, then refills at the steady rate', async () => {
    const c = clock();
    const app = await appWith({ store: new TokenBucketStore({ capacity: 3, refillPerSecond: 2, now: c.now }) });
    const get = () => app.request('/', from('1.1.1.1'));
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    c.t += 500;
    const refilled = await get();
    expect(refilled.status).toBe(200);
    expect(refilled.headers.get('x-ratelimit-remaining')).toBe('0');
    c.t += 10_000;
    expect((await get()).headers.get('x-ratelimit-remaining')).toBe('2');
  });
});

describe('TenantStore', () => {
  it('gives each tenant its own limit and everyone else the default', async () => {
    const c = clock();
    const tenant = (ctx: Context) =>
      ctx.header('authorization') === 'Bearer pro-token' ? 'pro' : ctx.header('authorization') === 'Bearer free-token' ? 'free' : null;
    const app = await appWith({
      store: new TenantStore({
        tenant,
        limits: { pro: { max: 3, windowMs: 1000 }, free: { max: 1, windowMs: 1000 } },
        defaultLimit: { max: 2, windowMs: 1000 },
        store: (limit) => new MemoryStore({ ...limit, now: c.now }),
      }),
    });
    const as = (token?: string) => app.request('/', from('1.1.1.1', token ? { authorization: `Bearer ${token}` } : {}));
    const codes = async (token: string | undefined, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await as(token)).status);
      return out;
    };
    expect(await codes('pro-token', 4)).toEqual([200, 200, 200, 429]);
    expect(await codes('free-token', 2)).toEqual([200, 429]);
    expect(await codes('forged-token', 3)).toEqual([200, 200, 429]);
    expect((await as('pro-token')).headers.get('x-ratelimit-limit')).toBe('3');
    c.t += 1000;
    expect(await codes('free-token', 1)).toEqual([200]);
  });
});

describe('metrics for the MCP tool', () => {
  it('registers the limiter as app state fw:ratelimit with rps, limits and buckets', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(5_000_000);
    const app = await appWith({ max: 2, windowMs: 5000 });
    await app.request('/', from('1.1.1.1'));
    await app.request('/', from('1.1.1.1'));
    await app.request('/', from('1.1.1.1'));
    await app.request('/', from('2.2.2.2'));
    const limiter = app.state<RateLimiter>(RATE_LIMIT_STATE_KEY)!;
    const metrics: RateLimitMetrics = await limiter.metrics();
    expect(metrics.limits).toEqual({ kind: 'fixed-window', max: 2, windowMs: 5000 });
    expect(metrics.buckets).toBe(2);
    expect(metrics.total).toBe(4);
    expect(metrics.limited).toBe(1);
    expect(metrics.rps).toBe(4);
    vi.setSystemTime(5_001_500);
    expect((await limiter.metrics()).rps).toBe(0);
    vi.useRealTimers();
    await limiter.reset('1.1.1.1');
    expect((await app.request('/', from('1.1.1.1'))).status).toBe(200);
  });
});

describe('KVRateLimitStore over MemoryKV', () => {
  it('shares one count between two app instances on the same store, and a new window starts afresh', async () => {
    const c = clock(10_000_000);
    const kv = new MemoryKV({ now: c.now });
    const store = () => new KVRateLimitStore({ kv, max: 3, windowMs: 60_000, now: c.now });
    const one = await appWith({ store: store() });
    const two = await appWith({ store: store() });
    const statuses = [];
    for (const app of [one, two, one, two]) statuses.push((await app.request('/', from('7.7.7.7'))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await kv.list({ prefix: 'ratelimit:' })).toHaveLength(1);
    c.t += 60_000;
    expect((await two.request('/', from('7.7.7.7'))).status).toBe(200);
  });
});
