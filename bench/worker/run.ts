/**
 * In-workerd first-request time: miniflare setup to first response of the example worker (as built by
 * `npm run build:worker`), a one-route fw worker and a one-route hono worker, against a raw
 * `export default { fetch }` worker, all with the same bindings (wrangler.toml's KV, D1 and vars). Each contestant
 * runs in its own process per round, each sample on a fresh miniflare; the order alternates over the rounds.
 * Writes bench/.out/worker.json and prints a table.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { buildApp, root } from '../bundle/build';
import type { BenchResult, BenchRow } from '../lib/result';

interface Contestant {
  name: string;
  bundle: string;
  path: string;
  expect: string;
}

interface Sample {
  setupMs: number;
  firstMs: number;
  warmMs: number;
  status: number;
  body: string;
}

const rounds = Number(process.env.ROUNDS ?? 3);
const perRound = Number(process.env.SAMPLES ?? 3);
const dir = mkdtempSync(join(tmpdir(), 'fw-bench-worker-'));

async function bundled(name: string, entry: string): Promise<string> {
  const file = join(dir, `${name}.js`);
  writeFileSync(file, (await buildApp(entry)).code);
  return file;
}

const exampleBuilt = promisify(execFile)('npm', ['run', 'build:worker', '--', join(dir, 'example')], { cwd: root });
const [raw, fw, hono] = await Promise.all([
  bundled('raw', 'bench/worker/apps/raw.ts'),
  bundled('fw', 'bench/bundle/apps/fw-worker.ts'),
  bundled('hono', 'bench/bundle/apps/hono.ts'),
]);
const optionsFile = join(dir, 'worker-options.json');
writeFileSync(optionsFile, JSON.stringify(unstable_getMiniflareWorkerOptions(join(root, 'wrangler.toml')).workerOptions));
await exampleBuilt;
const contestants: Contestant[] = [
  { name: 'raw export default { fetch }', bundle: raw, path: '/', expect: 'Hello' },
  {
    name: 'fw example (npm run build:worker)',
    bundle: join(dir, 'example', 'index.js'),
    path: '/hello/World',
    expect: '{"message":"Hello, World!"}',
  },
  { name: 'fw one route (worker(app))', bundle: fw, path: '/', expect: 'Hello' },
  { name: 'hono one route', bundle: hono, path: '/', expect: 'Hello' },
];

function probe(c: Contestant, count: number): Sample[] {
  const args = ['--import', 'tsx', join(root, 'bench/worker/probe.ts'), c.bundle, c.path, String(count), optionsFile];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('[')) throw new Error(`probe of ${c.name} failed:\n${run.stdout}\n${run.stderr}`);
  const samples = JSON.parse(line) as Sample[];
  for (const s of samples)
    if (s.status !== 200 || s.body !== c.expect) throw new Error(`${c.name} answered ${s.status} ${s.body}, expected ${c.expect}`);
  return samples;
}

const samples = new Map<Contestant, Sample[]>(contestants.map((c) => [c, []]));
for (const c of contestants) probe(c, 1);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? contestants : [...contestants].reverse();
  for (const c of order) samples.get(c)!.push(...probe(c, perRound));
}
rmSync(dir, { recursive: true, force: true });

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round2 = (x: number): number => Math.round(x * 100) / 100;
const ours = contestants[1];
const rows: BenchRow[] = [];
const medians = new Map<string, number>();
for (const [label, key] of [
  ['setup to first response', 'setupMs'],
  ['first dispatch after ready', 'firstMs'],
  ['warm dispatch', 'warmMs'],
] as const) {
  const base = median(samples.get(ours)!.map((s) => s[key]));
  for (const c of contestants) {
    const xs = samples.get(c)!.map((s) => s[key]);
    const m = median(xs);
    medians.set(`${key}:${c.name}`, m);
    rows.push({
      case: label,
      contestant: c.name,
      median: round2(m),
      unit: 'ms',
      spread: `${round2(Math.min(...xs))}-${round2(Math.max(...xs))}`,
      ratio: round2(m / base),
    });
  }
}

const gap = (key: string, c: Contestant): number => medians.get(`${key}:${c.name}`)! - medians.get(`${key}:${contestants[0].name}`)!;
const setupGap = gap('setupMs', ours);
const firstGap = gap('firstMs', ours);
const result: BenchResult = {
  name: 'worker',
  command: 'npm run bench -- worker (tsx bench/worker/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: 'fw example worker first request within 5 ms of a raw export default { fetch } worker (miniflare setup to first response)',
  met: setupGap <= 5,
  higherIsBetter: false,
  notes: [
    `${rounds} alternating rounds of ${perRound} samples per contestant after one unmeasured pass; each contestant runs in its own process per round, each sample on a fresh miniflare (workerd); every first answer is checked.`,
    `Gap to the raw worker: setup to first response ${round2(setupGap)} ms, first dispatch after ready ${round2(firstGap)} ms (fw one route: ${round2(gap('setupMs', contestants[2]))} / ${round2(gap('firstMs', contestants[2]))} ms; hono: ${round2(gap('setupMs', contestants[3]))} / ${round2(gap('firstMs', contestants[3]))} ms).`,
    'Every worker gets the same bindings (the KV namespace, D1 database and vars of wrangler.toml). ratio = contestant median / example median. Absolute times on the shared 2-core machine move a lot from run to run; compare within one run.',
  ].join(' '),
};

mkdirSync(join(root, 'bench', '.out'), { recursive: true });
writeFileSync(join(root, 'bench', '.out', 'worker.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
console.log(result.notes);
console.log(`Goal (${result.goal}): ${result.met ? 'met' : 'not met'}.`);
