/** Lambda benchmarks, fw/lambda against hono/aws-lambda on the same one-route app, each contestant in its own process:
 *  event -> result throughput (v1 and v2 events), cold start (fresh process: import + first response), bundle size (min and gzip). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleConfig } from 'fw/serverless';
import type { BenchResult, BenchRow } from '../lib/result';
import { median, spread } from './stats';

const here = import.meta.dirname;
const out = join(here, '..', '.out');
const work = join(out, 'lambda');
mkdirSync(work, { recursive: true });

const contestants = ['fw', 'hono', 'hono-tiny'] as const;
type Contestant = (typeof contestants)[number];
const bundles = {} as Record<Contestant, string>;
for (const name of contestants) {
  bundles[name] = join(work, `${name}.mjs`);
  await build(
    bundleConfig('lambda', join(here, 'entries', `${name}.ts`), { outfile: bundles[name], conditions: ['source'], logLevel: 'error' }),
  );
}
const probes = { throughput: join(work, 'throughput-probe.mjs'), cold: join(work, 'cold-probe.mjs') };
await build({
  entryPoints: [join(here, 'throughput-probe.ts')],
  outfile: probes.throughput,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
});
await build({
  entryPoints: [join(here, 'cold-probe.ts')],
  outfile: probes.cold,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
});

function probe(script: string, args: string[]): Record<string, number> {
  return JSON.parse(execFileSync(process.execPath, [script, ...args], { encoding: 'utf8' }));
}

function write(result: BenchResult): void {
  writeFileSync(join(out, `${result.name}.json`), `${JSON.stringify({ ...result, date: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\n${result.name}: ${result.command}`);
  console.table(result.rows);
  if (result.goal) console.log(`goal: ${result.goal} -> ${result.met ? 'met' : 'not met'}`);
}

const command = 'npm run bench -- lambda';
const rounds = 3;
const iterations = 20000;
const throughputRows: BenchRow[] = [];
let goalMet = true;
for (const kind of ['v1', 'v2'] as const) {
  const samples: Record<'fw' | 'hono', number[]> = { fw: [], hono: [] };
  for (let round = 0; round < rounds; round++) {
    const order: ('fw' | 'hono')[] = round % 2 === 0 ? ['fw', 'hono'] : ['hono', 'fw'];
    for (const who of order) samples[who].push(probe(probes.throughput, [bundles[who], kind, String(iterations)]).opsPerSec);
  }
  const fw = median(samples.fw);
  const hono = median(samples.hono);
  if (fw / hono < 1.3) goalMet = false;
  throughputRows.push(
    {
      case: `${kind} event`,
      contestant: 'fw lambda()',
      median: Math.round(fw),
      unit: 'invocations/s',
      spread: spread(samples.fw, 0),
      ratio: 1,
    },
    {
      case: `${kind} event`,
      contestant: 'hono handle()',
      median: Math.round(hono),
      unit: 'invocations/s',
      spread: spread(samples.hono, 0),
      ratio: Number((fw / hono).toFixed(2)),
    },
  );
}
write({
  name: 'lambda',
  command,
  rows: throughputRows,
  higherIsBetter: true,
  goal: 'fw lambda() >= 1.3x hono/aws-lambda handle() on v1 and v2 events',
  met: goalMet,
  notes: `Same one-route app (GET /users/:id -> JSON plus a header), each bundled with bundleConfig('lambda'). Each process checks its answer, warms up 3000 calls, then times ${iterations} sequential invocations in 10 batches and reports the median batch rate; ${rounds} rounds alternate the order; medians of the rounds. Ratio: fw's rate over hono's.`,
});

const coldRuns = 30;
const coldCases = { total: 'import + first response', importMs: 'import (init phase)', firstMs: 'first response' } as const;
type ColdCase = keyof typeof coldCases;
const cold: Record<'fw' | 'hono', Record<ColdCase, number[]>> = {
  fw: { total: [], importMs: [], firstMs: [] },
  hono: { total: [], importMs: [], firstMs: [] },
};
for (let run = 0; run < coldRuns; run++) {
  const order: ('fw' | 'hono')[] = run % 2 === 0 ? ['fw', 'hono'] : ['hono', 'fw'];
  for (const who of order) {
    const { importMs, firstMs } = probe(probes.cold, [bundles[who], 'v2']);
    cold[who].importMs.push(importMs);
    cold[who].firstMs.push(firstMs);
    cold[who].total.push(importMs + firstMs);
  }
}
const coldRows: BenchRow[] = [];
for (const key of Object.keys(coldCases) as ColdCase[]) {
  const fw = median(cold.fw[key]);
  const hono = median(cold.hono[key]);
  coldRows.push(
    {
      case: coldCases[key],
      contestant: 'fw lambda()',
      median: Number(fw.toFixed(2)),
      unit: 'ms',
      spread: spread(cold.fw[key], 1),
      ratio: 1,
    },
    {
      case: coldCases[key],
      contestant: 'hono handle()',
      median: Number(hono.toFixed(2)),
      unit: 'ms',
      spread: spread(cold.hono[key], 1),
      ratio: Number((hono / fw).toFixed(2)),
    },
  );
}
write({
  name: 'lambda-cold-start',
  command,
  rows: coldRows,
  higherIsBetter: false,
  notes: `Fresh Node process per run: import() of the minified Lambda bundle, then the first result of a v2 event (Node's own start-up excluded). ${coldRuns} runs each, alternating. Ratio: hono's time over fw's (above 1: fw faster). fw does its warm-up (plugins, compile) and touches Request/Response at import, which Lambda runs in its init phase; Node loads its fetch implementation (undici) on first use, which hono pays on its first response instead.`,
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
      contestant: name === 'fw' ? 'fw lambda()' : `${name} handle()`,
      median: sizes[name][measure],
      unit: 'B',
      ratio: Number((sizes[name][measure] / sizes.fw[measure]).toFixed(2)),
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
  notes:
    "One-route Lambda bundles built the same way (bundleConfig('lambda'): esbuild --bundle --minify --format=esm --platform=node --target=node20), gzip -9. Ratio: the contestant's size over fw's (above 1: fw smaller).",
});
