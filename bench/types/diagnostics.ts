/** Runs the repo's `tsc` on a generated project with `--extendedDiagnostics` and reads its errors and statistics. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../lib/user-project';

const tsc = join(repoRoot, 'node_modules', '.bin', 'tsc');

/** The arguments of every measured run (one checker: see README.md). */
export const tscArgs = ['--noEmit', '--extendedDiagnostics', '--checkers', '1'];

/** What one `tsc` run reported: its error lines, and each `Name: value` statistic (seconds, K for memory, counts). */
export interface TscRun {
  errors: string[];
  stats: Record<string, number>;
}

/** Type-checks the project in `dir` once. */
export function checkProject(dir: string): TscRun {
  const run = spawnSync(tsc, ['-p', dir, ...tscArgs], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  const lines = `${run.stdout}${run.stderr}`.split('\n');
  const stats: Record<string, number> = {};
  for (const line of lines) {
    const match = /^([A-Z][A-Za-z ]+):\s+([\d.]+)[sK]?$/.exec(line.trim());
    if (match) stats[match[1]] = Number(match[2]);
  }
  if (stats['Check time'] === undefined) throw new Error(`tsc printed no diagnostics for ${dir}:\n${lines.slice(0, 20).join('\n')}`);
  return { errors: lines.filter((line) => / error TS\d+:/.test(line)), stats };
}

/** The compiler's version line (`Version 7.0.2`). */
export function tscVersion(): string {
  return spawnSync(tsc, ['-v'], { encoding: 'utf8' }).stdout.trim();
}
