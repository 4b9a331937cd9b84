/** Static analysis of a whole project: every source file's routes, env bindings and imports, in one report. */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { analyzeSource, type SourceRoute } from './analyze-source';
import { findSourceFiles } from './find-source-files';

/** What `analyzeProject` finds. */
export interface ProjectAnalysis {
  root: string;
  files: string[];
  routes: SourceRoute[];
  envBindings: string[];
  /** Bare package names the sources import (node: builtins included as written). */
  packages: string[];
  errors: string[];
}

function packageName(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/')) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Analyzes every source file under `<root>/<srcDir>` (default `src`); file paths in the result are relative to root. */
export async function analyzeProject(root: string, options: { srcDir?: string } = {}): Promise<ProjectAnalysis> {
  const base = resolve(root);
  const files = await findSourceFiles(resolve(base, options.srcDir ?? 'src'));
  const result: ProjectAnalysis = { root: base, files: [], routes: [], envBindings: [], packages: [], errors: [] };
  const env = new Set<string>();
  const packages = new Set<string>();
  for (const file of files) {
    const name = relative(base, file);
    const analysis = analyzeSource(await readFile(file, 'utf8'), name);
    result.files.push(name);
    result.routes.push(...analysis.routes);
    result.errors.push(...analysis.errors);
    for (const b of analysis.envBindings) env.add(b);
    for (const spec of analysis.imports) {
      const pkg = packageName(spec);
      if (pkg) packages.add(pkg);
    }
  }
  result.envBindings = [...env].sort();
  result.packages = [...packages].sort();
  return result;
}
