/** Finds the project's app module when no `--app` is given: package.json's entry first, then the usual file names. */
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Fw } from 'fw';
import { CliUsageError } from './io';
import { appFromModule, appShape, importModule, loadApp } from './load-app';
import { readProjectPackage } from './project-package';

/** The file names tried after package.json's entry, in this order, each with every extension of `appExtensions`. */
const appStems = ['src/app', 'src/index', 'app', 'index', 'src/server', 'server'];
/** The extensions tried for each of `appStems`, in order. */
const appExtensions = ['ts', 'js', 'mjs'];

/** One file the search considered: where the name came from, and the export names of the module when the file exists. */
export interface TriedFile {
  file: string;
  from?: string;
  exports?: string[];
}

/** An app and the file it came from (relative to the project folder). */
export interface FoundApp {
  app: Fw;
  file: string;
}

/** What `findApp` found: the app, or null and every file it tried. */
export interface AppSearch {
  found: FoundApp | null;
  tried: TriedFile[];
}

function entryOf(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(entryOf).find((e) => e !== null) ?? null;
  if (typeof target !== 'object' || target === null) return null;
  const map = target as Record<string, unknown>;
  if (Object.keys(map).some((key) => key.startsWith('.'))) return entryOf(map['.']);
  return ['import', 'node', 'default'].map((condition) => entryOf(map[condition])).find((e) => e !== null) ?? null;
}

async function candidates(dir: string): Promise<TriedFile[]> {
  const pkg = await readProjectPackage(dir);
  const declared: TriedFile[] = [];
  const exported = entryOf(pkg?.exports);
  if (exported) declared.push({ file: exported, from: 'package.json "exports"' });
  if (typeof pkg?.main === 'string') declared.push({ file: pkg.main, from: 'package.json "main"' });
  const usual = appStems.flatMap((stem) => appExtensions.map((ext) => ({ file: `${stem}.${ext}` })));
  const unique = new Map<string, TriedFile>();
  for (const candidate of [...declared, ...usual]) {
    const file = relative(dir, resolve(dir, candidate.file));
    if (!unique.has(file)) unique.set(file, { ...candidate, file });
  }
  return [...unique.values()];
}

/** Imports the candidates of `dir` in order and returns the first app one exports; modules that exist but export none are skipped. */
export async function findApp(dir: string): Promise<AppSearch> {
  const tried: TriedFile[] = [];
  for (const candidate of await candidates(dir)) {
    const file = resolve(dir, candidate.file);
    if (!(await stat(file).catch(() => null))?.isFile()) {
      tried.push(candidate);
      continue;
    }
    const mod = await importModule(file, dir);
    const app = await appFromModule(mod);
    if (app) return { found: { app, file: candidate.file }, tried };
    tried.push({ ...candidate, exports: Object.keys(mod) });
  }
  return { found: null, tried };
}

function missingList(tried: TriedFile[]): string[] {
  const missing = tried.filter((t) => !t.exports);
  const names: string[] = [];
  for (const t of missing) {
    const stem = t.file.replace(/\.[^./]+$/, '');
    const group = appExtensions.map((ext) => `${stem}.${ext}`);
    const whole = !t.from && appStems.includes(stem) && group.every((f) => missing.some((m) => m.file === f && !m.from));
    if (!whole) names.push(t.from ? `${t.file} (${t.from})` : t.file);
    else if (t.file === group[0]) names.push(`${stem}.{${appExtensions.join(',')}}`);
  }
  return names;
}

/** Lines naming every file a search tried: the modules that exported no app (with their exports), then the missing files. */
export function describeTried(tried: TriedFile[]): string[] {
  const lines = tried
    .filter((t) => t.exports)
    .map(
      (t) =>
        `${t.file}${t.from ? ` (${t.from})` : ''} exports ${t.exports!.length > 0 ? t.exports!.join(', ') : 'nothing'}, none of them an fw app`,
    );
  const missing = missingList(tried);
  if (missing.length > 0) lines.push(`no such file: ${missing.join(', ')}`);
  return lines;
}

/** The usage error for a search that found nothing: every file tried, what an app module exports, and `what to pass`. */
export function noAppError(command: string, dir: string, tried: TriedFile[], whatToPass: string): CliUsageError {
  const lines = [`fw ${command}: found no fw app in ${dir}`, ...describeTried(tried).map((l) => `  ${l}`)];
  lines.push(`An app module exports ${appShape}.`, `Pass ${whatToPass}.`);
  return new CliUsageError(lines.join('\n'));
}

/** The app of `--app` when given, else the one `findApp` finds; throws `noAppError` when there is none. */
export async function requireApp(command: string, dir: string, explicit: string | undefined, whatToPass: string): Promise<FoundApp> {
  if (explicit !== undefined) return { app: await loadApp(explicit, dir), file: explicit };
  const { found, tried } = await findApp(dir);
  if (!found) throw noAppError(command, dir, tried, whatToPass);
  return found;
}
