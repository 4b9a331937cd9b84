/** Imports a project's app module for `fw routes --app` and `fw mcp`: its default or `app` export (an Fw, or a function making one). */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stat } from 'node:fs/promises';
import type { Fw } from 'fw';
import { CliUsageError } from './io';

function isApp(value: unknown): value is Fw {
  return typeof value === 'object' && value !== null && typeof (value as Fw).getRoutes === 'function' && typeof (value as Fw).fetch === 'function';
}

/** Loads the app of `entry` (relative to `cwd`); throws a CliUsageError when the file is missing or exports no app. */
export async function loadApp(entry: string, cwd: string): Promise<Fw> {
  const file = resolve(cwd, entry);
  if (!(await stat(file).catch(() => null))?.isFile()) throw new CliUsageError(`no app module at ${file} (pass --app <file>)`);
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const candidate of [mod.default, mod.app]) {
    const factory = typeof candidate === 'function' && candidate.length === 0 && !isApp(candidate);
    const value = factory ? await (candidate as () => unknown)() : candidate;
    if (isApp(value)) {
      await value.ready();
      return value;
    }
  }
  throw new CliUsageError(`${entry} exports no fw app: export default (or export const app) an Fw instance or a function of no arguments returning one`);
}
