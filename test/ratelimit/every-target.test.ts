/** The rate limiter on fw/node, fw/bun, workerd (miniflare) and Lambda: header fields, a route's own limit, bans, keyed by the peer address. */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';

const app = fileURLToPath(new URL('./fixtures/every-target-app.ts', import.meta.url));

describeEveryTarget('rateLimit', app, (client) => {
  it('sends X-RateLimit-* and the draft RateLimit fields', async () => {
    const response = await client().fetch('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=1000;w=60');
    expect(response.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
  });

  it('limits a route by its own limit, with Retry-After on the 429', async () => {
    expect((await client().fetch('/tight')).status).toBe(200);
    expect((await client().fetch('/tight')).status).toBe(200);
    const refused = await client().fetch('/tight');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-policy')).toBe('"GET /tight";q=2;w=60');
    expect((await client().fetch('/')).status).toBe(200);
  });

  it('never counts a rateLimit: false route', async () => {
    const response = await client().fetch('/free');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('bans the peer after a window over the limit', async () => {
    expect((await client().fetch('/banned/x')).status).toBe(200);
    expect((await client().fetch('/banned/x')).status).toBe(429);
    const banned = await client().fetch('/banned/x');
    expect(banned.status).toBe(403);
    expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
