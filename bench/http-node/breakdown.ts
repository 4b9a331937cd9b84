/**
 * Where fw/node's time per request goes, in process (no sockets): the lazy Request fw/node builds, the core's
 * app.fetch with light responses on (as fw/node calls it) and off (as workers get real Responses), and undici
 * Responses alone for comparison. Prints JSON (µs medians).
 */
import { Fw, responseFactory } from 'fw';
import { LightResponse, lightResponseFactory } from 'fw/node';
import { lazyRequest } from '../../targets/serverless/lazy-request';
import { RawHeaders } from '../../targets/node/raw-headers';

const app = new Fw().get('/', () => ({ hello: 'world' }));
await app.ready();
const raw = ['Host', '127.0.0.1:3000', 'User-Agent', 'autocannon', 'Accept', '*/*', 'Connection', 'keep-alive'];
const light = { [responseFactory]: lightResponseFactory };

function request(): Request {
  return lazyRequest({ method: 'GET', url: new URL('http://127.0.0.1:3000/').href, headers: new RawHeaders(raw), body: undefined });
}

const prebuilt = request();
const cases: Record<string, () => unknown> = {
  'lazy Request (fw/node conversion)': request,
  'app.fetch (core + LightResponse, fw/node)': () => app.fetch(prebuilt, light),
  'app.fetch (core + real Response)': () => app.fetch(prebuilt),
  'new Response(JSON string) alone': () => new Response('{"hello":"world"}', { headers: { 'content-type': 'application/json' } }),
  'new LightResponse(JSON string) alone': () => new LightResponse('{"hello":"world"}', 200, 'application/json'),
  'new Response(null) alone': () => new Response(null, { status: 204 }),
};

async function time(fn: () => unknown, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const r = fn();
    if (r instanceof Promise) await r;
  }
  return ((performance.now() - start) * 1000) / n;
}

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const fn of Object.values(cases)) await time(fn, 20_000);
for (let round = 0; round < 5; round++) for (const [name, fn] of Object.entries(cases)) samples[name].push(await time(fn, 20_000));
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
console.log(JSON.stringify(Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, Number(median(v).toFixed(2))]))));
