/**
 * Workerd CPU, fw/core and fw against hono (and a raw `export default { fetch }` worker as the floor), on bundles
 * built as users build them (`wrangler deploy --dry-run --minify` in a project outside the checkout, `fw` resolved
 * through its exports map; bench/bundle/build.ts): start-up (load the bundle and answer the first request, in fresh
 * Miniflares) and in-isolate request CPU for GET / and a realistic route (path parameter, CORS, JSON body).
 * Rounds interleave the contestants; workerd's CPU is read from /proc (workerd-cpu.ts). Writes bench/.out/worker.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorker } from '../bundle/build';
import { checkWorker } from '../bundle/check';
import { buildFw } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { median } from '../lib/stats';
import { fwCoreMissing, makeUserProject, removeUserProject, repoRoot } from '../lib/user-project';
import { harnessFor, type Loop, type LoopCase, openLoop } from './request';
import { startupCpu } from './startup';

const copies = Number(process.env.COPIES ?? 10);
const startupRounds = Number(process.env.STARTUP_ROUNDS ?? 40);
const requestRounds = Number(process.env.REQUEST_ROUNDS ?? 30);
const loops: { loop: LoopCase; label: string; n: number; goal: number }[] = [
  {
    loop: { name: 'hello', check: (a) => a.status === 200 && a.body === 'Hello' },
    label: 'GET / -> "Hello", in isolate',
    n: 4000,
    goal: 1.1,
  },
  {
    loop: {
      name: 'api',
      check: (a) => a.status === 200 && a.origin === 'https://app.example' && a.body.replace(/\s/g, '') === '{"id":"42","name":"Ann"}',
    },
    label: 'POST /users/:id, CORS, JSON body, in isolate',
    n: 2000,
    goal: 1.5,
  },
];

const bundleApps = join(repoRoot, 'bench', 'bundle', 'apps');
const workerApps = join(import.meta.dirname, 'apps');
const coreMissing = fwCoreMissing();
const contestants = [
  { name: 'raw', slug: 'raw', hello: join(workerApps, 'raw.ts'), api: join(workerApps, 'raw-api.ts') },
  { name: 'fw/core', slug: 'fw-core', hello: join(bundleApps, 'fw-core.ts'), api: join(workerApps, 'fw-core-api.ts') },
  { name: 'fw', slug: 'fw', hello: join(bundleApps, 'fw.ts'), api: join(workerApps, 'fw-api.ts') },
  { name: 'hono', slug: 'hono', hello: join(bundleApps, 'hono.ts'), api: join(workerApps, 'hono-api.ts') },
].filter((c) => c.name !== 'fw/core' || !coreMissing);
type Contestant = (typeof contestants)[number];

buildFw();
const project = makeUserProject('worker');
const startup = new Map<Contestant, number[]>(contestants.map((c) => [c, []]));
const perRequest = new Map<string, number[]>();
try {
  const files = new Map<Contestant, { hello: string; harness: Record<LoopCase['name'], string> }>();
  for (const c of contestants) {
    const hello = await bundleWorker(project, c.hello, `${c.slug}-hello`, 'wrangler');
    await checkWorker(hello.file, hello.code);
    const api = await bundleWorker(project, c.api, `${c.slug}-api`, 'wrangler');
    await checkWorker(api.file, api.code);
    files.set(c, {
      hello: hello.file,
      harness: {
        hello: harnessFor(hello.file, join(project, 'loops', `${c.slug}-hello`)),
        api: harnessFor(api.file, join(project, 'loops', `${c.slug}-api`)),
      },
    });
  }
  const order = (round: number): Contestant[] => (round % 2 === 0 ? contestants : [...contestants].reverse());
  for (const c of contestants) await startupCpu(files.get(c)!.hello, 1, 'Hello');
  for (let round = 0; round < startupRounds; round++) {
    for (const c of order(round)) startup.get(c)!.push((await startupCpu(files.get(c)!.hello, copies, 'Hello')) / 1e6);
    process.stdout.write(`startup round ${round + 1}/${startupRounds}\r`);
  }
  for (const { loop, n } of loops) {
    const open = new Map<Contestant, Loop>();
    try {
      for (const c of contestants) open.set(c, await openLoop(files.get(c)!.harness[loop.name], loop, n));
      for (let round = 0; round < requestRounds; round++) {
        for (const c of order(round)) {
          const key = `${loop.name} ${c.name}`;
          perRequest.set(key, [...(perRequest.get(key) ?? []), await open.get(c)!.sample(n)]);
        }
      }
    } finally {
      for (const running of open.values()) await running.close();
    }
    console.log(`${loop.name}: done`);
  }
} finally {
  removeUserProject(project);
}

const raw = contestants[0];
const range = (xs: number[], digits: number): string => `${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)}`;
const perRound = (c: Contestant): number[] => startup.get(c)!.map((ms, round) => (ms - startup.get(raw)![round]) / copies);
const aboveRaw = (c: Contestant): number => median(perRound(c));
const hono = contestants.find((c) => c.name === 'hono')!;
const ours = contestants.filter((c) => c.name.startsWith('fw'));
const rows: BenchRow[] = [];
for (const c of contestants) {
  const xs = startup.get(c)!;
  rows.push({
    case: `start-up: workerd CPU, ${copies} workers load + first GET /`,
    contestant: c.name,
    median: Number(median(xs).toFixed(1)),
    unit: 'ms',
    spread: range(xs, 1),
  });
}
for (const c of contestants.slice(1)) {
  rows.push({
    case: 'start-up: CPU per worker above raw',
    contestant: c.name,
    median: Number(aboveRaw(c).toFixed(2)),
    unit: 'ms',
    spread: range(perRound(c), 2),
    ratio: Number((aboveRaw(hono) / aboveRaw(c)).toFixed(2)),
  });
}
const usPerRequest = (loop: LoopCase, c: Contestant): number => median(perRequest.get(`${loop.name} ${c.name}`)!) / 1000;
const overhead = (loop: LoopCase, c: Contestant): number => usPerRequest(loop, c) - usPerRequest(loop, raw);
for (const { loop, label } of loops) {
  for (const c of contestants) {
    const xs = perRequest.get(`${loop.name} ${c.name}`)!.map((ns) => ns / 1000);
    rows.push({
      case: label,
      contestant: c.name,
      median: Number(usPerRequest(loop, c).toFixed(1)),
      unit: 'µs CPU/request',
      spread: range(xs, 1),
      ratio: Number((usPerRequest(loop, hono) / usPerRequest(loop, c)).toFixed(2)),
    });
  }
  for (const c of contestants.slice(1)) {
    rows.push({
      case: `${label}, above raw`,
      contestant: c.name,
      median: Number(overhead(loop, c).toFixed(1)),
      unit: 'µs CPU/request',
      ratio: Number((overhead(loop, hono) / overhead(loop, c)).toFixed(2)),
    });
  }
}

const goalLines: [string, boolean][] = [];
const core = ours.find((c) => c.name === 'fw/core');
const full = ours.find((c) => c.name === 'fw')!;
if (core)
  goalLines.push([
    `start-up fw/core <= hono (${aboveRaw(core).toFixed(2)} vs ${aboveRaw(hono).toFixed(2)} ms above raw)`,
    aboveRaw(core) <= aboveRaw(hono),
  ]);
goalLines.push([`start-up fw <= 1.3x hono (${(aboveRaw(full) / aboveRaw(hono)).toFixed(2)}x)`, aboveRaw(full) <= 1.3 * aboveRaw(hono)]);
for (const { loop, goal } of loops) {
  for (const c of ours) {
    const ratio = usPerRequest(loop, hono) / usPerRequest(loop, c);
    const framework = (overhead(loop, hono) / overhead(loop, c)).toFixed(2);
    goalLines.push([`${loop.name} request CPU ${c.name} >= ${goal}x hono (${ratio.toFixed(2)}x; above raw ${framework}x)`, ratio >= goal]);
  }
}
const result: BenchResult = {
  name: 'worker',
  command: 'npm run bench -- worker (tsx bench/worker/run.ts)',
  date: new Date().toISOString(),
  rows,
  goal: 'start-up CPU fw/core <= hono and fw <= 1.3x hono; in-isolate request CPU >= 1.1x hono on GET / and >= 1.5x hono on the realistic route',
  met: goalLines.every(([, ok]) => ok),
  higherIsBetter: false,
  notes: [
    'Bundles: each app built by `wrangler deploy --dry-run --minify` in a project outside the checkout whose node_modules/fw is a copy of the built package, so `fw` and `fw/core` resolve through the exports map (bench/bundle/build.ts); each bundle must load from its file (Miniflare scriptPath, cf: false) and answer GET / with "Hello" first.',
    `CPU is the workerd process's, summed over its threads from /proc/<pid>/task/*/schedstat (a worker cannot time itself: its clocks stand still while it runs). Start-up: a fresh Miniflare runs ${copies} workers loaded from the same one-route bundle and each answers one GET /; the sample is workerd's CPU from its start to the last first answer (${startupRounds} alternating rounds after one unmeasured pass); "above raw" = the median over the rounds of (the sample - the raw worker's sample of the same round) / ${copies}, the bundle's own cost to load and answer first, and its ratio = hono's / the contestant's (above 1: cheaper than hono).`,
    `In isolate: harness.js next to the bundle makes and answers n requests inside the worker (n = ${loops.map((l) => `${l.n} for ${l.loop.name}`).join(', ')}), reading each answer; workerd CPU per request. The contestants' Miniflares run side by side, each warmed up with n requests, and ${requestRounds} rounds take one sample of each in alternating order, so a burst of load elsewhere hits them alike; the last answer is checked (status, body, Access-Control-Allow-Origin). The realistic request carries its Content-Length, as an HTTP request with a JSON body does (without one fw reads the body through its counted stream reader, about 25 µs more per request here). The realistic route uses fw/cors for fw/core, cors() from \`fw\` for fw, and hono/cors for hono. ratio = hono's µs / the contestant's (above 1: fw uses less CPU).`,
    `The raw worker is each case's floor (make the Request, read its body, build and read the answer): no framework goes below it, so a ratio to hono cannot pass hono's time over raw's (${loops.map(({ loop }) => `${loop.name} ${(usPerRequest(loop, hono) / usPerRequest(loop, raw)).toFixed(2)}x`).join(', ')} in this run); the "above raw" rows are each framework's own CPU, and their ratio is hono's over the contestant's. The goals are checked on the totals.`,
    coreMissing ? `fw/core skipped: ${coreMissing}.` : '',
    `Goals: ${goalLines.map(([text, ok]) => `${text}: ${ok ? 'met' : 'not met'}`).join('; ')}.`,
  ]
    .filter(Boolean)
    .join(' '),
};

mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
writeFileSync(join(repoRoot, 'bench', '.out', 'worker.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
for (const [text, ok] of goalLines) console.log(`Goal ${text}: ${ok ? 'met' : 'not met'}`);
if (coreMissing) console.log(`fw/core skipped: ${coreMissing}`);
