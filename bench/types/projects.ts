/**
 * Writes the generated projects into a temp folder outside the checkout (no tsconfig of the repo applies there):
 * the fw project type-checks fw from the repo's sources (tsconfig `paths` -> /…/src, absolute), the fw (.d.ts) one
 * from its emitted declarations (declarations.ts), the hono one uses hono from node_modules (a link to the repo's).
 * All have the same compiler options apart from `paths`.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/user-project';
import { fwSourcePaths } from './declarations';
import { fwApp, fwClient } from './fw-project';
import { honoApp, honoClient, honoValidate } from './hono-project';
import { type PlanItem, calledRoutes } from './plan';

/** One case's projects (folders holding a tsconfig.json): fw from its sources, fw from its declarations, hono. */
export interface CaseProjects {
  fw: string;
  'fw (.d.ts)': string;
  hono: string;
}

function tsconfig(paths?: Record<string, string[]>): string {
  const compilerOptions = {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    ...(paths ? { paths } : {}),
  };
  return `${JSON.stringify({ compilerOptions, files: ['app.ts', 'client.ts'] }, null, 2)}\n`;
}

function writeProject(dir: string, files: Record<string, string>, paths?: Record<string, string[]>): void {
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'tsconfig.json'), tsconfig(paths));
}

/** A new temp folder outside the checkout with a link to the repo's node_modules, for `writeCase`. */
export function makeRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'fw-bench-types-'));
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  return root;
}

/**
 * Writes a case's projects under `root` (`<label>-fw`, `<label>-fw-dts`, `<label>-hono`); the client calls every
 * `step`-th route; `dtsPaths` are those of `emitFwDeclarations`.
 */
export function writeCase(root: string, label: string, plan: PlanItem[], step: number, dtsPaths: Record<string, string[]>): CaseProjects {
  const called = calledRoutes(plan, step);
  const projects = { fw: join(root, `${label}-fw`), 'fw (.d.ts)': join(root, `${label}-fw-dts`), hono: join(root, `${label}-hono`) };
  const fw = { 'app.ts': fwApp(plan), 'client.ts': fwClient(called) };
  writeProject(projects.fw, fw, fwSourcePaths());
  writeProject(projects['fw (.d.ts)'], fw, dtsPaths);
  writeProject(projects.hono, { 'app.ts': honoApp(plan), 'client.ts': honoClient(called), 'validate.ts': honoValidate });
  return projects;
}

/** Deletes a folder made by `makeRoot`. */
export function removeRoot(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
