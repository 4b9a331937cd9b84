/**
 * Child process: builds one router on one table, checks its 7 answers, then times each lookup with mitata (p50)
 * and prints JSON. Each timing gets ROUTER_BENCH_MS ms of CPU (default 100; mitata's own default is 642; the
 * spread over rounds is the same as at 200 on this machine), which keeps the whole bench within its share of
 * `npm run bench`'s 15 minutes.
 */
import { do_not_optimize, measure } from 'mitata';
import { contestants } from './contestants';
import { lookups, tables } from './routes';

const [name, tableName] = process.argv.slice(2);
const load = contestants[name];
const table = tables[tableName];
if (!load || !table) {
  console.error(`usage: measure.ts <${Object.keys(contestants).join('|')}> <${Object.keys(tables).join('|')}>`);
  process.exit(2);
}

const built = (await load())(table);
for (const l of lookups) {
  const got = built.answer(l.method, l.path);
  if (JSON.stringify(got) !== JSON.stringify(l.expect)) {
    console.error(`${name} on ${tableName}: ${l.method} ${l.path} answered ${JSON.stringify(got)}, expected ${JSON.stringify(l.expect)}`);
    process.exit(1);
  }
}

const options = { min_cpu_time: Number(process.env.ROUTER_BENCH_MS ?? 100) * 1e6 };
const out: Record<string, number> = {};
for (const l of lookups) out[l.name] = (await measure(() => do_not_optimize(built.lookup(l.method, l.path)), options)).p50;
out['all 7 lookups'] = (
  await measure(() => {
    for (const l of lookups) do_not_optimize(built.lookup(l.method, l.path));
  }, options)
).p50;
process.stdout.write(JSON.stringify(out));
