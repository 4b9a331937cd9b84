/**
 * Runs the side-by-side benchmarks. `npm run bench` (no names) runs every one (fw is built once for the whole run,
 * bench/lib/built-fw.ts) and writes bench/RESULTS.md whole from this run only (a failed bench gets a section saying
 * so), then the README's speed table from it (scripts/readme-speed.ts). `npm run bench -- <name>...` runs the
 * named ones: each writes bench/.out/<name>.json and prints its table; RESULTS.md is not touched. `--report-only` renders the report from the current bench/.out into
 * bench/.out/RESULTS.preview.md (to check the rendering), again leaving RESULTS.md alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, builtForRun } from './lib/built-fw';
import { barChart } from './lib/chart';
import type { BenchResult } from './lib/result';
import { type RunMachine, describeMachine, sectionHeader } from './lib/run-header';
import { readmePath, withSpeedTable } from '../scripts/readme-speed';

const here = import.meta.dirname;
const order = [
  'router',
  'fetch',
  'serialize',
  'http-node',
  'http-bun',
  'lambda',
  'bundle',
  'cold-start',
  'worker',
  'startup',
  'metrics-cost',
  'mcp',
  'types',
];
const available = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const reportOnly = process.argv.includes('--report-only');
const fullRun = !reportOnly && wanted.length === 0;
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const outDir = join(here, '.out');
mkdirSync(outDir, { recursive: true });

/** The bench directory a result file or section belongs to (`http-node-cpu` belongs to `http-node`). */
const benchOf = (base: string): string => available.find((name) => base === name || base.startsWith(`${name}-`)) ?? base;
const rank = (base: string): number => (order.indexOf(benchOf(base)) + 1 || 99) * 100 + (base === benchOf(base) ? 0 : 1);
const resultFiles = (bench?: string): string[] =>
  readdirSync(outDir).filter(
    (file) => file.endsWith('.json') && file !== 'run.json' && (!bench || benchOf(file.replace(/\.json$/, '')) === bench),
  );

/** What a run records about itself in bench/.out/run.json, so a report can be rendered again from bench/.out. */
interface RunRecord {
  command: string;
  started: string;
  seconds: number;
  machine: RunMachine;
  benches: Array<{ name: string; exit: number | null; seconds: number }>;
}

const started = new Date();
const benches = reportOnly ? [] : wanted.length > 0 ? wanted : available;
if (fullRun) for (const file of resultFiles()) rmSync(join(outDir, file));
if (benches.length > 0) buildFw();
const ran: RunRecord['benches'] = [];
for (const name of benches) {
  console.log(`\n=== bench ${name} ===`);
  for (const file of resultFiles(name)) rmSync(join(outDir, file));
  const t0 = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name, 'run.ts')], {
    stdio: 'inherit',
    cwd: join(here, '..'),
    env: { ...process.env, [builtForRun]: '1' },
  });
  const seconds = Math.round((Date.now() - t0) / 1000);
  ran.push({ name, exit: run.status, seconds });
  console.log(`=== ${name}: exit ${run.status} in ${seconds} s ===`);
}

const runFile = join(outDir, 'run.json');
const record: RunRecord | null = fullRun
  ? {
      command: 'npm run bench',
      started: started.toISOString(),
      seconds: Math.round((Date.now() - started.getTime()) / 1000),
      machine: describeMachine(),
      benches: ran,
    }
  : existsSync(runFile)
    ? (JSON.parse(readFileSync(runFile, 'utf8')) as RunRecord)
    : null;
if (fullRun) writeFileSync(runFile, `${JSON.stringify(record, null, 2)}\n`);

function table(result: BenchResult): string {
  const columns = ['case', 'contestant', 'median', 'unit', 'spread', 'ratio'].filter((c) =>
    result.rows.some((r) => (r as unknown as Record<string, unknown>)[c] !== undefined),
  );
  const head = `| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|`;
  const lines = result.rows.map((r) => `| ${columns.map((c) => format((r as unknown as Record<string, unknown>)[c])).join(' | ')} |`);
  return [head, ...lines].join('\n');
}

function format(value: unknown): string {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 3 : 1);
  return value === undefined ? '' : String(value);
}

/** One section of the report: header, chart, table, the bench's own goal and notes. */
function section(result: BenchResult, run: RunRecord, chartsDir: string): string {
  writeFileSync(join(chartsDir, `${result.name}.svg`), barChart(result));
  const bench = benchOf(result.name);
  return [
    `## ${result.name}`,
    '',
    sectionHeader({ bench, date: result.date ?? run.started, command: run.command, machine: run.machine, runtime: result.runtime }),
    `- Alone: \`npm run bench -- ${bench}\` (its script: \`${result.command}\`)`,
    '',
    `![${result.name}](charts/${result.name}.svg)`,
    '',
    table(result),
    '',
    result.goal ? `Goal: ${result.goal}. ${result.met === undefined ? '' : result.met ? 'Met in this run.' : 'Not met in this run.'}` : '',
    result.notes ? `\n${result.notes}` : '',
  ].join('\n');
}

/** The section of a bench that exited with an error in this run. */
function failedSection(bench: { name: string; exit: number | null; seconds: number }, run: RunRecord): string {
  return [
    `## ${bench.name}`,
    '',
    sectionHeader({ bench: bench.name, date: run.started, command: run.command, machine: run.machine }),
    '',
    `**Failed in this run**: \`npm run bench -- ${bench.name}\` exited with ${bench.exit === null ? 'a signal' : `code ${bench.exit}`} after ${bench.seconds} s; its output is in the run's log. Results it wrote before failing follow, if any.`,
  ].join('\n');
}

/** The whole report, from bench/.out and the run record. */
function report(run: RunRecord, chartsDir: string): string {
  const results = resultFiles()
    .map((file) => JSON.parse(readFileSync(join(outDir, file), 'utf8')) as BenchResult)
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const failed = run.benches.filter((b) => b.exit !== 0);
  const missing = run.benches.filter((b) => b.exit === 0 && !results.some((r) => benchOf(r.name) === b.name));
  const sections = [
    ...results.map((result) => ({ rank: rank(result.name), text: section(result, run, chartsDir) })),
    ...failed.map((bench) => ({ rank: rank(bench.name) - 0.5, text: failedSection(bench, run) })),
    ...missing.map((bench) => ({
      rank: rank(bench.name),
      text: `## ${bench.name}\n\n**No result**: the bench exited cleanly but wrote nothing to bench/.out.`,
    })),
  ].sort((a, b) => a.rank - b.rank);
  return [
    '# Benchmarks: fw against its peers, side by side',
    '',
    `Written whole by \`${run.command}\` (started ${run.started}, ${Math.floor(run.seconds / 60)} min ${run.seconds % 60} s wall time; ${run.machine.cpu}, ${run.machine.cores} cores, ${run.machine.memoryGiB} GiB, ${run.machine.os}, Node ${run.machine.node}). Nothing in it is edited by hand or kept from another run.`,
    'Every contestant runs in its own process, rounds alternate the order, and each answer is checked before it is timed.',
    'Ratios are ours relative to the peer measured in the same run (above 1 means fw is faster or smaller, below 1 means the peer is); absolute numbers on shared machines move 25-35% between runs.',
    failed.length > 0 ? `Failed in this run: ${failed.map((b) => b.name).join(', ')}.` : 'Every bench finished in this run.',
    '',
    ...sections.map((s) => s.text),
    '',
  ].join('\n');
}

if (fullRun && record) {
  mkdirSync(join(here, 'charts'), { recursive: true });
  const results = report(record, join(here, 'charts'));
  writeFileSync(join(here, 'RESULTS.md'), results);
  writeFileSync(readmePath, withSpeedTable(readFileSync(readmePath, 'utf8'), results));
  console.log(
    `\nwrote bench/RESULTS.md and the README's speed table from this run (${ran.filter((b) => b.exit === 0).length}/${ran.length} benches finished)`,
  );
} else if (reportOnly) {
  const preview = record ?? {
    command: 'npm run bench -- --report-only (preview: no full run recorded in bench/.out)',
    started: started.toISOString(),
    seconds: 0,
    machine: describeMachine(),
    benches: [],
  };
  const chartsDir = join(outDir, 'charts');
  mkdirSync(chartsDir, { recursive: true });
  writeFileSync(join(outDir, 'RESULTS.preview.md'), report(preview, chartsDir));
  console.log('\nwrote bench/.out/RESULTS.preview.md (bench/RESULTS.md is written only by a full `npm run bench`)');
} else {
  for (const name of benches)
    for (const file of resultFiles(name)) {
      const result = JSON.parse(readFileSync(join(outDir, file), 'utf8')) as BenchResult;
      console.log(`\n${result.name} (bench/.out/${file})\n${table(result)}`);
    }
  console.log('\nbench/RESULTS.md is unchanged: only a full `npm run bench` writes it');
}
process.exit(ran.some((b) => b.exit !== 0) ? 1 : 0);
