/**
 * What recording metrics costs a request: the same app with and without `metrics()`, each in its own process (both
 * started afresh a few times over), measured in short blocks that alternate between the two, so both sides of a pair
 * ran within a second of each other and the machine's drift cancels out of their difference. In process: CPU per app.fetch() call (the
 * app's own work only, the harshest share). Over HTTP: the fw/node server's CPU per request under autocannon (what a
 * deployed request costs). Writes bench/.out/metrics-cost.json; the goal is less than 3% more CPU per request.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, builtFwEnv } from '../lib/built-fw';
import { type CommandProcess, commandProcess } from '../lib/command-process';
import type { BenchResult, BenchRow } from '../lib/result';
import { startLoad, pinned } from '../http-node/load-client';

const here = import.meta.dirname;
const fetchRounds = Number(process.env.METRICS_BENCH_FETCH_ROUNDS ?? 150);
const block = Number(process.env.METRICS_BENCH_BLOCK ?? 5000);
const httpRounds = Number(process.env.METRICS_BENCH_HTTP_ROUNDS ?? 120);
const seconds = Number(process.env.METRICS_BENCH_SECONDS ?? 0.5);
const bareRounds = 40;
/** How many times both sides are started afresh: a process's own luck (its JIT's choices, its heap's layout) then varies too. */
const generations = 5;
const bareBlock = 200_000;
const modes = ['plain', 'metrics'] as const;
type Mode = (typeof modes)[number];
const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);
const median = (values: number[]): number => sorted(values)[Math.floor(values.length / 2)];
const quartiles = (values: number[]): [number, number] => {
  const s = sorted(values);
  return [s[Math.floor((s.length - 1) / 4)], s[Math.ceil((3 * (s.length - 1)) / 4)]];
};
const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;
/** METRICS_BENCH_SOURCES=1 runs fw from its TypeScript sources under tsx (both sides alike), for when the build is not at hand. */
const fromSources = process.env.METRICS_BENCH_SOURCES === '1';
const fwEnv = fromSources ? {} : builtFwEnv;

if (!fromSources) buildFw();

type Side = CommandProcess;

/** One side of `script`, pinned to core 0. */
function side(script: string, mode: Mode): Promise<Side> {
  return commandProcess(pinned(0, [process.execPath, '--import', 'tsx', join(here, script), mode]), fwEnv);
}

/** Per-request CPU µs of each side, one value per round. */
interface Case {
  values: Record<Mode, number[]>;
}

const emptyCase = (): Case => ({ values: { plain: [], metrics: [] } });

/**
 * The cost of metrics (metrics / plain − 1) of each two rounds in a row: one ran plain first, the other metrics first,
 * so what going first or second does to a block cancels out of their sum.
 */
function pairedCosts({ values }: Case): number[] {
  const costs: number[] = [];
  for (let r = 0; r + 1 < values.plain.length; r += 2)
    costs.push((values.metrics[r] + values.metrics[r + 1]) / (values.plain[r] + values.plain[r + 1]) - 1);
  return costs;
}
const orderOf = (round: number): readonly Mode[] => (round % 2 === 0 ? modes : [...modes].reverse());

/** Starts both sides of `script` afresh for one generation, runs `work` on them, then stops them. */
async function generation<T>(script: string, work: (sides: Record<Mode, Side>) => Promise<T>): Promise<T> {
  const sides = { plain: await side(script, 'plain'), metrics: await side(script, 'metrics') };
  try {
    return await work(sides);
  } finally {
    for (const s of Object.values(sides)) s.close();
  }
}

async function inProcess(): Promise<{ measured: Case; bare: Record<Mode, number[]>; recordUs: number[] }> {
  const measured = emptyCase();
  const recordUs: number[] = [];
  const bare: Record<Mode, number[]> = { plain: [], metrics: [] };
  for (let g = 0; g < generations; g++)
    await generation('in-process.ts', async (sides) => {
      for (let round = 0; round < fetchRounds / generations; round++) {
        const now = {} as Record<Mode, number>;
        for (const mode of orderOf(round)) now[mode] = (await sides[mode].ask(`run ${block}`)).cpuUs / block;
        for (const mode of modes) measured.values[mode].push(now[mode]);
      }
      for (let round = 0; round < bareRounds / generations; round++)
        for (const mode of orderOf(round)) bare[mode].push((await sides[mode].ask(`bare ${bareBlock}`)).cpuUs / bareBlock);
      recordUs.push((await sides.metrics.ask('record')).recordUs);
    });
  return { measured, bare, recordUs };
}

async function overHttp(): Promise<Case> {
  const load = startLoad();
  const measured = emptyCase();
  try {
    for (let g = 0; g < generations; g++)
      await generation('server.ts', async (sides) => {
        const url = (mode: Mode) => `http://127.0.0.1:${sides[mode].first.port}/users/42`;
        for (const mode of modes) await load.run({ url: url(mode), method: 'GET', seconds: 2, connections: 10, pipelining: 1 });
        for (let round = 0; round < httpRounds / generations; round++) {
          const now = {} as Record<Mode, number>;
          for (const mode of orderOf(round)) {
            await sides[mode].ask('start');
            const result = await load.run({ url: url(mode), method: 'GET', seconds, connections: 10, pipelining: 1 });
            const { cpuUs } = await sides[mode].ask('stop');
            if (result.errors > 0 || result.non2xx > 0)
              throw new Error(`${mode}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
            now[mode] = cpuUs / result.requests;
          }
          for (const mode of modes) measured.values[mode].push(now[mode]);
        }
      });
  } finally {
    load.close();
  }
  return measured;
}

const fetchCase = await inProcess();
const httpCase = await overHttp();
const cases = [
  ['in process: app.fetch() CPU per request', fetchCase.measured],
  ['fw/node over HTTP: server CPU per request', httpCase],
] as const;
const rows: BenchRow[] = [];
const shares: string[] = [];
let met = true;
for (const [label, measured] of cases) {
  const withMetrics = median(measured.values.metrics);
  for (const mode of modes) {
    const values = measured.values[mode];
    rows.push({
      case: label,
      contestant: mode === 'plain' ? 'fw without metrics' : 'fw with metrics()',
      median: Number(median(values).toFixed(2)),
      unit: 'µs CPU',
      spread: `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`,
      ratio: Number((median(values) / withMetrics).toFixed(3)),
    });
  }
  const costs = pairedCosts(measured);
  const cost = median(costs);
  const [low, high] = quartiles(costs);
  const perGeneration = Array.from({ length: generations }, (_, g) =>
    median(costs.slice((g * costs.length) / generations, ((g + 1) * costs.length) / generations)),
  );
  shares.push(
    `${label}: metrics add ${percent(cost)} (median over ${costs.length} pairs of rounds; middle half ${percent(low)} to ${percent(high)}; per generation of processes ${perGeneration.map(percent).join(', ')}); medians of the sides ${median(measured.values.plain).toFixed(2)} against ${withMetrics.toFixed(2)} µs`,
  );
  if (!(cost < 0.03)) met = false;
}

const bareAdded = median(fetchCase.bare.metrics) - median(fetchCase.bare.plain);
for (const mode of modes) {
  const values = fetchCase.bare[mode];
  rows.push({
    case: 'the observer alone: app.fetch() of an answer made once (routing, context, observer)',
    contestant: mode === 'plain' ? 'fw without metrics' : 'fw with metrics()',
    median: Number(median(values).toFixed(3)),
    unit: 'µs CPU',
    spread: `${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)}`,
  });
}
shares.push(
  `the observer alone (GET /bare, ${bareRounds} alternating rounds of ${bareBlock} calls): metrics add ${(bareAdded * 1000).toFixed(0)} ns per request, ${percent(bareAdded / median(fetchCase.measured.values.plain))} of a plain app.fetch() and ${percent(bareAdded / median(httpCase.values.plain))} of a plain HTTP request's CPU`,
);

const record = fetchCase.recordUs;
rows.push({
  case: 'the recorder alone: recordAt() per answer, clock reads included',
  contestant: 'fw with metrics()',
  median: Number(median(record).toFixed(3)),
  unit: 'µs CPU',
  spread: `${Math.min(...record).toFixed(3)}-${Math.max(...record).toFixed(3)}`,
});
shares.push(
  `recordAt() alone: ${(median(record) * 1000).toFixed(0)} ns, ${percent(median(record) / median(fetchCase.measured.values.plain))} of a plain app.fetch() and ${percent(median(record) / median(httpCase.values.plain))} of a plain HTTP request's CPU`,
);

const result: BenchResult = {
  name: 'metrics-cost',
  command: 'node --import tsx bench/metrics-cost/run.ts',
  date: new Date().toISOString(),
  rows,
  goal: "recording metrics adds less than 3% to a request's CPU (the same app without metrics side by side, in process and over HTTP)",
  met,
  higherIsBetter: false,
  notes: [
    `Each side runs in its own process pinned to core 0, fw ${fromSources ? 'from its TypeScript sources under tsx' : 'from its built package'}; the bench measures them in rounds of one short block each (${fetchRounds} rounds in process, ${httpRounds} over HTTP), alternating which side goes first, and starts both sides afresh ${generations} times over (generations), so that one process's luck (its JIT's choices, its heap's layout) does not stand for its side.`,
    "The cost is measured over two rounds in a row, one with each side first: their metrics blocks' CPU per request over their plain blocks'. All four blocks ran within a few seconds, so the machine's drift, which moves a single side by up to a quarter between rounds, cancels out, and so does what going first or second does to a block. The goal holds when the median of these costs is under 3% in both cases.",
    `In process: ${block} app.fetch() calls per block (GET / text and GET /users/:id JSON alternating, bodies read, real Responses) after 50000 warm-up calls; process CPU (user + system) per call: the app alone, so the share is the harshest.`,
    `Over HTTP: fw/node, autocannon (10 connections, no pipelining) on core 1 for ${seconds} s per block on GET /users/:id after 2 s of warm-up per side; the server's CPU per completed request.`,
    `The observer alone: GET /bare answers with a Response made once (no body), so a call is routing, the context and, on the metrics side, the observer and the recorder; ${bareRounds} alternating rounds of ${bareBlock} calls, medians.`,
    'The metrics side writes its document to an in-memory KVStore every 10 s (flushMs) after a response, as it would to Redis.',
    `${shares.join('; ')}.`,
  ].join(' '),
};
mkdirSync(join(here, '..', '.out'), { recursive: true });
writeFileSync(join(here, '..', '.out', 'metrics-cost.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`\n${rows.map((r) => `${r.case} | ${r.contestant}: ${r.median} ${r.unit} (${r.spread})`).join('\n')}`);
console.log(`\n${shares.join('\n')}\nGoal ${met ? 'met' : 'not met'}: ${result.goal}`);
