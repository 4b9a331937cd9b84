/**
 * KVStore cost against peers: fw MemoryKV vs Keyv's in-memory store, and fw RedisKV vs bare ioredis and Keyv with
 * @keyv/redis, on the local Redis. Each contestant in its own process, 3 rounds in alternating order, answers checked
 * in a warm-up. Writes bench/.out/kv.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';

const here = import.meta.dirname;
const url = process.env.FW_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rounds = 3;
const cases = [
  { name: 'memory put+get', ops: 200_000, ours: 'fw-memory', peers: ['keyv-memory'] },
  { name: 'redis put+get', ops: 5_000, ours: 'fw-redis', peers: ['ioredis', 'keyv-redis'] },
];
const labels: Record<string, string> = {
  'fw-memory': 'fw MemoryKV',
  'keyv-memory': 'Keyv (in-memory Map)',
  'fw-redis': 'fw RedisKV',
  ioredis: 'ioredis direct',
  'keyv-redis': 'Keyv + @keyv/redis',
};

function runOne(contestant: string, ops: number): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'contestant.ts'), contestant, String(ops), url], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${contestant} failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { usPerOp: number }).usPerOp;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;

const rows: BenchRow[] = [];
for (const c of cases) {
  const contestants = [c.ours, ...c.peers];
  const times = new Map<string, number[]>(contestants.map((x) => [x, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contestants : [...contestants].reverse();
    for (const x of order) times.get(x)!.push(runOne(x, c.ops));
  }
  const ours = median(times.get(c.ours)!);
  for (const x of contestants) {
    const m = median(times.get(x)!);
    rows.push({ case: c.name, contestant: labels[x], median: m, unit: 'µs/op', spread: spread(times.get(x)!), ratio: m / ours });
  }
}

const result: BenchResult = {
  name: 'kv',
  command: 'npm run bench -- kv (tsx bench/kv/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  notes:
    'put(key, value) then get(key) over 100 keys of a 70-byte JSON string, sequential. Memory: 200000 rounds; Redis (local, 127.0.0.1): 5000 rounds on one connection. Each contestant runs in its own process; 3 rounds in alternating order; each answer is checked during a 1000-round warm-up. ratio = contestant time / fw time (above 1: fw faster).',
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/kv.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  rows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: r.median.toFixed(3),
    unit: r.unit,
    spread: r.spread,
    ratio: r.ratio!.toFixed(3),
  })),
);
