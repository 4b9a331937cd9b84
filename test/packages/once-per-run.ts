/**
 * Work made once per test run and shared by every test file that needs it (the build of fw, fw-mcp and fw-cli here,
 * their `npm pack` tarballs in packed-project.ts), whichever worker process runs the file: the first file to ask does the
 * work while the others wait for it, in the run's folder (test/setup/run-folder.ts). The build is skipped when every
 * dist/ is newer than its sources (CI builds right before `npm test`), and nothing rebuilds dist/ while a file reads it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { packages } from '../../scripts/build-layout';
import { sh } from './run';

/** Work done in this process already, for runs without the shared folder (a config without test/setup/run-folder.ts). */
const done = new Map<string, Promise<unknown>>();

/** Runs `make` once per run under `name` (in the run's folder, if any) and gives every caller its JSON result or its error. */
export function oncePerRun<T>(name: string, make: (folder: string | undefined) => Promise<T>): Promise<T> {
  let result = done.get(name) as Promise<T> | undefined;
  if (!result) {
    result = shared(name, make);
    done.set(name, result);
  }
  return result;
}

async function shared<T>(name: string, make: (folder: string | undefined) => Promise<T>): Promise<T> {
  const folder = inject('fwRunFolder');
  if (!folder) return make(undefined);
  const value = join(folder, `${name}.json`);
  const failure = join(folder, `${name}.failed`);
  try {
    mkdirSync(join(folder, `${name}.lock`));
  } catch {
    while (!existsSync(value) && !existsSync(failure)) await sleep(200);
    if (existsSync(failure)) throw new Error(`${name} failed in another test file of this run:\n${readFileSync(failure, 'utf8')}`);
    return JSON.parse(readFileSync(value, 'utf8')) as T;
  }
  try {
    const made = await make(folder);
    writeFileSync(value, JSON.stringify(made ?? null));
    return made;
  } catch (error) {
    writeFileSync(failure, error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
}

function newest(path: string, pick: (a: number, b: number) => number, start: number): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return pick(start, stat.mtimeMs);
  return readdirSync(path).reduce((found, name) => newest(join(path, name), pick, found), start);
}

/** Whether every declaration file a package's exports map names is there (a build that stopped half-way leaves some out). */
function declaredTypesPresent(packageDir: string): boolean {
  const { exports } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.values(exports).every(
    (target) => typeof target !== 'object' || existsSync(join(packageDir, String((target as { types: string }).types))),
  );
}

/** Whether every package's dist/ (fw's Node bundle too) is complete and newer than the files it is built from. */
function builtIsFresh(root: string): boolean {
  const outputs = [...packages.map((pkg) => join(pkg.dir, 'dist')), join(root, 'dist', 'node')];
  if (!outputs.every((path) => existsSync(path)) || !packages.every((pkg) => declaredTypesPresent(pkg.dir))) return false;
  const inputs = [
    ...packages.flatMap((pkg) => [...pkg.sources.map((source) => join(pkg.dir, source)), join(pkg.dir, 'package.json')]),
    join(root, 'tsconfig.json'),
    ...readdirSync(join(root, 'scripts'))
      .filter((name) => name.startsWith('build-'))
      .map((name) => join(root, 'scripts', name)),
  ];
  const newestInput = inputs.reduce((found, path) => newest(path, Math.max, found), 0);
  const oldestOutput = outputs.reduce((found, path) => newest(path, Math.min, found), Number.POSITIVE_INFINITY);
  return oldestOutput > newestInput;
}

/** Runs `npm run build` once per run, unless dist/ is already newer than the sources; every file that reads dist/ awaits it. */
export function builtOnce(root: string): Promise<void> {
  return oncePerRun('build', async () => {
    if (!builtIsFresh(root)) await sh('npm', ['run', 'build'], root);
  });
}
