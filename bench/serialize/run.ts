/**
 * The serialize bench: fw's compiled serializer vs JSON.stringify vs fast-json-stringify on
 * fast-json-stringify's own payloads, and validateAndCoerce's fast path vs always coercing. Each
 * contestant runs in its own process, order alternating over rounds; every answer is checked first.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';
import { coerceCases, serializeCases } from './cases';

const ROUNDS = 3;
const here = import.meta.dirname;
const serializers = ['fw compiled', 'JSON.stringify', 'fast-json-stringify'];
const coercions = [
  'fast path (conforming data)',
  'coerce + validate every time',
  'query strings (coerced)',
  '@cfworker/json-schema alone (no quick check)',
];

/** One contestant on every case of a kind, in a fresh process: median ns per operation per case. */
function measure(kind: string, contestant: string): Record<string, number> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(here, 'measure.ts'), kind, contestant], {
    cwd: join(here, '../..'),
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function spread(values: number[]): string {
  return `±${(((Math.max(...values) - Math.min(...values)) / 2 / median(values)) * 100).toFixed(0)}%`;
}

/** Runs each contestant once per round (every case in one process), rotating who goes first; per case, each contestant's medians over rounds. */
function rounds(kind: string, contestants: string[]): Map<string, Map<string, number[]>> {
  const results = new Map<string, Map<string, number[]>>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = contestants.map((_, i) => contestants[(i + round) % contestants.length]);
    for (const contestant of order) {
      for (const [caseName, value] of Object.entries(measure(kind, contestant))) {
        const byContestant = results.get(caseName) ?? results.set(caseName, new Map()).get(caseName)!;
        byContestant.set(contestant, [...(byContestant.get(contestant) ?? []), value]);
      }
    }
  }
  return results;
}

const rows: BenchRow[] = [];
const serialized = rounds('serialize', serializers);
const coerced = rounds('coerce', coercions);
for (const c of serializeCases) {
  const results = serialized.get(c.name)!;
  const ours = median(results.get('fw compiled')!);
  for (const contestant of serializers) {
    const values = results.get(contestant)!;
    rows.push({ case: c.name, contestant, median: median(values), unit: 'ns/op', spread: spread(values), ratio: median(values) / ours });
  }
}

for (const c of coerceCases) {
  const contestants = coercions.filter((name) => c.strings !== undefined || name !== 'query strings (coerced)');
  const results = coerced.get(c.name)!;
  const fast = median(results.get(contestants[0])!);
  for (const contestant of contestants) {
    const values = results.get(contestant)!;
    const label = contestant === contestants[0] ? `fw ${contestant}` : contestant;
    rows.push({
      case: `validateAndCoerce, ${c.name}`,
      contestant: label,
      median: median(values),
      unit: 'ns/op',
      spread: spread(values),
      ratio: median(values) / fast,
    });
  }
}

const objectRatio = rows.find((r) => r.case === serializeCases[0].name && r.contestant === 'JSON.stringify')!.ratio!;
const result: BenchResult = {
  name: 'serialize',
  command: 'npx tsx bench/serialize/run.ts',
  date: new Date().toISOString(),
  rows,
  goal: `fw's compiled serializer at least 2x JSON.stringify on the object payload ("${serializeCases[0].name}"): ${objectRatio.toFixed(2)}x here`,
  met: objectRatio >= 2,
  notes: [
    "Payloads and schemas are fast-json-stringify's own benchmark cases; every contestant's output is parsed and compared with the input before timing.",
    'ratio = contestant median / fw median in the same run (above 1: fw faster). fw compiles schemas into closures (runs on workers); fast-json-stringify generates source with new Function (refused on workers).',
    'Timings are of producing the string, as in fast-json-stringify\'s benchmark; the "flattened" cases also read a character from the middle, which makes V8 flatten a concatenated string (what encoding it into a Response body costs; JSON.stringify returns flat strings).',
    'validateAndCoerce rows: ratio = row median / fast-path median; "coerce + validate every time" is the cost the fast path avoids on the same conforming data; "@cfworker/json-schema alone" is the interpreter fw falls back to (and always uses for error lists), timed on the same data.',
    `${ROUNDS} rounds, one process per contestant per round (running every case of its kind), order rotated each round; median of the per-process medians (5 timed batches each, SERIALIZE_BENCH_SAMPLES, after 3 warm-up batches; a batch is the case's batch size, or fewer calls for a contestant too slow to run it within 100 ms, SERIALIZE_BENCH_BATCH_MS), spread = half the range over rounds.`,
  ].join(' '),
  higherIsBetter: false,
};

mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/serialize.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  rows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: `${r.median.toFixed(1)} ${r.unit}`,
    spread: r.spread,
    ratio: r.ratio!.toFixed(2),
  })),
);
console.log(result.goal, result.met ? '(met)' : '(not met)');
