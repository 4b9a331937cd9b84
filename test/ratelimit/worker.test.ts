import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWorker, compatibilityDate } from '../targets/worker/helpers';

describe('rateLimit over Workers KV in workerd (miniflare): two workers sharing one namespace', () => {
  let mf: Miniflare;

  beforeAll(async () => {
    const script = await bundleWorker('test/ratelimit/fixtures/ratelimit-worker.ts');
    const options = (name: string) => ({
      name,
      compatibilityDate,
      modules: [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }],
      kvNamespaces: { LIMITS: 'shared-limits' },
    });
    mf = new Miniflare({ cf: false, workers: [options('alpha'), options('beta')] });
    await mf.ready;
  });

  afterAll(async () => {
    await mf?.dispose();
  });

  async function call(name: string, ip: string, headers: Record<string, string> = {}): Promise<Response> {
    const w = await mf.getWorker(name);
    return (await w.fetch('http://limits.test/', { headers: { 'cf-connecting-ip': ip, ...headers } })) as unknown as Response;
  }

  it('counts requests to either worker against one limit and answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (const name of ['alpha', 'beta', 'alpha']) {
      const res = await call(name, '192.0.2.1');
      statuses.push(res.status);
      await res.text();
    }
    const refused = await call('beta', '192.0.2.1');
    statuses.push(refused.status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
    const other = await call('alpha', '192.0.2.2');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
    await other.text();
  });

  it('keys on CF-Connecting-IP by default: rotating X-Forwarded-For does not get past the limit of 3', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(i % 2 ? 'alpha' : 'beta', '192.0.2.9', { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` });
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
