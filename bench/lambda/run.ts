/** Lambda benchmarks, fw/lambda (on fw and on fw/core) against hono/aws-lambda on the same one-route app, bundled as users
 *  bundle them (bundle.ts), each contestant in its own process: event -> result throughput (v1 and v2 events), cold start
 *  (fresh process: import + first response), bundle size (min and gzip). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildFw } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { fwCoreMissing, makeUserProject, removeUserProject } from '../lib/user-project';
import { bundleLambda } from './bundle';
import { median, spread } from './stats';

const here = import.meta.dirname;
const out = join(here, '..', '.out');
const work = join(out, 'lambda');
mkdirSync(work, { recursive: true });

const coreMissing = fwCoreMissing();
const contestants = (['fw-core', 'fw', 'hono', 'hono-tiny'] as const).filter((name) => name !== 'fw-core' || !coreMissing);
type Contestant = (typeof contestants)[number];
const label: Record<Contestant, string> = {
  'fw-core': 'fw/core lambda()',
  fw: 'fw lambda()',
  hono: 'hono handle()',
  'hono-tiny': 'hono/tiny handle()',
};
const timed = contestants.filter((name) => name !== 'hono-tiny');

buildFw();
const project = makeUserProject('lambda');
const bundles = {} as Record<Contestant, string>;
const heaviest: string[] = [];
try {
  for (const name of contestants) {
    const { file, metafile } = await bundleLambda(project, name, work);
    bundles[name] = file;
    if (name.startsWith('fw')) {
      const inputs = Object.entries(Object.values(metafile.outputs)[0].inputs)
        .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
        .slice(0, 6)
        .map(([path, info]) => `${path.replace(/^.*node_modules\//, '')} ${(info.bytesInOutput / 1024).toFixed(1)} KiB`);
      heaviest.push(`${label[name]}: ${inputs.join(', ')}`);
    }
  }
} finally {
  removeUserProject(project);
}
const probes = { throughput: join(work, 'throughput-probe.mjs'), cold: join(work, 'cold-probe.mjs') };
for (const [probe, outfile] of [
  ['throughput-probe.ts', probes.throughput],
  ['cold-probe.ts', probes.cold],
]) {
  await build({
    entryPoints: [join(here, probe)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
}

function probe(script: string, args: string[]): Record<string, number> {
  return JSON.parse(execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' }));
}

function write(result: BenchResult): void {
  writeFileSync(join(out, `${result.name}.json`), `${JSON.stringify({ ...result, date: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\n${result.name}: ${result.command}`);
  console.table(result.rows);
  if (result.goal) console.log(`goal: ${result.goal} -> ${result.met ? 'met' : 'not met'}`);
}

const order = (run: number): Contestant[] => (run % 2 === 0 ? timed : [...timed].reverse());
const built =
  'Bundled in a project outside the checkout whose node_modules/fw is a copy of the built package, so `fw`, `fw/core` and `fw/lambda` resolve through the exports map (the node condition) into dist/, as for users.';
const skipped = coreMissing ? ` fw/core skipped: ${coreMissing}.` : '';
const command = 'npm run bench -- lambda';
const rounds = 3;
const iterations = 20000;
const throughputRows: BenchRow[] = [];
let goalMet = true;
for (const kind of ['v1', 'v2'] as const) {
  const samples = Object.fromEntries(timed.map((name) => [name, [] as number[]])) as Record<Contestant, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const who of order(round)) samples[who].push(probe(probes.throughput, [bundles[who], kind, String(iterations)]).opsPerSec);
  }
  const hono = median(samples.hono);
  for (const who of timed) {
    const rate = median(samples[who]);
    if (who !== 'hono' && rate / hono < 1.3) goalMet = false;
    throughputRows.push({
      case: `${kind} event`,
      contestant: label[who],
      median: Math.round(rate),
      unit: 'invocations/s',
      spread: spread(samples[who], 0),
      ratio: Number((rate / hono).toFixed(2)),
    });
  }
}
write({
  name: 'lambda',
  command,
  rows: throughputRows,
  higherIsBetter: true,
  goal: 'fw lambda() and fw/core lambda() >= 1.3x hono/aws-lambda handle() on v1 and v2 events',
  met: goalMet,
  notes: `Same one-route app (GET /users/:id -> JSON plus a header), each bundled with bundleConfig('lambda'). ${built} Each process checks its answer, warms up 3000 calls, then times ${iterations} sequential invocations in 10 batches and reports the median batch rate; ${rounds} rounds alternate the order; medians of the rounds. Ratio: the contestant's rate over hono's.${skipped}`,
});

const coldRuns = 60;
const coldCases = {
  total: 'import + first response',
  importMs: 'import (init phase)',
  firstMs: 'first response',
  cpuMs: 'import + first response, CPU time',
} as const;
type ColdCase = keyof typeof coldCases;
const cold = Object.fromEntries(
  timed.map((name) => [name, { total: [] as number[], importMs: [] as number[], firstMs: [] as number[], cpuMs: [] as number[] }]),
) as Record<Contestant, Record<ColdCase, number[]>>;
for (let run = 0; run < coldRuns; run++) {
  for (const who of order(run)) {
    const { importMs, firstMs, cpuMs } = probe(probes.cold, [bundles[who], 'v2']);
    cold[who].importMs.push(importMs);
    cold[who].firstMs.push(firstMs);
    cold[who].total.push(importMs + firstMs);
    cold[who].cpuMs.push(cpuMs);
  }
}
const coldRows: BenchRow[] = [];
for (const key of Object.keys(coldCases) as ColdCase[]) {
  const hono = median(cold.hono[key]);
  for (const who of timed) {
    const ms = median(cold[who][key]);
    coldRows.push({
      case: coldCases[key],
      contestant: label[who],
      median: Number(ms.toFixed(2)),
      unit: 'ms',
      spread: spread(cold[who][key], 1),
      ratio: Number((hono / ms).toFixed(2)),
    });
  }
}
const coldTotal = (who: Contestant): number => median(cold[who].total);
write({
  name: 'lambda-cold-start',
  command,
  rows: coldRows,
  higherIsBetter: false,
  goal: 'fw lambda() import + first response <= hono handle()',
  met: coldTotal('fw') <= coldTotal('hono'),
  notes: `Fresh Node process per run: import() of the minified Lambda bundle, then the first result of a v2 event (Node's own start-up excluded); the CPU-time row is process.cpuUsage() over the same span (all threads), which other processes on a shared machine disturb less than the wall clock. ${built} ${coldRuns} runs each, alternating. Ratio: hono's time over the contestant's (above 1: faster than hono). fw does its warm-up (plugins, compile) at import, which Lambda runs in its init phase.${coreMissing ? '' : ` fw/core lambda() import + first response ${coldTotal('fw-core').toFixed(2)} ms vs hono ${coldTotal('hono').toFixed(2)} ms.`}${skipped}`,
});

const sizeRows: BenchRow[] = [];
const sizes = Object.fromEntries(
  contestants.map((name) => {
    const code = readFileSync(bundles[name]);
    return [name, { min: code.length, gzip: gzipSync(code, { level: 9 }).length }];
  }),
) as Record<Contestant, { min: number; gzip: number }>;
for (const measure of ['min', 'gzip'] as const) {
  for (const name of contestants) {
    sizeRows.push({
      case: measure,
      contestant: label[name],
      median: sizes[name][measure],
      unit: 'B',
      ratio: Number((sizes.hono[measure] / sizes[name][measure]).toFixed(2)),
    });
  }
}
write({
  name: 'lambda-bundle',
  command,
  rows: sizeRows,
  higherIsBetter: false,
  goal: 'fw Lambda bundle smaller than hono/tiny + handle()',
  met: sizes.fw.gzip < sizes['hono-tiny'].gzip && sizes.fw.min < sizes['hono-tiny'].min,
  notes: `One-route Lambda bundles built the same way (bundleConfig('lambda'): esbuild --bundle --minify --format=esm --platform=node --target=node20), gzip -9. ${built} Ratio: hono's size over the contestant's (above 1: smaller than hono). Heaviest inputs (minified bytes in the output): ${heaviest.join('; ')}.${skipped}`,
});
