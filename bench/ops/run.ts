/**
 * The ops bench: fw's event bus, structured logger and circuit breaker against node:events, pino and opossum.
 * Each contestant runs in its own process, order rotating over rounds; every answer is checked before timing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';
import { median, spread } from '../lib/stats';

const ROUNDS = 3;
const here = import.meta.dirname;
const cases: [string, string[]][] = [
  ['emit (3 handlers)', ['fw EventBus', 'node:events EventEmitter']],
  ['log line (info, 3 fields, JSON to a no-op sink)', ['fw createLogger', 'pino']],
  ['guarded call (closed breaker, async fn)', ['fw CircuitBreaker', 'opossum']],
];

function measure(caseName: string, contestant: string): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'measure.ts'), caseName, contestant], {
    cwd: join(here, '../..'),
    encoding: 'utf8',
  });
  return (JSON.parse(out.trim().split('\n').pop()!) as { median: number }).median;
}

const rows: BenchRow[] = [];
for (const [caseName, contestants] of cases) {
  const results = new Map<string, number[]>(contestants.map((c) => [c, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < contestants.length; i++) {
      const contestant = contestants[(i + round) % contestants.length];
      results.get(contestant)!.push(measure(caseName, contestant));
    }
  }
  const ours = median(results.get(contestants[0])!);
  for (const contestant of contestants) {
    const values = results.get(contestant)!;
    rows.push({ case: caseName, contestant, median: median(values), unit: 'ns/op', spread: spread(values), ratio: median(values) / ours });
  }
}

const result: BenchResult = {
  name: 'ops',
  command: 'npx tsx bench/ops/run.ts',
  date: new Date().toISOString(),
  rows,
  notes: [
    'ratio = contestant median / fw median in the same run (above 1: fw faster).',
    'emit: one topic, 3 handlers, synchronous emit; fw also matches wildcard subscriptions and guards each handler (errors and rejections reported), EventEmitter does neither.',
    'log line: one info record with 3 fields serialized to JSON and handed to a no-op writer; fw redacts secret field names at any depth and copies fields before writing, pino (asynchronous-safe fast path, no redaction configured) writes its own serializer output.',
    'guarded call: an async function through a CLOSED breaker, awaited one at a time; opossum with its time-out turned off (fw has none unless configured).',
    `${ROUNDS} rounds, one process per contestant per round, order rotated each round; median of the per-process medians (15 samples each after 5 warm-up samples), spread = half the range over rounds.`,
  ].join(' '),
  higherIsBetter: false,
};

mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/ops.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  rows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: `${r.median.toFixed(1)} ${r.unit}`,
    spread: r.spread,
    ratio: r.ratio!.toFixed(2),
  })),
);
