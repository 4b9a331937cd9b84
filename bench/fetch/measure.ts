/**
 * Child process: builds one app, checks its five answers (each a Response; the class is reported when it is not
 * undici's own, e.g. a lighter subclass that builds the real one lazily), then times app.fetch per case with mitata (p50) and
 * prints JSON. Each timing gets FETCH_BENCH_MS ms of CPU (default 250; mitata's own default is 642), so the
 * whole bench keeps within its share of `npm run bench`'s 15 minutes.
 */
import { measure } from 'mitata';
import { apps, cases, needsFreshRequest } from './apps';

const name = process.argv[2];
const load = apps[name];
if (!load) {
  console.error(`usage: measure.ts <${Object.keys(apps).join('|')}>`);
  process.exit(2);
}
const app = (await load())();

let responseClass = 'Response';
for (const c of cases) {
  const response = await app.fetch(c.request());
  if (!(response instanceof Response)) {
    console.error(`${name}: ${c.name} answered ${Object.prototype.toString.call(response)}, not a Response`);
    process.exit(1);
  }
  if (Object.getPrototypeOf(response) !== Response.prototype) {
    responseClass = response.constructor.name;
    if (name === 'fw') {
      console.error(`fw: ${c.name} answered a ${responseClass}, not undici's Response: app.fetch must answer a real Response`);
      process.exit(1);
    }
  }
  const body = await response.text();
  const header = c.header ? response.headers.get(c.header[0]) : undefined;
  if (response.status !== c.status || body !== c.body || (c.header && header !== c.header[1])) {
    console.error(
      `${name}: ${c.name} answered ${response.status} ${JSON.stringify(body)} (${c.header?.[0]}: ${header}), expected ${c.status} ${JSON.stringify(c.body)}`,
    );
    process.exit(1);
  }
}

let sink: unknown;
const options = { min_cpu_time: Number(process.env.FETCH_BENCH_MS ?? 250) * 1e6 };
const out: Record<string, number> = {};
for (const c of cases) {
  const prebuilt = c.reusable && !needsFreshRequest.has(name) ? c.request() : null;
  out[c.name] = (
    await measure(async () => {
      sink = await app.fetch(prebuilt ?? c.request());
    }, options)
  ).p50;
}

if (name === 'fw') {
  out['floor: new Response("Hi") alone'] = (
    await measure(() => {
      sink = new Response('Hi');
    }, options)
  ).p50;
  out['floor: new Request(url) alone'] = (
    await measure(() => {
      sink = new Request('http://localhost/id/1?name=bun');
    }, options)
  ).p50;
}

process.stdout.write(JSON.stringify({ timings: out, responseClass }));
if (sink === null) process.exit(3);
