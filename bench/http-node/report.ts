/** Turns an HTTP bench's samples into its two results (req/s with goals, server CPU per request), prints and writes them. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseId, HttpCase } from '../lib/http-cases';
import type { BenchResult, BenchRow } from '../lib/result';

/** A goal: fw's median req/s at least `ratio` times the peer's on each listed case. */
export interface Goal {
  peer: string;
  ratio: number;
  cases: CaseId[];
}

/** Per case and contestant, the req/s and server CPU µs per request of each round. */
export class SampleSet {
  private readonly data = new Map<string, { rps: number[]; cpu: number[] }>();

  /** Records one measured run. */
  add(caseId: CaseId, contestant: string, rps: number, cpu: number): void {
    const key = `${caseId}|${contestant}`;
    const entry = this.data.get(key) ?? { rps: [], cpu: [] };
    entry.rps.push(rps);
    entry.cpu.push(cpu);
    this.data.set(key, entry);
  }

  /** The runs of one case and contestant. */
  get(caseId: CaseId, contestant: string): { rps: number[]; cpu: number[] } {
    return this.data.get(`${caseId}|${contestant}`) ?? { rps: [], cpu: [] };
  }
}

/** What `report` needs: the bench's settings, its samples and how it measured. */
export interface ReportInput {
  name: string;
  command: string;
  contestants: { name: string }[];
  ours: string;
  goals: Goal[];
  notes: string;
  samples: SampleSet;
  cases: HttpCase[];
  method: string;
  wallSeconds: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function spread(values: number[], digits: number): string {
  return `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
}

function goalText(goals: Goal[]): string {
  const byCases = new Map<string, string[]>();
  for (const g of goals) byCases.set(g.cases.join(', '), [...(byCases.get(g.cases.join(', ')) ?? []), `>= ${g.ratio}x ${g.peer}`]);
  return `fw's req/s ${[...byCases].map(([cases, peers]) => `${peers.join(', ')} on ${cases}`).join('; ')}`;
}

function write(result: BenchResult): void {
  const out = join(import.meta.dirname, '..', '.out');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${result.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

function printMatrix(title: string, input: ReportInput, rows: BenchRow[]): void {
  const names = input.contestants.map((c) => c.name);
  console.log(`\n${title}`);
  console.log(['case'.padEnd(26), ...names.map((n) => n.slice(0, 22).padStart(24))].join(''));
  for (const c of input.cases) {
    const cells = names
      .map((n) => rows.find((r) => r.case === c.name && r.contestant === n)!)
      .map((r) => `${Number(r.median.toPrecision(4))} (${r.ratio!.toFixed(2)}x)`.padStart(24));
    console.log([c.name.padEnd(26), ...cells].join(''));
  }
}

/** Builds, prints and writes bench/.out/<name>.json (req/s, ratio fw/peer, goals) and <name>-cpu.json (µs per request, ratio peer/fw). */
export function report(input: ReportInput): BenchResult {
  const rows: BenchRow[] = [];
  const cpuRows: BenchRow[] = [];
  for (const c of input.cases) {
    const ours = input.samples.get(c.id, input.ours);
    for (const { name } of input.contestants) {
      const { rps, cpu } = input.samples.get(c.id, name);
      rows.push({
        case: c.name,
        contestant: name,
        median: Math.round(median(rps)),
        unit: 'req/s',
        spread: spread(rps, 0),
        ratio: Number((median(ours.rps) / median(rps)).toFixed(2)),
      });
      cpuRows.push({
        case: c.name,
        contestant: name,
        median: Number(median(cpu).toFixed(1)),
        unit: 'µs CPU/request',
        spread: spread(cpu, 1),
        ratio: Number((median(cpu) / median(ours.cpu)).toFixed(2)),
      });
    }
  }
  const misses: string[] = [];
  for (const goal of input.goals) {
    for (const id of goal.cases) {
      const ratio = median(input.samples.get(id, input.ours).rps) / median(input.samples.get(id, goal.peer).rps);
      if (!(ratio >= goal.ratio))
        misses.push(`${input.cases.find((c) => c.id === id)!.name}: ${ratio.toFixed(2)}x ${goal.peer} (goal ${goal.ratio}x)`);
    }
  }
  const date = new Date().toISOString();
  const result: BenchResult = {
    name: input.name,
    command: input.command,
    date,
    rows,
    higherIsBetter: true,
    goal: goalText(input.goals),
    met: misses.length === 0,
    notes: [
      input.notes,
      input.method,
      `Ratio: fw's median req/s over the contestant's. Server CPU time per request per case: ${input.name}-cpu. This run took ${Math.round(input.wallSeconds)} s.`,
      misses.length > 0 ? `Below goal in this run: ${misses.join('; ')}.` : 'Every goal met in this run.',
    ].join(' '),
  };
  const cpuResult: BenchResult = {
    name: `${input.name}-cpu`,
    command: input.command,
    date,
    rows: cpuRows,
    higherIsBetter: false,
    notes: `Server CPU time (user + system, from /proc) per request during each case's measured run of ${input.name}, median over the rounds; steadier than req/s when the machine is shared. Ratio: the contestant's µs over fw's (above 1: fw uses less CPU).`,
  };
  write(result);
  write(cpuResult);
  printMatrix(`${input.name}: median req/s (fw / peer)`, input, rows);
  printMatrix(`${input.name}: median server µs CPU per request (peer / fw)`, input, cpuRows);
  console.log(`\ngoal: ${result.goal} -> ${result.met ? 'met' : 'not met'}`);
  if (misses.length > 0) console.log(`below goal: ${misses.join('; ')}`);
  console.log(`wall time: ${Math.round(input.wallSeconds)} s`);
  return result;
}
