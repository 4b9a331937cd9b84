/**
 * Static files against Hono's Node serveStatic (@hono/node-server/serve-static): a 2 KB stylesheet (fw serves it from
 * its small-file cache after a stat), a 300 KB file (streamed from disk by both), and a 4 KB range of it. In-process
 * `fetch` calls with bodies read to the end, each contestant in its own process, 3 rounds in alternating order,
 * answers checked byte for byte before timing. Writes bench/.out/static-files.json.
 * Then the same files over HTTP under concurrent load (each server alone in its process, autocannon -c 50 from the
 * HTTP benches' load generator, 3 alternating rounds): bench/.out/static-files-http.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { hasTaskset, pinned, startLoad, type LoadGenerator } from '../http-node/load-client';
import type { BenchResult, BenchRow } from '../lib/result';
import { large, small } from './files';

const here = import.meta.dirname;
const rounds = 3;
const n = Number(process.env.FW_BENCH_REQUESTS ?? 2000);
const cases: Record<string, string> = {
  small: '2 KB stylesheet',
  large: '300 KB file',
  range: 'Range: 4 KB of the 300 KB file',
};
const labels: Record<string, string> = { fw: 'fw staticFiles', hono: 'Hono serveStatic (node-server)' };

function runOne(which: string, framework: string): number {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'contestant.ts'), which, framework, String(n)], {
    encoding: 'utf8',
  });
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
    rows.push({
      case: cases[which],
      contestant: labels[framework],
      median: m,
      unit: 'µs/request',
      spread: spread(times[framework]),
      ratio: m / ours,
    });
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

const httpWarmup = 1;
const httpSeconds = 2;

function startServer(framework: string): Promise<{ child: ChildProcess; port: number }> {
  const [bin, ...args] = pinned(0, [process.execPath, '--import', 'tsx', join(here, 'server.ts'), framework]);
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${framework} server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, port: (JSON.parse(line) as { port: number }).port }));
  });
}

async function checkServer(port: number, path: string, expected: Uint8Array): Promise<void> {
  const body = new Uint8Array(await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer());
  if (body.byteLength !== expected.byteLength || !body.every((b, i) => b === expected[i]))
    throw new Error(`wrong answer for ${path} on port ${port}`);
}

async function rps(load: LoadGenerator, port: number, path: string, seconds: number): Promise<number> {
  const out = await load.run({ url: `http://127.0.0.1:${port}${path}`, method: 'GET', seconds, connections: 50, pipelining: 1 });
  if (out.errors > 0 || out.non2xx > 0 || out.requests === 0)
    throw new Error(`${path}: ${out.errors} errors, ${out.non2xx} non-2xx answers, ${out.requests} answers under load`);
  return out.requests / out.duration;
}

const httpCases: Record<string, { path: string; body: Uint8Array }> = {
  '2 KB stylesheet over HTTP': { path: '/style.css', body: small },
  '300 KB file over HTTP': { path: '/big.bin', body: large },
};
const httpRounds = 3;
const httpRows: BenchRow[] = [];
const load = startLoad();
try {
  for (const [label, { path, body }] of Object.entries(httpCases)) {
    const measured: Record<string, number[]> = { fw: [], hono: [] };
    for (let round = 0; round < httpRounds; round++) {
      for (const framework of round % 2 === 0 ? ['fw', 'hono'] : ['hono', 'fw']) {
        const { child, port } = await startServer(framework);
        try {
          await checkServer(port, path, body);
          await rps(load, port, path, httpWarmup);
          measured[framework].push(await rps(load, port, path, httpSeconds));
        } finally {
          await new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM'))));
        }
      }
    }
    const ours = median(measured.fw);
    for (const framework of ['fw', 'hono']) {
      const m = median(measured[framework]);
      httpRows.push({
        case: label,
        contestant: labels[framework],
        median: m,
        unit: 'req/s',
        spread: `${Math.round(Math.min(...measured[framework]))}-${Math.round(Math.max(...measured[framework]))}`,
        ratio: ours / m,
      });
    }
  }
} finally {
  load.close();
}
const httpResult: BenchResult = {
  name: 'static-files-http',
  command: 'npm run bench -- static-files (tsx bench/static-files/run.ts)',
  date: new Date().toISOString(),
  rows: httpRows,
  higherIsBetter: true,
  notes: `Each server alone in its own process (fw/node serve vs @hono/node-server serve, both serving the same files); autocannon -c 50 for ${httpSeconds} s after a ${httpWarmup} s warm-up, from one load generator (bench/http-node/load.ts); ${hasTaskset ? 'servers pinned to core 0 and the load to core 1 with taskset' : 'taskset not available, nothing pinned'}; ${httpRounds} rounds in alternating order; each answer checked byte for byte first and no errors or non-2xx answers allowed. ratio = fw req/s / contestant req/s (above 1: fw faster).`,
};
writeFileSync(join(here, '../.out/static-files-http.json'), `${JSON.stringify(httpResult, null, 2)}\n`);
console.table(
  httpRows.map((r) => ({
    case: r.case,
    contestant: r.contestant,
    median: Math.round(r.median),
    unit: r.unit,
    spread: r.spread,
    ratio: r.ratio!.toFixed(2),
  })),
);
