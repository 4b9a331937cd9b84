/**
 * Where fw/node's time per request goes, in process (no sockets): building the real Request, the core's
 * app.fetch (which builds a real Response), and a bare undici Response for comparison. Prints JSON (µs medians).
 */
import { Fw } from 'fw';
import { NodeRequest } from '../../targets/node/request';

const app = new Fw().get('/', () => ({ hello: 'world' }));
await app.ready();
const raw = ['Host', '127.0.0.1:3000', 'User-Agent', 'autocannon', 'Accept', '*/*', 'Connection', 'keep-alive'];

function request(): Request {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return new NodeRequest('http://127.0.0.1:3000/', { method: 'GET', headers });
}

const prebuilt = request();
const cases: Record<string, () => unknown> = {
  'new Request (fw/node conversion)': request,
  'app.fetch (core + real Response)': () => app.fetch(prebuilt),
  'new Response(JSON string) alone': () => new Response('{"hello":"world"}', { headers: { 'content-type': 'application/json' } }),
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
