/**
 * Hono's router benchmark, side by side: each router in its own process (answers checked before timing),
 * 3 rounds (ROUTER_BENCH_ROUNDS) in alternating order, on Hono's 12 routes and on the same with 224 extra routes registered first.
 * Writes bench/.out/router.json and prints a table; ratios are the peer's median over ours (above 1: fw faster).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, builtFwEnv } from '../lib/built-fw';
import type { BenchResult, BenchRow } from '../lib/result';
import { contestants } from './contestants';
import { lookups, tables } from './routes';

const here = import.meta.dirname;
const rounds = Number(process.env.ROUTER_BENCH_ROUNDS ?? 3);
const names = Object.keys(contestants);
const cases = ['all 7 lookups', ...lookups.map((l) => l.name)];
const samples = new Map<string, number[]>();
const failures = new Map<string, string>();

buildFw();
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? names : [...names].reverse();
  for (const table of Object.keys(tables)) {
    for (const name of order) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'measure.ts'), name, table], {
        encoding: 'utf8',
        cwd: join(here, '..', '..'),
        env: { ...process.env, ...builtFwEnv },
      });
      if (run.status !== 0) {
        failures.set(
          `${table}|${name}`,
          (
            run.stderr
              .trim()
              .split('\n')
              .find((l) => /Error|answered/.test(l)) ?? run.stderr.trim()
          ).slice(0, 200),
        );
        continue;
      }
      const result = JSON.parse(run.stdout) as Record<string, number>;
      for (const c of cases) {
        const key = `${table}|${c}|${name}`;
        samples.set(key, [...(samples.get(key) ?? []), result[c]]);
      }
      console.log(`round ${round + 1} ${table} ${name}: all 7 lookups ${result['all 7 lookups'].toFixed(0)} ns`);
    }
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const rows: BenchRow[] = [];
let met = true;
const misses: string[] = [];
for (const table of Object.keys(tables)) {
  const peer = failures.has(`${table}|hono RegExpRouter`) ? 'hono SmartRouter' : 'hono RegExpRouter';
  for (const c of cases) {
    const ours = median(samples.get(`${table}|${c}|fw`) ?? [NaN]);
    for (const name of names) {
      const values = samples.get(`${table}|${c}|${name}`);
      if (!values) continue;
      const m = median(values);
      rows.push({
        case: `${table}: ${c}`,
        contestant: name,
        median: Number(m.toFixed(1)),
        unit: 'ns',
        spread: `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`,
        ratio: Number((m / ours).toFixed(2)),
      });
    }
    const peerMedian = median(samples.get(`${table}|${c}|${peer}`) ?? [NaN]);
    if (c !== 'all 7 lookups' && !(peerMedian / ours >= 1.2)) {
      met = false;
      misses.push(`${table} ${c}: ${(peerMedian / ours).toFixed(2)}x ${peer}`);
    }
  }
}

const failed = [...failures].map(([key, why]) => `${key.replace('|', ': ')} (${why})`);
const result: BenchResult = {
  name: 'router',
  command: 'node --import tsx bench/router/run.ts',
  date: new Date().toISOString(),
  rows,
  goal: 'fw >= 1.2x Hono RegExpRouter on each of the 7 lookups, on both tables, in the same run',
  met,
  higherIsBetter: false,
  notes: [
    `Hono's benchmarks/routers method (mitata; p50 time per lookup in each process, median over ${rounds} rounds) in alternating order, one child process per router and table (fw's Router from its built package, bench/lib/built-fw.ts, with fullRouteSyntax as every new Fw() from fw has it; a fw/core app without routeSyntax: fullRouteSyntax matches dynamic routes by a slower trie walk, which keeps the RegExp compiler out of its bundle); each router's 7 answers are checked before timing.`,
    "The second table registers bun-http-framework-benchmark's extra routes first (28 paths, also under /:locale, /v2 and /v2/:locale, each as GET and as POST <path>/submit: 224 routes).",
    failed.length > 0
      ? `Could not run: ${failed.join('; ')}. Where Hono's RegExpRouter refuses a table, the goal is checked against Hono's SmartRouter (its default: RegExpRouter, falling back to TrieRouter).`
      : '',
    'itty-router is measured as a matcher: its own route table, scanned the way its fetch() scans it (one RegExp per route, in order).',
    'fw builds params lazily (on first read of match.params), as Hono does; find-my-way and rou3 build them during the lookup.',
    misses.length > 0 ? `Below 1.2x in this run: ${misses.join('; ')}.` : 'Every lookup met 1.2x in this run.',
  ]
    .filter(Boolean)
    .join(' '),
};

mkdirSync(join(here, '..', '.out'), { recursive: true });
writeFileSync(join(here, '..', '.out', 'router.json'), `${JSON.stringify(result, null, 2)}\n`);

for (const table of Object.keys(tables)) {
  console.log(`\n${table} (median ns per lookup; ratio = peer / fw)`);
  console.log(['case'.padEnd(24), ...names.map((n) => n.padStart(18))].join(''));
  for (const c of cases) {
    const line = names.map((n) => {
      const row = rows.find((r) => r.case === `${table}: ${c}` && r.contestant === n);
      return (row ? `${row.median.toFixed(0)} (${row.ratio!.toFixed(2)}x)` : 'n/a').padStart(18);
    });
    console.log([c.padEnd(24), ...line].join(''));
  }
}
console.log(`\n${result.notes}\nGoal ${met ? 'met' : 'not met'}: ${result.goal}`);
