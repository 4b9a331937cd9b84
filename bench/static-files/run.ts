/**
 * Static files against Hono's Node serveStatic (@hono/node-server/serve-static): a 2 KB stylesheet (fw serves it from
 * its small-file cache after a stat), a 300 KB file (streamed from disk by both), and a 4 KB range of it. In-process
 * `fetch` calls with bodies read to the end, each contestant in its own process, 5 rounds in alternating order,
 * answers checked byte for byte before timing. Writes bench/.out/static-files.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, BenchRow } from '../lib/result';

const here = import.meta.dirname;
const tsx = join(here, '../../node_modules/.bin/tsx');
const rounds = 5;
const n = Number(process.env.FW_BENCH_REQUESTS ?? 2000);
const cases: Record<string, string> = {
  small: '2 KB stylesheet',
  large: '300 KB file',
  range: 'Range: 4 KB of the 300 KB file',
};
const labels: Record<string, string> = { fw: 'fw staticFiles', hono: 'Hono serveStatic (node-server)' };

function runOne(which: string, framework: string): number {
  const run = spawnSync(tsx, [join(here, 'contestant.ts'), which, framework, String(n)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${which} ${framework} failed: ${run.stderr}`);
  return (JSON.parse(run.stdout.trim().split('\n').pop()!) as { usPerOp: number }).usPerOp;
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
    rows.push({ case: cases[which], contestant: labels[framework], median: m, unit: 'µs/request', spread: spread(times[framework]), ratio: m / ours });
  }
}

const result: BenchResult = {
  name: 'static-files',
  command: 'npm run bench -- static-files (tsx bench/static-files/run.ts)',
  date: new Date().toISOString(),
  rows,
  higherIsBetter: false,
  notes: `${n} sequential in-process requests per run after 300 warm-up requests and a byte-for-byte check of the answer (200, or 206 for the range). Each contestant in its own process; ${rounds} rounds in alternating order. ratio = contestant time / fw time (above 1: fw faster). fw runs with its defaults (small-file cache on, ETag, Last-Modified, Cache-Control); Hono's serveStatic sends no ETag. Hono checks files with statSync/existsSync (blocking, no thread-pool hop, which favours it in this sequential in-process loop); fw uses async fs calls and, for a cached file, one stat compared by inode, size and mtime.`,
};
mkdirSync(join(here, '../.out'), { recursive: true });
writeFileSync(join(here, '../.out/static-files.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows.map((r) => ({ case: r.case, contestant: r.contestant, median: r.median.toFixed(1), unit: r.unit, spread: r.spread, ratio: r.ratio!.toFixed(2) })));
