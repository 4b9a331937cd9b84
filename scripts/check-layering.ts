/**
 * The import-layering check of CI (`npm run lint:deps`): esbuild reads every module of src/ and mcp/src/ as the
 * bundler of a user would (types stripped, so `import type` never counts), and this script fails on
 *   - a run-time import cycle inside src/core or inside mcp/src,
 *   - a node:*, bun:* or other runtime built-in import from src/ or mcp/src/ (they run on workers),
 *   - an import of targets/ or cli/ from src/, and a relative import of fw's files from mcp/src/ (fw-mcp uses fw's
 *     public entries by name, `fw/serverless` included),
 *   - an import (type imports included, read from the text) from src/core of anything outside src/core: the core is
 *     a kernel, arrows point into it,
 *   - an `import()` whose argument is not a string literal in src/ or mcp/src/ (workers refuse such bundles).
 * esbuild's metafile is the parser (a well-kept one, already a dependency); only the graph walk is written here.
 */
import { build, type Metafile } from 'esbuild';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtins = new Set(builtinModules);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The run-time import graph of the given entries, as esbuild resolves it (repo tsconfig paths for fw and fw-mcp). */
async function graph(entries: string[]): Promise<Metafile['inputs']> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    outdir: 'out',
    packages: 'external',
    external: ['node:*', 'bun:*', 'bun', 'cloudflare:*', ...builtinModules],
    tsconfig: 'tsconfig.json',
    logLevel: 'silent',
  });
  return result.metafile.inputs;
}

/** Every cycle among files matching `inside`, each reported once, as the list of files around it. */
function cycles(inputs: Metafile['inputs'], inside: RegExp): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of inputs[file]?.imports ?? []) {
      if (next.external || !inside.test(next.path)) continue;
      if (state.get(next.path) === 'open') {
        const cycle = stack.slice(stack.indexOf(next.path));
        const key = [...cycle].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          found.push([...cycle, next.path]);
        }
      } else if (!state.has(next.path)) visit(next.path);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of Object.keys(inputs).sort()) if (inside.test(file) && !state.has(file)) visit(file);
  return found;
}

const neutral = /^(src|mcp\/src)\//;
const entries = [...sources('src'), ...sources('mcp/src')];
const inputs = await graph(entries);
const problems: string[] = [];
for (const cycle of [...cycles(inputs, /^src\/core\//), ...cycles(inputs, /^mcp\/src\//)])
  problems.push(`import cycle: ${cycle.join(' -> ')}`);
for (const [file, input] of Object.entries(inputs)) {
  if (!neutral.test(file)) continue;
  for (const target of input.imports) {
    const bare = target.path.replace(/^node:/, '');
    if (target.external && (target.path.startsWith('node:') || target.path.startsWith('bun') || builtins.has(bare)))
      problems.push(`${file} imports the runtime built-in "${target.path}": src/ and mcp/src/ run on workers (move it to targets/)`);
    const relativeImport = target.original?.startsWith('.') === true;
    if (!target.external && /^(targets|cli)\//.test(target.path) && (file.startsWith('src/') || relativeImport))
      problems.push(`${file} imports ${target.path}: targets/ and cli/ wrap the core, never the reverse`);
    if (file.startsWith('mcp/src/') && relativeImport && /^(src|targets)\//.test(target.path))
      problems.push(`${file} reaches into ${target.path} by a relative path: fw-mcp imports fw by its package names`);
  }
}
const specifier = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
const variableImport = /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?(?!['"`\s])/;
for (const file of entries) {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.startsWith('src/core/'))
    for (const [, path] of text.matchAll(specifier))
      if (path.startsWith('../')) problems.push(`${file} imports ${path}: src/core is the kernel and imports nothing outside src/core`);
  text.split('\n').forEach((line, index) => {
    if (!/^\s*(\*|\/\/)/.test(line) && variableImport.test(line))
      problems.push(`${file}:${index + 1} imports a module by a variable: workers refuse it (give a platform service from targets/)`);
  });
}
console.log(`layering: ${Object.keys(inputs).filter((f) => neutral.test(f)).length} modules of src/ and mcp/src/ read`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`layering: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log('layering: no cycles in src/core or mcp/src, a kernel core, no built-in, target or variable imports from neutral code');
