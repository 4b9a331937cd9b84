/**
 * Bans and onExceeded: after `ban.after` windows over the limit a key is answered 403 for `ban.durationMs`.
 * Cases ported from @fastify/rate-limit's ban and onExceeded tests. Difference: Fastify bans after N refused
 * requests inside one window (and the ban ends with that window); fw counts windows, so a client that keeps coming
 * back is banned for a set time, while a burst inside one window is already refused by the limit itself.
 */
import { describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { MemoryKV } from '../../src/kv';
import { MemoryStore, rateLimit, type RateLimitOptions } from '../../src/ratelimit';

/** A clock the windows follow, moved by the test. */
function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

async function appWith(options: RateLimitOptions): Promise<Fw> {
  const app = new Fw();
  await app.plugin(rateLimit({ key: (ctx) => ctx.header('x-client') ?? 'one', ...options }));
  app.get('/', () => 'ok');
  return app;
}

async function statuses(app: Fw, n: number, client = 'one'): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await app.request('/', { headers: { 'x-client': client } })).status);
  return out;
}

describe('ban', () => {
  it('bans a key after `after` windows over the limit, with a 403 and Retry-After', async () => {
    const time = clock();
    const banned: string[] = [];
    const app = await appWith({
      store: new MemoryStore({ max: 2, windowMs: 1_000, now: time.now }),
      ban: { after: 2, durationMs: 30_000 },
      onBanned: (_ctx, key) => banned.push(key),
    });
    expect(await statuses(app, 4)).toEqual([200, 200, 429, 429]);
    expect(banned).toEqual([]);
    time.advance(1_000);
    expect(await statuses(app, 3)).toEqual([200, 200, 429]);
    expect(banned).toEqual(['one']);
    time.advance(1_000);
    const refused = await app.request('/', { headers: { 'x-client': 'one' } });
    expect(refused.status).toBe(403);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMIT_BANNED' });
    expect(await statuses(app, 1, 'two')).toEqual([200]);
  });

  it('counts one strike per window, however many requests it refused', async () => {
    const time = clock();
    const app = await appWith({
      store: new MemoryStore({ max: 1, windowMs: 1_000, now: time.now }),
      ban: { after: 2, durationMs: 30_000 },
    });
    expect(await statuses(app, 10)).toEqual([200, ...new Array(9).fill(429)]);
    time.advance(1_000);
    expect(await statuses(app, 1)).toEqual([200]);
  });

  it('ends the ban after durationMs', async () => {
    const time = clock();
    const app = await appWith({ store: new MemoryStore({ max: 1, windowMs: 1_000, now: time.now }), ban: { after: 1, durationMs: 300 } });
    expect(await statuses(app, 3)).toEqual([200, 429, 403]);
    // The ban's end is read from Date.now(): move it past durationMs instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 350);
      time.advance(1_000);
      expect(await statuses(app, 1)).toEqual([200]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lifts a ban with limiter.reset(key)', async () => {
    const time = clock();
    const app = new Fw();
    const plugin = rateLimit({
      key: () => 'one',
      store: new MemoryStore({ max: 1, windowMs: 1_000, now: time.now }),
      ban: { after: 1, durationMs: 60_000 },
    });
    await app.plugin(plugin);
    app.get('/', () => 'ok');
    expect(await statuses(app, 3)).toEqual([200, 429, 403]);
    await app.state<{ reset(key: string): Promise<void> }>('fw:ratelimit')!.reset('one');
    expect(await statuses(app, 1)).toEqual([200]);
  });

  it('keeps bans in the KVStore given', async () => {
    const kv = new MemoryKV();
    const time = clock();
    const app = await appWith({
      store: new MemoryStore({ max: 1, windowMs: 1_000, now: time.now }),
      ban: { after: 1, durationMs: 60_000, kv },
    });
    await statuses(app, 2);
    expect(await kv.get('ban:one')).not.toBeNull();
  });

  it('refuses bad ban options at startup', () => {
    expect(() => rateLimit({ ban: { after: 0, durationMs: 1000 } })).toThrow(/ban.after must be a positive integer/);
    expect(() => rateLimit({ ban: { after: 2 } as never })).toThrow(/ban.durationMs must be a positive integer/);
    expect(() => rateLimit({ ban: 3 as never })).toThrow(/ban must be \{ after, durationMs \}/);
    expect(() => rateLimit({ ban: { after: 1, durationMs: 1, forever: true } as never })).toThrow(/ban has no option "forever"/);
    expect(() => rateLimit({ ban: { after: 1, durationMs: 1, kv: {} as never } })).toThrow(/ban.kv must be a KVStore/);
    expect(() => rateLimit({ onBanned: 'log' as never })).toThrow(/onBanned must be a function/);
  });
});

describe('onExceeded', () => {
  it('is called with the key for every request over the limit, never for allowed ones', async () => {
    const calls: Array<[string, number]> = [];
    const app = await appWith({ max: 2, windowMs: 60_000, onExceeded: (_ctx, key, result) => calls.push([key, result.remaining]) });
    await statuses(app, 2);
    expect(calls).toEqual([]);
    await statuses(app, 2);
    expect(calls).toEqual([
      ['one', 0],
      ['one', 0],
    ]);
  });

  it('gets the key the key function returned, not its stored form', async () => {
    const long = 'k'.repeat(300);
    const keys: string[] = [];
    const app = await appWith({ max: 1, windowMs: 60_000, key: () => long, onExceeded: (_ctx, key) => keys.push(key) });
    await statuses(app, 2);
    expect(keys).toEqual([long]);
  });

  it('must be a function', () => {
    expect(() => rateLimit({ onExceeded: true as never })).toThrow(/onExceeded must be a function/);
  });
});
