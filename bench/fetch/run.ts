/**
 * Hono's in-process fetch benchmark, side by side: each framework in its own process (answers checked
 * before timing), 3 rounds (FETCH_BENCH_ROUNDS) in alternating order; app.fetch() per case timed with mitata, p50 reported.
 * Runs under the runner's Node and again under Node 24 (the `node` package's binary, bench/lib/node-runtime.ts): undici's
 * Response, which every contestant builds per call, costs several times less there. Writes bench/.out/fetch.json and
 * bench/.out/fetch-node24.json and prints a table per runtime; ratios are the peer's median over ours (above 1: fw faster).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, builtFwEnv } from '../lib/built-fw';
import { nodeBinary, nodeVersion } from '../lib/node-runtime';
import type { BenchResult, BenchRow } from '../lib/result';
import { apps, cases } from './apps';

const here = import.meta.dirname;
const rounds = Number(process.env.FETCH_BENCH_ROUNDS ?? 3);
const names = Object.keys(apps);
const caseNames = cases.map((c) => c.name);
const floorCases = ['floor: new Response("Hi") alone', 'floor: new Request(url) alone'];
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs every contestant under the Node binary `node` in alternating rounds and returns the section, named `name`. */
function benchOn(node: string, name: string): BenchResult {
  const version = nodeVersion(node);
  const samples = new Map<string, number[]>();
  const failures: string[] = [];
  /** Contestants whose answers are a subclass of Response rather than undici's own, by class name. */
  const lightAnswers = new Map<string, string>();
  console.log(`\nNode ${version}`);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const run = spawnSync(node, ['--import', 'tsx', join(here, 'measure.ts'), name], {
        encoding: 'utf8',
        cwd: join(here, '..', '..'),
        env: { ...process.env, ...builtFwEnv },
      });
      if (run.status !== 0) {
        failures.push(`${name}: ${run.stderr.trim().split('\n')[0]}`);
        continue;
      }
      const { timings: result, responseClass } = JSON.parse(run.stdout) as { timings: Record<string, number>; responseClass: string };
      if (responseClass !== 'Response') lightAnswers.set(name, responseClass);
      for (const [key, value] of Object.entries(result)) samples.set(`${key}|${name}`, [...(samples.get(`${key}|${name}`) ?? []), value]);
      console.log(`round ${round + 1} ${name}: ${caseNames.map((c) => `${(result[c] / 1000).toFixed(1)}`).join(' / ')} µs`);
    }
  }

  const rows: BenchRow[] = [];
  const misses: string[] = [];
  for (const c of caseNames) {
    const ours = median(samples.get(`${c}|fw`) ?? [NaN]);
    for (const name of names) {
      const values = samples.get(`${c}|${name}`);
      if (!values) continue;
      const m = median(values);
      rows.push({
        case: c,
        contestant: lightAnswers.has(name) ? `${name} (answers ${lightAnswers.get(name)}, not undici Response)` : name,
        median: Number((m / 1000).toFixed(2)),
        unit: 'µs',
        spread: `${(Math.min(...values) / 1000).toFixed(1)}-${(Math.max(...values) / 1000).toFixed(1)}`,
        ratio: Number((m / ours).toFixed(2)),
      });
    }
    for (const [peer, goal] of [
      ['hono', 1.2],
      ['itty-router (AutoRouter)', 2],
    ] as const) {
      const ratio = median(samples.get(`${c}|${peer}`) ?? [NaN]) / ours;
      if (!(ratio >= goal)) misses.push(`${c}: ${ratio.toFixed(2)}x ${peer} (goal ${goal}x)`);
    }
  }
  const floors = floorCases.map((c) => [c, samples.get(`${c}|fw`)] as const).filter((f): f is [string, number[]] => f[1] !== undefined);
  for (const [c, values] of floors)
    rows.push({
      case: c,
      contestant: 'fw',
      median: Number((median(values) / 1000).toFixed(2)),
      unit: 'µs',
      spread: `${(Math.min(...values) / 1000).toFixed(1)}-${(Math.max(...values) / 1000).toFixed(1)}`,
    });

  const result: BenchResult = {
    name,
    command: 'node --import tsx bench/fetch/run.ts',
    date: new Date().toISOString(),
    runtime: `Node ${version}`,
    rows,
    goal: 'fw >= 1.2x hono and >= 2x itty-router (AutoRouter) on each case, in the same run',
    met: misses.length === 0 && failures.length === 0,
    higherIsBetter: false,
    notes: [
      `Hono's benchmarks/fetch method: prebuilt GET Requests (a fresh Request per call for POST, its construction included), responses not read, mitata p50 per app.fetch() call, ${rounds} rounds in alternating order, one child process per framework; every answer (status, body, x-powered-by) is checked before timing.`,
      `hono uses RegExpRouter as in its own benchmark; hono/tiny uses PatternRouter; h3 is v2. fw runs from its built package (dist/, built at the start; bench/lib/built-fw.ts), as the peers run from their published JavaScript. Every answer is checked to be a Response before timing (fw's to be undici's own Response).`,
      `${names.filter((n) => !lightAnswers.has(n)).join(', ')} answer undici's own Response, built per call.`,
      lightAnswers.size > 0
        ? `Not the same work: ${[...lightAnswers].map(([n, c]) => `${n} answers ${c} (a Response subclass that defers building undici's Response until something reads it)`).join('; ')}, so its time leaves out the Response construction the others pay (see the floor row).`
        : '',
      `itty-router's AutoRouter gets a fresh Request per call (its construction included in its time): it wraps request.proxy in a new Proxy on every call, so a reused Request gets slower with every call.`,
      floors.length > 0
        ? `The floor rows time one \`new Response("Hi")\` and one \`new Request(url)\` on this Node (${version}): undici's constructors, which every contestant answering undici's Response pays once per call (the Request only in itty's case and for POST).`
        : '',
      failures.length > 0 ? `Failed: ${failures.join('; ')}.` : '',
      misses.length > 0 ? `Below goal in this run: ${misses.join('; ')}.` : 'Every case met its goals in this run.',
    ]
      .filter(Boolean)
      .join(' '),
  };
  console.log(`\n(Node ${version}: median µs per app.fetch; ratio = peer / fw)`);
  console.log(['case'.padEnd(28), ...names.map((n) => n.slice(0, 16).padStart(18))].join(''));
  for (const c of caseNames) {
    console.log(
      [
        c.padEnd(28),
        ...names.map((n) => {
          const row = rows.find((r) => r.case === c && r.contestant === n);
          return (row ? `${row.median.toFixed(1)} (${row.ratio!.toFixed(2)}x)` : 'n/a').padStart(18);
        }),
      ].join(''),
    );
  }
  for (const [c, values] of floors) console.log(`${c}: ${(median(values) / 1000).toFixed(1)} µs`);
  console.log(`\n${result.notes}\nGoal ${result.met ? 'met' : 'not met'}: ${result.goal}`);
  return result;
}

buildFw();
mkdirSync(join(here, '..', '.out'), { recursive: true });
for (const [name, node] of [
  ['fetch', process.execPath],
  ['fetch-node24', nodeBinary(24)],
] as const)
  writeFileSync(join(here, '..', '.out', `${name}.json`), `${JSON.stringify(benchOn(node, name), null, 2)}\n`);
