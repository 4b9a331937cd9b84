/** Imports an app module named with `--app` and takes the fw app out of its exports. */
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stat } from 'node:fs/promises';
import type { Fw } from 'fw';
import { installNodeServices } from 'fw/node';
import { CliUsageError } from './io';

/** What an app module must export, in the words of every "no app" message. */
export const appShape =
  'an Fw instance as `app` or as the default export (or a function of no arguments returning one, or a worker object with an `app` property)';

function isApp(value: unknown): value is Fw {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Fw).getRoutes === 'function' &&
    typeof (value as Fw).fetch === 'function'
  );
}

async function appOf(value: unknown): Promise<Fw | null> {
  if (isApp(value)) return value;
  if (typeof value === 'function' && value.length === 0) {
    const made: unknown = await (value as () => unknown)();
    return isApp(made) ? made : null;
  }
  const inner = typeof value === 'object' && value !== null ? (value as { app?: unknown }).app : undefined;
  return isApp(inner) ? inner : null;
}

/**
 * The app a module exports (default export first, then `app`), made ready; null when it exports none. The CLI runs
 * on Node, so the app gets Node's services (route folders, static files, drivers) where it lacks them: an app on
 * fw/core, or one loaded through tsconfig paths that resolve `fw` to its neutral entry.
 */
export async function appFromModule(mod: Record<string, unknown>): Promise<Fw | null> {
  for (const candidate of [mod.default, mod.app]) {
    const app = await appOf(candidate);
    if (app) {
      installNodeServices(app);
      await app.ready();
      return app;
    }
  }
  return null;
}

/** Imports `file` (absolute); an error thrown while evaluating it names the file. */
export async function importModule(file: string, cwd: string): Promise<Record<string, unknown>> {
  try {
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`importing ${relative(cwd, file) || file} failed: ${(error as Error).message ?? String(error)}`, { cause: error });
  }
}

/** Loads the app of `entry` (relative to `cwd`); throws a CliUsageError when the file is missing or exports no app. */
export async function loadApp(entry: string, cwd: string): Promise<Fw> {
  const file = resolve(cwd, entry);
  if (!(await stat(file).catch(() => null))?.isFile())
    throw new CliUsageError(`no app module at ${file}: pass --app <file> naming the module that exports the app`);
  const app = await appFromModule(await importModule(file, cwd));
  if (!app) throw new CliUsageError(`${entry} exports no fw app: export ${appShape}`);
  return app;
}
