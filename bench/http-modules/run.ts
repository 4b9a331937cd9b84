/**
 * HTTP modules against Hono's equivalents: rate limit (fw rateLimit + MemoryStore vs hono-rate-limiter), ETag
 * revalidation (fw etag vs hono/etag, If-None-Match -> 304) and gzip (fw compress vs hono/compress on an 8 KB JSON
 * body), plus each framework bare for reference. In-process `fetch` calls, each contestant in its own process,
 * 3 rounds in alternating order, answers checked before timing. Writes bench/.out/http-modules.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';

const here = import.meta.dirname;
const rounds = 3;
const n = Number(process.env.FW_BENCH_REQUESTS ?? 5000);
const cases: Record<string, string> = {
  none: 'bare app (8 KB JSON, no middleware)',
  ratelimit: 'rate limit, memory, 100 clients',
  etag: 'ETag revalidation (304)',
  compress: 'gzip 8 KB JSON',
};
const labels: Record<string, Record<string, string>> = {
  fw: { none: 'fw', ratelimit: 'fw rateLimit (MemoryStore)', etag: 'fw etag', compress: 'fw compress' },
  hono: { none: 'Hono', ratelimit: 'Hono + hono-rate-limiter', etag: 'Hono etag', compress: 'Hono compress' },
};

function runOne(which: string, framework: string): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'contestant.ts'), which, framework, String(n)], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${which} ${framework} failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { usPerOp: number }).usPerOp;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)}`;

const rows: BenchRow[] = [];
for (const which of Object.keys(cases)) {
  const times: Record<string, number[]> = { fw: [], hono: [] };
  for (let round = 0; round < rounds; round++) {
    for (const framework of round % 2 === 0 ? ['fw', 'hono'] : ['hono', 'fw']) times[framework].push(runOne(which, framework));
  }
  const ours = median(times.fw);
  for (const framework of ['fw', 'hono']) {
    const m = median(times[framework]);
    rows.push({
      case: cases[which],
      contestant: labels[framework][which],
      median: m,
      unit: 'µs/request',
      spread: spread(times[framework]),
      ratio: m / ours,
    });
  }
}

const result: BenchResult = {
  name: 'http-modules',
  command: 'npm run bench -- http-modules (tsx bench/http-modules/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  notes: `${n} sequential in-process requests per run (after ${Math.ceil(n / 5)} warm-up requests and a check of the answers: rate-limit headers, 304 on a matching If-None-Match, gzip round trip). Each contestant in its own process; ${rounds} rounds in alternating order. ratio = contestant time / fw time (above 1: fw faster). The bare rows show the frameworks without middleware, so each module's own cost is its row minus its framework's bare row.`,
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/http-modules.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  rows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: r.median.toFixed(1),
    unit: r.unit,
    spread: r.spread,
    ratio: r.ratio!.toFixed(2),
  })),
);
