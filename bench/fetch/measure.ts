/** Child process: builds one app, checks its five answers, then times app.fetch per case with mitata (p50) and prints JSON. */
import { bench, run } from 'mitata';
import { apps, cases, needsFreshRequest } from './apps';

const name = process.argv[2];
const factory = apps[name];
if (!factory) {
  console.error(`usage: measure.ts <${Object.keys(apps).join('|')}>`);
  process.exit(2);
}
const app = factory();

for (const c of cases) {
  const response = await app.fetch(c.request());
  const body = await response.text();
  const header = c.header ? response.headers.get(c.header[0]) : undefined;
  if (response.status !== c.status || body !== c.body || (c.header && header !== c.header[1])) {
    console.error(`${name}: ${c.name} answered ${response.status} ${JSON.stringify(body)} (${c.header?.[0]}: ${header}), expected ${c.status} ${JSON.stringify(c.body)}`);
    process.exit(1);
  }
}

let sink: unknown;
for (const c of cases) {
  const prebuilt = c.reusable && !needsFreshRequest.has(name) ? c.request() : null;
  bench(c.name, async () => {
    sink = await app.fetch(prebuilt ?? c.request());
  });
}

if (name === 'fw') {
  bench('floor: new Response("Hi") alone', () => {
    sink = new Response('Hi');
  });
  bench('floor: new Request(url) alone', () => {
    sink = new Request('http://localhost/id/1?name=bun');
  });
}

const { benchmarks } = await run({ format: 'quiet', throw: true });
const out: Record<string, number> = {};
for (const b of benchmarks) out[b.alias] = b.runs[0].stats!.p50;
process.stdout.write(JSON.stringify(out));
if (sink === null) process.exit(3);
