/**
 * Exact state on workers against its peers, in workerd through miniflare (local storage, so it measures fw's cost
 * over the same round trip, not Cloudflare's network): fw durableObjectKV against a hand-written SQLite Durable
 * Object (the floor) and fw workersKV, and fw durableRateLimitStore against a hand-written Durable Object counter
 * and KVRateLimitStore over Workers KV. Sequential operations inside one worker request, timed from Node; rounds
 * alternate the contestants' order; every answer is checked. Writes bench/.out/durable-kv.json.
 */
import { bundleWorker } from '../../test/targets/worker/helpers';
import { Miniflare } from 'miniflare';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';
import { median, spread } from '../lib/stats';

const here = import.meta.dirname;
const rounds = Number(process.env.ROUNDS ?? 7);
const ops = Number(process.env.OPS ?? 400);
const cases = [
  { name: 'KV put+get (one op = both)', ours: 'fw-do-kv', peers: ['raw-do', 'fw-workers-kv'] },
  { name: 'rate-limit hit', ours: 'fw-do-rate', peers: ['raw-do-incr', 'fw-kv-rate'] },
];
const labels: Record<string, string> = {
  'fw-do-kv': 'fw durableObjectKV',
  'raw-do': 'hand-written SQLite Durable Object',
  'fw-workers-kv': 'fw workersKV (Workers KV, not exact)',
  'fw-do-rate': 'fw durableRateLimitStore',
  'raw-do-incr': 'hand-written Durable Object counter',
  'fw-kv-rate': 'fw KVRateLimitStore over Workers KV (not exact)',
};

const script = await bundleWorker(join(here, 'worker.ts'), {}, { minify: true });
const mf = new Miniflare({
  cf: false,
  compatibilityDate: '2026-04-01',
  modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
  kvNamespaces: ['KV'],
  durableObjects: {
    FW_KV: { className: 'FwKVObject', useSQLite: true },
    FW_RATE: { className: 'FwRateLimitObject', useSQLite: true },
    RAW: { className: 'RawObject', useSQLite: true },
  },
});

async function runOne(contestant: string, n: number): Promise<number> {
  const started = performance.now();
  const res = await mf.dispatchFetch(`http://bench/run?c=${contestant}&n=${n}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${contestant} failed: ${text}`);
  return ((performance.now() - started) * 1000) / n;
}

const rows: BenchRow[] = [];
try {
  for (const c of cases) {
    const contestants = [c.ours, ...c.peers];
    for (const x of contestants) await runOne(x, 100);
    const times = new Map<string, number[]>(contestants.map((x) => [x, []]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? contestants : [...contestants].reverse();
      for (const x of order) times.get(x)?.push(await runOne(x, ops));
    }
    const ours = median(times.get(c.ours) ?? []);
    for (const x of contestants) {
      const samples = times.get(x) ?? [];
      rows.push({
        case: c.name,
        contestant: labels[x],
        median: median(samples),
        unit: 'µs/op',
        spread: spread(samples),
        ratio: median(samples) / ours,
      });
    }
  }
} finally {
  await mf.dispose();
}

const result: BenchResult = {
  name: 'durable-kv',
  command: 'npm run bench -- durable-kv (tsx bench/durable-kv/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  notes: `Inside one worker request in workerd (miniflare, local SQLite-backed storage), ${ops} sequential operations per sample over 100 keys (a 70-byte JSON value; rate-limit hits over 100 client keys), ${rounds} rounds in alternating order after a 100-operation warm-up; every answer checked. Local Durable Objects and KV run in the same workerd process, so this is fw's overhead over the same round trip, not production latency (a Durable Object is one network hop away; Workers KV reads are edge-cached). ratio = contestant time / fw time (above 1: fw faster).`,
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/durable-kv.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows.map((r) => ({ ...r, median: r.median.toFixed(1), ratio: r.ratio?.toFixed(3) })));
