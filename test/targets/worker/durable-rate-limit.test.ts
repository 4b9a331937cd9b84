import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableRateLimitStore } from '../../../targets/worker';
import { bundleWorker, compatibilityDate } from './helpers';

describe('durableRateLimitStore in workerd: two worker scripts sharing the FwRateLimitObject objects', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/targets/worker/fixtures/durable-rate-limit-worker.ts');
    const options = (name: string, owner: boolean) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      durableObjects: owner
        ? { LIMITS: { className: 'FwRateLimitObject', useSQLite: true }, PLAIN: { className: 'PlainRateLimitObject', useSQLite: false } }
        : { LIMITS: { className: 'FwRateLimitObject', scriptName: 'alpha', useSQLite: true } },
    });
    mf = new Miniflare({ cf: false, workers: [options('alpha', true), options('beta', false)] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: string, path: string, client: string, method = 'GET'): Promise<Response> {
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

  it('fails closed with a 503 when the objects cannot count (no SQLite storage) or the binding is missing', async () => {
    // alpha binds PLAIN to a class without SQLite storage; beta has no PLAIN binding at all.
    for (const name of ['alpha', 'beta']) {
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
  });
});
