import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableRateLimitStore } from '../../../targets/worker';
import { bundleWorker, compatibilityDate } from './helpers';

describe('durableRateLimitStore in workerd: worker scripts sharing the FwRateLimitObject objects', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/targets/worker/fixtures/durable-rate-limit-worker.ts');
    const options = (name: string, owner: boolean) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      durableObjects: owner
        ? {
            LIMITS: { className: 'FwRateLimitObject', useSQLite: true },
            PLAIN: { className: 'PlainRateLimitObject', useSQLite: false },
            STALL: { className: 'StallingRateLimitObject', useSQLite: true },
          }
        : { LIMITS: { className: 'FwRateLimitObject', scriptName: 'alpha', useSQLite: true } },
    });
    // gamma serves only the calls made without a context: an isolate that never limited a request.
    mf = new Miniflare({ cf: false, workers: [options('alpha', true), options('beta', false), options('gamma', false)] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: 'alpha' | 'beta' | 'gamma', path: string, client: string, method = 'GET'): Promise<Response> {
    const w = await mf.getWorker(name);
    return (await w.fetch(`http://limits.test${path}`, { method, headers: { 'x-client': client } })) as unknown as Response;
  }

  /** Sends `n` requests at once, alternating between the two workers, and returns their statuses. */
  async function burst(path: string, client: string, n: number): Promise<number[]> {
    const responses = await Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 === 0 ? 'alpha' : 'beta', path, client)));
    return Promise.all(responses.map(async (res) => (await res.text(), res.status)));
  }

  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  it('admits exactly the limit out of concurrent requests from both workers (one object per key)', async () => {
    const statuses = await burst('/key/a', 'client-1', 40);
    expect(count(statuses, 200)).toBe(7);
    expect(count(statuses, 429)).toBe(33);
    const next = await call('beta', '/key/b', 'client-1');
    expect(next.status).toBe(429);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(86_000);
    expect(((await next.json()) as { code: string }).code).toBe('RATE_LIMITED');
    const other = await call('alpha', '/key/a', 'client-2');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('6');
    await other.text();
  });

  it('admits exactly the limit per key when keys share objects (3 shards), and counts buckets exactly', async () => {
    const clients = ['s-1', 's-2', 's-3', 's-4'];
    const results = await Promise.all(clients.map((client) => burst('/sharded/x', client, 16)));
    for (const statuses of results) expect(count(statuses, 200)).toBe(5);
    const before = (await (await call('alpha', '/buckets', 'any')).json()) as { buckets: number; limits: Record<string, unknown> };
    expect(before.buckets).toBe(4);
    expect(before.limits).toEqual({ kind: 'durable-fixed-window', max: 5, windowMs: 86_400_000, shards: 3, name: 'sharded' });
    await (await call('beta', '/reset/sharded', 's-1', 'POST')).text();
    expect((await call('alpha', '/sharded/x', 's-1')).status).toBe(200);
    expect((await call('alpha', '/sharded/x', 's-2')).status).toBe(429);
  });

  it('starts a new window once the last one ends', async () => {
    expect((await burst('/short/x', 'w-1', 6)).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    const refused = await call('alpha', '/short/x', 'w-1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(1);
    await refused.text();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await call('beta', '/short/x', 'w-1')).status).toBe(200);
  });

  it('answers 503 when the object does not answer within timeoutMs, instead of leaving the request waiting', async () => {
    const started = Date.now();
    const res = await call('alpha', '/stall/x', 'slow-1');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMIT_STORE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses a window past the 100 years an alarm can cover: at the option check, and in the object without counting', async () => {
    const window = async (ms: number) => (await call('alpha', `/window?ms=${ms}`, 'w')).json();
    expect(await window(5.2e12)).toEqual({
      error: {
        name: 'TypeError',
        message:
          'rateLimit: durableRateLimitStore.windowMs is at most 3153600000000 ms (100 years: a Durable Object alarm cannot be set later), got 5200000000000',
      },
    });
    expect(await window(3_153_600_000_000)).toMatchObject({ result: { windowMs: 3_153_600_000_000 } });
    // Straight to the object: 8e12 ms ends after 2262, where workerd refuses the alarm.
    const refused = await call('alpha', '/raw-hit?ms=8000000000000', 'raw-1', 'POST');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { type: 'TypeError', message: expect.stringMatching(/windowMs is at most 3153600000000 ms/) },
    });
    const counted = (await (await call('alpha', '/raw-hit?ms=60000', 'raw-1', 'POST')).json()) as { result: { count: number } };
    expect(counted.result.count).toBe(1);
  });

  it('buckets() and reset(key) without a context: exact through () => env, a clear error through (ctx) => binding in an isolate that limited nothing', async () => {
    for (const client of ['f-1', 'f-2']) expect((await call('alpha', '/fresh/x', client)).status).toBe(200);
    const noContext =
      /durableRateLimitStore "fresh": .* has no request context and this isolate has not limited a request yet.*pass the context \(reset\(key, ctx\)\), or give durableRateLimitStore the binding as \(\) => env.FW_RATE_LIMIT/;
    const byCtx = (await (await call('gamma', '/fresh-buckets?form=ctx', 'any')).json()) as { error: { message: string } };
    expect(byCtx.error.message).toMatch(noContext);
    expect(await (await call('gamma', '/fresh-buckets?form=env', 'any')).json()).toEqual({ result: 2 });
    const resetByCtx = (await (await call('gamma', '/fresh-reset?form=ctx', 'f-1', 'POST')).json()) as { error: { message: string } };
    expect(resetByCtx.error.message).toMatch(noContext);
    expect(await (await call('gamma', '/fresh-reset?form=env', 'f-1', 'POST')).json()).toEqual({ result: null });
    expect(await (await call('gamma', '/fresh-buckets?form=env', 'any')).json()).toEqual({ result: 1 });
    // Once this isolate limited a request, the (ctx) => binding store reaches the objects without a context too.
    expect((await call('gamma', '/fresh/x', 'f-3')).status).toBe(200);
    expect(await (await call('gamma', '/fresh-buckets?form=ctx', 'any')).json()).toEqual({ result: 2 });
    expect(await (await call('gamma', '/fresh-reset?form=ctx', 'f-3', 'POST')).json()).toEqual({ result: null });
    expect(await (await call('alpha', '/fresh-buckets?form=ctx', 'any')).json()).toEqual({ result: 1 });
  });

  it('fails closed with a 503 when the objects cannot count (no SQLite storage) or the binding is missing', async () => {
    // alpha binds PLAIN to a class without SQLite storage; beta has no PLAIN binding at all.
    for (const name of ['alpha', 'beta'] as const) {
      const res = await call(name, '/plain/x', 'p-1');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { code: string }).code).toBe('RATE_LIMIT_STORE_UNAVAILABLE');
    }
  });
});

describe('durableRateLimitStore options', () => {
  const ns = { idFromName: () => ({}), get: () => ({ fetch: async () => new Response() }) };

  it('fails at startup with what to fix', () => {
    expect(() => durableRateLimitStore({} as never, { max: 1, windowMs: 1000 })).toThrow(
      /needs a Durable Object namespace binding of the FwRateLimitObject class/,
    );
    expect(() => durableRateLimitStore(ns, { max: 0, windowMs: 1000 })).toThrow(/durableRateLimitStore.max must be a positive integer/);
    expect(() => durableRateLimitStore(ns, { max: 1, windowMs: 1.5 })).toThrow(/windowMs must be a positive integer/);
    expect(() => durableRateLimitStore(ns, { max: 1, windowMs: 1000, shards: 0 })).toThrow(
      /shards \('key' or a number of objects\) must be a positive integer/,
    );
    expect(() => durableRateLimitStore(ns, { max: 1, windowMs: 1000, name: '' })).toThrow(/name must be a non-empty string/);
    expect(() => durableRateLimitStore(ns, { max: 3, windowMs: 5.2e12 })).toThrow(
      new TypeError(
        'rateLimit: durableRateLimitStore.windowMs is at most 3153600000000 ms (100 years: a Durable Object alarm cannot be set later), got 5200000000000',
      ),
    );
    expect(() => durableRateLimitStore(ns, { max: 1, windowMs: 1000, timeoutMs: -1 })).toThrow(
      /timeoutMs must be a positive integer of milliseconds/,
    );
  });
});
