/**
 * One contestant of the http-modules bench in its own process:
 * `tsx bench/http-modules/contestant.ts <case> <framework> <n>` with case ratelimit | etag | compress | none and framework fw | hono.
 * Builds the app, checks its answers, warms up with n / 5 requests, then times n in-process requests; prints `{ usPerOp }`.
 */
import { gunzipSync } from 'node:zlib';

type Fetch = (request: Request) => Response | Promise<Response>;

const [which, framework, count] = process.argv.slice(2);
const n = Number(count);
const payload = JSON.stringify({ items: Array.from({ length: 150 }, (_, i) => ({ id: i, name: `item number ${i}`, tags: ['a', 'b'] })) });
const ips = Array.from({ length: 100 }, (_, i) => `198.51.100.${i}`);

async function fwApp(): Promise<Fetch> {
  const { Fw, rateLimit, etag, compress } = await import('../../targets/node/fw');
  const app = new Fw();
  if (which === 'ratelimit')
    await app.plugin(rateLimit({ max: 1_000_000_000, windowMs: 60_000, key: (ctx) => ctx.header('x-client') ?? 'local' }));
  if (which === 'etag') app.use(etag());
  if (which === 'compress') app.use(compress());
  app.get('/limited', () => ({ ok: true }));
  app.get('/small', () => ({ ok: true }));
  app.get('/data', (ctx) => ctx.setHeader('content-type', 'application/json') && payload);
  await app.ready();
  return (request) => app.fetch(request);
}

async function honoApp(): Promise<Fetch> {
  const { Hono } = await import('hono');
  const app = new Hono();
  if (which === 'ratelimit') {
    const { rateLimiter } = await import('hono-rate-limiter');
    app.use(rateLimiter({ windowMs: 60_000, limit: 1_000_000_000, keyGenerator: (c) => c.req.header('x-client') ?? 'local' }));
  }
  if (which === 'etag') app.use((await import('hono/etag')).etag());
  if (which === 'compress') app.use((await import('hono/compress')).compress());
  app.get('/limited', (c) => c.json({ ok: true }));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/data', (c) => c.body(payload, 200, { 'content-type': 'application/json' }));
  return (request) => app.fetch(request);
}

function request(i: number, tag: string | null): Request {
  if (which === 'ratelimit') return new Request('http://bench.test/limited', { headers: { 'x-client': ips[i % ips.length] } });
  if (which === 'etag') return new Request('http://bench.test/data', { headers: tag ? { 'if-none-match': tag } : {} });
  if (which === 'compress') return new Request('http://bench.test/data', { headers: { 'accept-encoding': 'gzip' } });
  return new Request('http://bench.test/data');
}

async function check(fetch: Fetch): Promise<string | null> {
  const first = await fetch(request(0, null));
  if (which === 'none') {
    if ((await first.text()) !== payload) throw new Error(`${framework}: wrong body`);
    return null;
  }
  if (which === 'ratelimit') {
    if (first.status !== 200 || JSON.stringify(await first.json()) !== '{"ok":true}')
      throw new Error(`${framework}: wrong rate-limited answer`);
    const limit = first.headers.get('x-ratelimit-limit') ?? first.headers.get('ratelimit-limit') ?? first.headers.get('ratelimit-policy');
    if (limit === null) throw new Error(`${framework}: no rate limit headers`);
    return null;
  }
  if (which === 'etag') {
    const tag = first.headers.get('etag');
    if (!tag || (await first.text()) !== payload) throw new Error(`${framework}: no ETag or wrong body`);
    const again = await fetch(request(0, tag));
    if (again.status !== 304) throw new Error(`${framework}: expected 304, got ${again.status}`);
    return tag;
  }
  if (first.headers.get('content-encoding') !== 'gzip') throw new Error(`${framework}: not gzip`);
  if (gunzipSync(Buffer.from(await first.arrayBuffer())).toString() !== payload) throw new Error(`${framework}: gzip round trip failed`);
  return null;
}

const fetch = framework === 'fw' ? await fwApp() : await honoApp();
const tag = await check(fetch);
for (let i = 0; i < Math.ceil(n / 5); i++) await (await fetch(request(i, tag))).arrayBuffer();
const started = performance.now();
for (let i = 0; i < n; i++) await (await fetch(request(i, tag))).arrayBuffer();
const elapsed = performance.now() - started;
process.stdout.write(JSON.stringify({ usPerOp: (elapsed * 1000) / n }));
