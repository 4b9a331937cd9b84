/**
 * Runs the side-by-side benchmarks (all, or the ones named; fw is built once for the whole run, bench/lib/built-fw.ts)
 * and rewrites bench/RESULTS.md with a bar chart per benchmark;
 * `--report-only` only rebuilds the report from bench/.out. Sections of benchmarks with no result in bench/.out (measured
 * on another machine or in another run) are kept as they are in the current RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFw, builtForRun } from './lib/built-fw';
import { barChart } from './lib/chart';
import type { BenchResult } from './lib/result';

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
  'mcp',
  'types',
];
const available = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const reportOnly = process.argv.includes('--report-only');
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
const outDir = join(here, '.out');
mkdirSync(outDir, { recursive: true });
mkdirSync(join(here, 'charts'), { recursive: true });

let failed = false;
const runStarted = Date.now();
const benches = reportOnly ? [] : wanted.length > 0 ? wanted : available;
if (benches.length > 0) buildFw();
for (const name of benches) {
  console.log(`\n=== bench ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name, 'run.ts')], {
    stdio: 'inherit',
    cwd: join(here, '..'),
    env: { ...process.env, [builtForRun]: '1' },
  });
  console.log(`=== ${name}: exit ${run.status} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  if (run.status !== 0) failed = true;
}
const fullRunFile = join(outDir, 'full-run.meta');
if (!reportOnly && wanted.length === 0) {
  writeFileSync(
    fullRunFile,
    JSON.stringify({ date: new Date(runStarted).toISOString(), seconds: Math.round((Date.now() - runStarted) / 1000) }),
  );
}
const fullRun = existsSync(fullRunFile) ? (JSON.parse(readFileSync(fullRunFile, 'utf8')) as { date: string; seconds: number }) : null;

const rank = (file: string): number => {
  const base = file.replace(/\.json$/, '');
  const dir = available.find((name) => base === name || base.startsWith(`${name}-`)) ?? base;
  return (order.indexOf(dir) + 1 || 99) * 100 + (base === dir ? 0 : 1);
};
const results: BenchResult[] = readdirSync(outDir)
  .filter((file) => file.endsWith('.json'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((file) => JSON.parse(readFileSync(join(outDir, file), 'utf8')) as BenchResult);

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

const fresh = results.map((result) => {
  writeFileSync(join(here, 'charts', `${result.name}.svg`), barChart(result));
  return {
    name: result.name,
    text: [
      `## ${result.name}`,
      '',
      `Command: \`${result.command}\` (run ${result.date ?? 'date not recorded'})`,
      '',
      `![${result.name}](charts/${result.name}.svg)`,
      '',
      table(result),
      '',
      result.goal
        ? `Goal: ${result.goal}. ${result.met === undefined ? '' : result.met ? 'Met in this run.' : 'Not met in this run.'}`
        : '',
      result.notes ? `\n${result.notes}` : '',
    ].join('\n'),
  };
});
const resultsFile = join(here, 'RESULTS.md');
const kept = (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '')
  .split(/^(?=## )/m)
  .slice(1)
  .map((text) => ({ name: text.slice(3, text.indexOf('\n')).trim(), text: text.replace(/\n$/, '') }))
  .filter((section) => !fresh.some((f) => f.name === section.name));
const sections = [...fresh, ...kept]
  .sort((a, b) => rank(`${a.name}.json`) - rank(`${b.name}.json`) || `${a.name}.json`.localeCompare(`${b.name}.json`))
  .map((section) => section.text);

writeFileSync(
  resultsFile,
  [
    '# Benchmarks: fw against its peers, side by side',
    '',
    'Made by `npm run bench` (all) or `npm run bench -- <name>` (one); each benchmark writes `bench/.out/<name>.json` and this file is rebuilt from those.',
    'Every contestant runs in its own process, rounds alternate the order, and each answer is checked before it is timed.',
    'Ratios are ours relative to the peer measured in the same run (above 1 means fw is faster or smaller); absolute numbers on these shared 2-core machines move 25-35% between runs.',
    fullRun
      ? `Last full run (\`npm run bench\`, every benchmark): started ${fullRun.date}, ${Math.floor(fullRun.seconds / 60)} min ${fullRun.seconds % 60} s wall time on this 2-core machine (budget: 15 minutes).`
      : '',
    '',
    ...sections,
  ].join('\n'),
);
console.log(`\nwrote bench/RESULTS.md (${fresh.length} benchmarks from bench/.out, ${kept.length} kept from the previous report)`);
process.exit(failed ? 1 : 0);
