/** Child process: builds one router on one table, checks its 7 answers, then times each lookup with mitata (p50) and prints JSON. */
import { bench, do_not_optimize, run } from 'mitata';
import { contestants } from './contestants';
import { lookups, tables } from './routes';

const [name, tableName] = process.argv.slice(2);
const factory = contestants[name];
const table = tables[tableName];
if (!factory || !table) {
  console.error(`usage: measure.ts <${Object.keys(contestants).join('|')}> <${Object.keys(tables).join('|')}>`);
  process.exit(2);
}

const built = factory(table);
for (const l of lookups) {
  const got = built.answer(l.method, l.path);
  if (JSON.stringify(got) !== JSON.stringify(l.expect)) {
    console.error(`${name} on ${tableName}: ${l.method} ${l.path} answered ${JSON.stringify(got)}, expected ${JSON.stringify(l.expect)}`);
    process.exit(1);
  }
}

for (const l of lookups) bench(l.name, () => do_not_optimize(built.lookup(l.method, l.path)));
bench('all 7 lookups', () => {
  for (const l of lookups) do_not_optimize(built.lookup(l.method, l.path));
});

const { benchmarks } = await run({ format: 'quiet', throw: true });
const out: Record<string, number> = {};
for (const b of benchmarks) out[b.alias] = b.runs[0].stats!.p50;
process.stdout.write(JSON.stringify(out));
