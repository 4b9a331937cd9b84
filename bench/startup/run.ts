/**
 * Node start-up, fw/core and fw against hono (and a framework-free fetch handler as the floor): a fresh `node`
 * process per sample imports an unbundled one-route app from a project outside the checkout, where `fw` resolves
 * through its exports map into the built package (bench/lib/user-project.ts; Node takes the `node` condition), and
 * answers one `app.fetch(new Request(...))`; probe.mjs reports the time since the process started and its CPU.
 * Runs interleave the contestants. Writes bench/.out/startup.json.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { median } from '../lib/stats';
import { fwCoreMissing, makeUserProject, removeUserProject, repoRoot } from '../lib/user-project';

interface Sample {
  wallMs: number;
  cpuMs: number;
  status: number;
  body: string;
}

const runs = Number(process.env.RUNS ?? 40);
const coreMissing = fwCoreMissing();
const contestants = ['raw', 'fw-core', 'fw', 'hono']
  .filter((app) => app !== 'fw-core' || !coreMissing)
  .map((app) => ({ app, name: app === 'fw-core' ? 'fw/core' : app }));
type Contestant = (typeof contestants)[number];

buildFw();
const project = makeUserProject('startup');
const samples = new Map<Contestant, Sample[]>(contestants.map((c) => [c, []]));
try {
  copyFileSync(join(import.meta.dirname, 'probe.mjs'), join(project, 'probe.mjs'));
  for (const c of contestants) copyFileSync(join(import.meta.dirname, 'apps', `${c.app}.mjs`), join(project, `${c.app}.mjs`));
  const probe = (c: Contestant): Sample => {
    const run = spawnSync(process.execPath, ['probe.mjs', `./${c.app}.mjs`], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    if (run.status !== 0) throw new Error(`${c.name} failed:\n${run.stdout}\n${run.stderr}`);
    const sample = JSON.parse(run.stdout) as Sample;
    if (sample.status !== 200 || sample.body !== 'Hello') throw new Error(`${c.name} answered ${sample.status} ${sample.body}`);
    return sample;
  };
  for (const c of contestants) probe(c);
  for (let run = 0; run < runs; run++) {
    for (const c of run % 2 === 0 ? contestants : [...contestants].reverse()) samples.get(c)!.push(probe(c));
  }
} finally {
  removeUserProject(project);
}

const hono = contestants.find((c) => c.name === 'hono')!;
const of = (c: Contestant, key: 'wallMs' | 'cpuMs'): number => median(samples.get(c)!.map((s) => s[key]));
const rows: BenchRow[] = [];
for (const [key, label] of [
  ['wallMs', 'process start to first response'],
  ['cpuMs', 'CPU (user + system) until first response'],
] as const) {
  for (const c of contestants) {
    const xs = samples.get(c)!.map((s) => s[key]);
    rows.push({
      case: label,
      contestant: c.name,
      median: Number(of(c, key).toFixed(1)),
      unit: 'ms',
      spread: `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`,
      ratio: Number((of(hono, key) / of(c, key)).toFixed(2)),
    });
  }
}

const goalLines: [string, boolean][] = [];
const core = contestants.find((c) => c.name === 'fw/core');
const full = contestants.find((c) => c.name === 'fw')!;
if (core)
  goalLines.push([
    `fw/core <= hono (${of(core, 'wallMs').toFixed(1)} vs ${of(hono, 'wallMs').toFixed(1)} ms)`,
    of(core, 'wallMs') <= of(hono, 'wallMs'),
  ]);
goalLines.push([
  `fw <= 1.2x hono (${(of(full, 'wallMs') / of(hono, 'wallMs')).toFixed(2)}x)`,
  of(full, 'wallMs') <= 1.2 * of(hono, 'wallMs'),
]);
const result: BenchResult = {
  name: 'startup',
  command: 'npm run bench -- startup (tsx bench/startup/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: 'Node process start to first response: fw/core <= hono, fw <= 1.2x hono',
  met: goalLines.every(([, ok]) => ok),
  higherIsBetter: false,
  notes: [
    `A fresh \`node\` (${process.version}) process per sample runs probe.mjs, which imports a one-route app (GET / -> "Hello", unbundled ESM) and answers one app.fetch(new Request(...)); the time is performance.now() at the read answer (since Node's time origin, the process start: Node's own start-up included, the same for all), the CPU is process.cpuUsage() then.`,
    `The apps sit in a project outside the checkout whose node_modules/fw is a copy of the built package, so Node resolves \`fw\` and \`fw/core\` through the exports map (\`fw\` -> dist/node/fw.js and \`fw/core\` -> dist/node/core.js, the Node bundle of scripts/build-node-bundle.ts); hono from its published package. ${runs} runs each, alternating order, after one unmeasured run each; every answer is checked.`,
    'raw is a framework-free fetch handler (the floor: Node start-up, loading the app, the first Request and Response). ratio = hono / contestant (above 1: fw faster).',
    coreMissing ? `fw/core skipped: ${coreMissing}.` : '',
    `Goals: ${goalLines.map(([text, ok]) => `${text}: ${ok ? 'met' : 'not met'}`).join('; ')}.`,
  ]
    .filter(Boolean)
    .join(' '),
};

mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
writeFileSync(join(repoRoot, 'bench', '.out', 'startup.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
for (const [text, ok] of goalLines) console.log(`Goal ${text}: ${ok ? 'met' : 'not met'}`);
if (coreMissing) console.log(`fw/core skipped: ${coreMissing}`);
