/** Doctor checks read from the app itself: how many routes it serves and which take a body without a schema. */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { DoctorCheck } from '../../tooling/doctor';
import { analyzeProject } from '../../tooling/analyze-project';
import { describeTried, findApp, type FoundApp } from '../find-app';
import { CliUsageError } from '../io';
import { loadApp } from '../load-app';

/** The app's checks, and whether they replace the source scan's `validation` checks (they do once the app loaded). */
export interface AppChecks {
  checks: DoctorCheck[];
  fromApp: boolean;
}

async function sourceLines(root: string, srcDir: string): Promise<Map<string, string>> {
  const lines = new Map<string, string>();
  if (!(await stat(resolve(root, srcDir)).catch(() => null))?.isDirectory()) return lines;
  for (const r of (await analyzeProject(root, { srcDir })).routes) lines.set(`${r.method} ${r.path}`, `${r.file}:${r.line}`);
  return lines;
}

async function countRoutes({ app, file }: FoundApp, lines: Map<string, string>): Promise<DoctorCheck[]> {
  const all = app.getRoutes();
  const shown = all.filter((r) => !r.options?.hidden);
  const hidden = all.length - shown.length;
  const counted = `app.getRoutes() of ${file}, hidden routes (${hidden}) not counted`;
  const checks: DoctorCheck[] = [
    shown.length === 0
      ? { name: 'routes', status: 'warn', message: `no routes (${counted}): register some, or pass --app <file> if this is not the app` }
      : { name: 'routes', status: 'ok', message: `${shown.length} route${shown.length === 1 ? '' : 's'} (${counted})` },
  ];
  const bare = shown.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.options?.schema?.body);
  for (const r of bare) {
    const at = lines.get(`${r.method} ${r.path}`);
    checks.push({
      name: 'validation',
      status: 'warn',
      message: `${r.method} ${r.path}${at ? ` (${at})` : ''} takes a body without a schema: add { schema: { body } }`,
    });
  }
  if (bare.length === 0)
    checks.push({ name: 'validation', status: 'ok', message: 'every POST, PUT and PATCH route of the app declares a body schema' });
  return checks;
}

async function locate(root: string, explicit: string | undefined): Promise<FoundApp | DoctorCheck> {
  try {
    if (explicit !== undefined) return { app: await loadApp(explicit, root), file: explicit };
    const { found, tried } = await findApp(root);
    return (
      found ?? {
        name: 'routes',
        status: 'warn',
        message: `found no app module to count routes from (${describeTried(tried).join('; ')}): pass --app <file>`,
      }
    );
  } catch (error) {
    if (error instanceof CliUsageError) throw error;
    return {
      name: 'routes',
      status: 'error',
      message: `${(error as Error).message}: fix the module, or pass --app <file> to check another`,
    };
  }
}

/** Loads the app (`--app`, else as `findApp` finds it), counts its routes and lists those without a body schema; the app is stopped after. */
export async function appChecks(root: string, explicit: string | undefined, srcDir: string): Promise<AppChecks> {
  const found = await locate(root, explicit);
  if (!('app' in found)) return { fromApp: false, checks: [found] };
  try {
    return { fromApp: true, checks: await countRoutes(found, await sourceLines(root, srcDir)) };
  } finally {
    await found.app.stop();
  }
}
