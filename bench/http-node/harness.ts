/**
 * Side-by-side HTTP throughput, fastify/benchmarks style: each contestant's server runs alone in its own
 * process pinned to one core, autocannon (-c 100 -p 10) runs pinned to the other; a warm-up round, then a
 * measured round; rounds alternate the order. Each answer is checked before timing. Besides req/s, the
 * server's CPU time per request is read from /proc (less sensitive to other load on a shared machine).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { BenchResult, BenchRow } from '../lib/result';

/** One server to measure: the command that starts it (it prints {"port"} once listening) and what GET / must answer. */
export interface Contestant {
  name: string;
  command: string[];
}

/** What the bench checks GET / answers before timing it. */
export interface ExpectedAnswer {
  status: number;
  contentType: RegExp;
  body: (text: string) => boolean;
}

/** Settings of one HTTP bench. */
export interface HttpBenchOptions {
  name: string;
  command: string;
  contestants: Contestant[];
  ours: string;
  expected: ExpectedAnswer;
  goals: Record<string, number>;
  rounds?: number;
  warmupSeconds?: number;
  seconds?: number;
  notes: string;
}

const root = join(import.meta.dirname, '..', '..');
const autocannon = join(root, 'node_modules', '.bin', 'autocannon');
const hasTaskset = existsSync('/usr/bin/taskset');
const clockTicks = 100;

function pinned(core: number, command: string[]): string[] {
  return hasTaskset ? ['taskset', '-c', String(core), ...command] : command;
}

function start(contestant: Contestant): Promise<{ child: ChildProcess; port: number }> {
  const [bin, ...args] = pinned(0, contestant.command);
  const child = spawn(bin, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${contestant.name} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, port: (JSON.parse(line) as { port: number }).port }));
  });
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function load(port: number, seconds: number): { rps: number; requests: number; errors: number; non2xx: number } {
  const out = execFileSync(pinned(1, [autocannon])[0], [...pinned(1, [autocannon]).slice(1), '-c', '100', '-p', '10', '-d', String(seconds), '-j', `http://127.0.0.1:${port}/`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(out) as { requests: { average: number; total: number }; errors: number; non2xx: number };
  return { rps: result.requests.average, requests: result.requests.total, errors: result.errors, non2xx: result.non2xx };
}

async function check(name: string, port: number, expected: ExpectedAnswer): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/`);
  const text = await res.text();
  if (res.status !== expected.status || !expected.contentType.test(res.headers.get('content-type') ?? '') || !expected.body(text)) {
    throw new Error(`${name} answered ${res.status} ${res.headers.get('content-type')} ${text}: not what the bench expects`);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs the bench, prints a table and writes bench/.out/<name>.json. */
export async function runHttpBench(options: HttpBenchOptions): Promise<BenchResult> {
  const rounds = options.rounds ?? 3;
  const warmup = options.warmupSeconds ?? 3;
  const seconds = options.seconds ?? 10;
  const rps: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (const c of options.contestants) {
    rps[c.name] = [];
    cpu[c.name] = [];
  }
  for (let round = 0; round < rounds; round++) {
    const order = options.contestants.map((_, i) => options.contestants[(i + round) % options.contestants.length]);
    for (const contestant of order) {
      const { child, port } = await start(contestant);
      try {
        await check(contestant.name, port, options.expected);
        load(port, warmup);
        const before = cpuTicks(child.pid!);
        const measured = load(port, seconds);
        const ticks = cpuTicks(child.pid!) - before;
        if (measured.errors > 0 || measured.non2xx > 0) throw new Error(`${contestant.name}: ${measured.errors} errors, ${measured.non2xx} non-2xx answers under load`);
        rps[contestant.name].push(measured.rps);
        cpu[contestant.name].push(((ticks / clockTicks) * 1e6) / measured.requests);
        console.log(`round ${round + 1} ${contestant.name}: ${Math.round(measured.rps)} req/s, ${cpu[contestant.name].at(-1)!.toFixed(1)} µs CPU/request`);
      } finally {
        await stop(child);
      }
    }
  }
  const ours = median(rps[options.ours]);
  const oursCpu = median(cpu[options.ours]);
  const rows: BenchRow[] = options.contestants.map((c) => ({
    contestant: c.name,
    median: Math.round(median(rps[c.name])),
    unit: 'req/s',
    spread: `${Math.round(Math.min(...rps[c.name]))}–${Math.round(Math.max(...rps[c.name]))}`,
    ratio: Number((ours / median(rps[c.name])).toFixed(2)),
  }));
  const cpuNote = options.contestants.map((c) => `${c.name} ${median(cpu[c.name]).toFixed(1)} µs (fw ratio ${(median(cpu[c.name]) / oursCpu).toFixed(2)})`).join(', ');
  const met = Object.entries(options.goals).every(([name, goal]) => ours / median(rps[name]) >= goal);
  const result: BenchResult = {
    name: options.name,
    command: options.command,
    date: new Date().toISOString(),
    rows,
    higherIsBetter: true,
    goal: Object.entries(options.goals).map(([name, goal]) => `>= ${goal}x ${name}`).join(', '),
    met,
    notes: `${options.notes} ${rounds} rounds of ${warmup} s warm-up + ${seconds} s measured, order rotated each round; taskset ${hasTaskset ? 'on' : 'not available'}. Ratio: fw's median req/s over the contestant's. Server CPU time per request (median, from /proc; lower is better; ratio above 1: fw uses less): ${cpuNote}.`,
  };
  const out = join(root, 'bench', '.out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${options.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${options.name}: ${options.command}`);
  console.table(rows);
  console.log(`CPU per request: ${cpuNote}`);
  console.log(`goal: ${result.goal} -> ${met ? 'met' : 'not met'}`);
  return result;
}
