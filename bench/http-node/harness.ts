/**
 * Side-by-side HTTP throughput, fastify/benchmarks style, on the shared bench app (bench/lib/http-app.ts): each
 * contestant's server runs alone in its own process pinned to one core, the load generator (autocannon -c 100
 * -p 10, bench/http-node/load.ts) runs pinned to the other. Per round each server starts once, every case and
 * sanity check is verified, every case is warmed up once, then each case gets a warm-up and a measured run; rounds
 * rotate the order. Besides
 * req/s, the server's CPU time per request is read from /proc per case (less sensitive to other load on a shared machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { httpCases } from '../lib/http-cases';
import type { BenchResult } from '../lib/result';
import { checkServer } from './check';
import { hasTaskset, pinned, startLoad, type LoadGenerator } from './load-client';
import { report, SampleSet, type Goal } from './report';

/** One server to measure: the command that starts it (it prints {"port"} once listening). */
export interface Contestant {
  name: string;
  command: string[];
}

/** Settings of one HTTP bench. */
export interface HttpBenchOptions {
  name: string;
  command: string;
  contestants: Contestant[];
  ours: string;
  goals: Goal[];
  notes: string;
}

/**
 * Rounds, the warm-up each fresh server gets on its first case (its first requests are slow while V8 compiles the
 * HTTP path), and the seconds per case; overridable with HTTP_BENCH_ROUNDS, HTTP_BENCH_START_WARMUP, HTTP_BENCH_WARMUP
 * and HTTP_BENCH_SECONDS. A 0.5 s measured window still holds thousands of requests per case on this machine; the
 * warm-ups stay as long as they are, as shorter ones would time servers that are still warming up.
 */
export const settings = {
  rounds: Number(process.env.HTTP_BENCH_ROUNDS ?? 3),
  startWarmup: Number(process.env.HTTP_BENCH_START_WARMUP ?? 0.7),
  warmup: Number(process.env.HTTP_BENCH_WARMUP ?? 0.3),
  seconds: Number(process.env.HTTP_BENCH_SECONDS ?? 0.5),
};

const root = join(import.meta.dirname, '..', '..');
const clockTicks = 100;

function start(contestant: Contestant): Promise<{ child: ChildProcess; port: number }> {
  const [bin, ...args] = pinned(0, contestant.command);
  const child = spawn(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${contestant.name} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, port: (JSON.parse(line) as { port: number }).port }));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function measureContestant(contestant: Contestant, load: LoadGenerator, samples: SampleSet): Promise<string[]> {
  const { child, port } = await start(contestant);
  try {
    await checkServer(contestant.name, port, httpCases);
    const lines: string[] = [];
    const first = httpCases[0];
    await load.run({ url: `http://127.0.0.1:${port}${first.path}`, method: first.method, body: first.body, seconds: settings.startWarmup });
    // One warm-up pass over every case before any is measured, so the first case is not timed while the rest of the
    // server's code is still being compiled (it made the first case read slow for some servers in some rounds).
    for (const c of httpCases)
      await load.run({ url: `http://127.0.0.1:${port}${c.path}`, method: c.method, body: c.body, seconds: settings.warmup });
    for (const c of httpCases) {
      const job = { url: `http://127.0.0.1:${port}${c.path}`, method: c.method, body: c.body };
      await load.run({ ...job, seconds: settings.warmup });
      const before = cpuTicks(child.pid!);
      const measured = await load.run({ ...job, seconds: settings.seconds });
      const ticks = cpuTicks(child.pid!) - before;
      if (measured.errors > 0 || measured.non2xx > 0)
        throw new Error(`${contestant.name} ${c.name}: ${measured.errors} errors, ${measured.non2xx} non-2xx answers under load`);
      if (measured.requests === 0)
        throw new Error(`${contestant.name} ${c.name}: no request answered in the ${settings.seconds} s measured window`);
      const rps = measured.requests / measured.duration;
      const cpu = ((ticks / clockTicks) * 1e6) / measured.requests;
      samples.add(c.id, contestant.name, rps, cpu);
      lines.push(`${c.id} ${Math.round(rps)} req/s ${cpu.toFixed(1)} µs`);
    }
    return lines;
  } finally {
    await stop(child);
  }
}

/** Runs the bench, prints its tables and writes bench/.out/<name>.json (req/s) and <name>-cpu.json (server CPU per request). */
export async function runHttpBench(options: HttpBenchOptions): Promise<BenchResult> {
  const started = Date.now();
  const samples = new SampleSet();
  const load = startLoad();
  try {
    for (let round = 0; round < settings.rounds; round++) {
      const order = options.contestants.map((_, i) => options.contestants[(i + round) % options.contestants.length]);
      for (const contestant of order)
        console.log(`round ${round + 1} ${contestant.name}: ${(await measureContestant(contestant, load, samples)).join(', ')}`);
    }
  } finally {
    load.close();
  }
  const method = `${settings.rounds} rounds, order rotated each round; each server starts once per round, every answer is checked, it gets ${settings.startWarmup} s of load on the first case and a ${settings.warmup} s warm-up pass over every case, then per case ${settings.warmup} s warm-up + ${settings.seconds} s measured (autocannon -c 100 -p 10); server and load generator pinned to separate cores (taskset ${hasTaskset ? 'on' : 'not available'}).`;
  return report({ ...options, samples, method, cases: httpCases, wallSeconds: (Date.now() - started) / 1000 });
}
