/**
 * The import-layering check of CI (`npm run lint:deps`). esbuild reads every module of src/, targets/, mcp/src/ and
 * cli/ twice: as a user's bundler would (types stripped: what runs), and with type imports kept as imports (what a
 * reader follows). This script fails on
 *   - an import cycle anywhere in those trees, type imports included,
 *   - a node:*, bun:* or other runtime built-in import run by src/ or mcp/src/ (they run on workers),
 *   - an import of targets/ or cli/ from src/, and a relative import of fw's files from mcp/src/ (fw-mcp uses fw's
 *     public entries by name, `fw/serverless` included),
 *   - an import from src/core of anything outside src/core: the core is a kernel, arrows point into it,
 *   - an import of the root barrel (`fw`, src/index.ts) from a module of src/ other than src/index.ts and src/app/:
 *     modules take kernel types from src/core (the barrel re-exports every module, so it would close cycles),
 *   - an import in mcp/src/ that points up its layers, which are, bottom to top:
 *       1. protocol and server: JSON-RPC, methods, registry, tasks, 2026-07-28, the server core and its one
 *          `Transport` interface (every top-level file of mcp/src/ not named in 7, and auth/, methods/, modern/, tasks/),
 *       2. http-json/: reading JSON bodies and JSON-RPC error responses over HTTP,
 *       3. oauth/: the resource server (token checks, metadata),
 *       4. stdio/: the stdio transport,
 *       5. http/: the streamable HTTP and legacy SSE transport, an fw plugin,
 *       6. bridge/: the app bridge (route tools, runtime tools, prompts, in-process calls),
 *       7. workflows/: workflow runs and their tools,
 *       8. composition: plain-server.ts and plain.ts (the server with stdio, `fw-mcp/plain`), app-bridge.ts,
 *          bridged-server.ts and index.ts (`fw-mcp`), legacy-sse.ts (`fw-mcp/legacy-sse`), which wire transports and the bridge to the server;
 *     a module imports its own layer or lower ones only,
 *   - an `import()` whose argument is not a string literal in src/ or mcp/src/ (workers refuse such bundles).
 * esbuild's metafile is the parser and resolver (a well-kept one, already a dependency); only the rewrite of type
 * imports into plain ones and the graph walk are written here.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtins = new Set(builtinModules);
const trees = ['src', 'targets', 'mcp/src', 'cli'];
const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')).compilerOptions;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Turns `import type`, `export type {…} from` and `{ type X }` into plain imports, so esbuild keeps and resolves them. */
const typeImportsKept: Plugin = {
  name: 'type-imports-kept',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8')
        .replace(/\b(import|export)\s+type\s+(?=[{*])/g, '$1 ')
        .replace(/\bimport\s+type\s+(?=[\w$]+\s+from\b)/g, 'import ')
        .replace(/([{,]\s*)type\s+(?=[\w$]+\s*(?:as\s+[\w$]+\s*)?[,}])/g, '$1');
      return { contents: text, resolveDir: dirname(args.path), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** The import graph of the given entries as esbuild resolves it (repo tsconfig paths); `withTypes` keeps type imports. */
async function graph(entries: string[], withTypes: boolean): Promise<Metafile['inputs']> {
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
    // With type imports kept, verbatimModuleSyntax stops esbuild from dropping the imports only types use.
    ...(withTypes ? { tsconfigRaw: { compilerOptions: { ...tsconfig, verbatimModuleSyntax: true } } } : { tsconfig: 'tsconfig.json' }),
    logLevel: 'silent',
    plugins: withTypes ? [typeImportsKept] : [],
  });
  return result.metafile.inputs;
}

/** Every cycle of a graph given as node -> next nodes, each reported once, as the list of nodes around it. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const key = [...cycle].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          found.push([...cycle, next]);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/**
 * Imports that close a cycle between modules and stay until their owner moves them, each with its reason; the check
 * prints them on every run. Remove an entry once the import is gone.
 */
const tolerated: Record<string, string> = {};

/** The graph between units of a metafile (`unitOf` maps a file to its unit), resolved imports only. */
function unitGraph(inputs: Metafile['inputs'], unitOf: (file: string) => string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, input] of Object.entries(inputs)) {
    const from = unitOf(file);
    for (const target of input.imports) {
      const to = target.external ? undefined : unitOf(target.path);
      if (to === undefined || to === from || `${file} -> ${target.path}` in tolerated) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** The layers of mcp/src/, bottom first (see the comment at the top); a file not matched by 2 to 8 is in 1. */
const mcpLayers: [name: string, files: RegExp][] = [
  ['protocol and server', /^mcp\/src\//],
  ['http-json', /^mcp\/src\/http-json\//],
  ['oauth', /^mcp\/src\/oauth\//],
  ['stdio', /^mcp\/src\/stdio\//],
  ['http', /^mcp\/src\/http\//],
  ['bridge', /^mcp\/src\/bridge\//],
  ['workflows', /^mcp\/src\/workflows\//],
  ['composition', /^mcp\/src\/(plain-server|plain|legacy-sse|app-bridge|bridged-server|index)\.ts$/],
];

function mcpLayer(file: string): number {
  for (let rank = mcpLayers.length - 1; rank >= 0; rank--) if (mcpLayers[rank][1].test(file)) return rank;
  return -1;
}

const neutral = /^(src|mcp\/src)\//;
const entries = trees.flatMap(sources);
const [running, reading] = await Promise.all([graph(entries, false), graph(entries, true)]);
const problems: string[] = [];
for (const cycle of cycles(unitGraph(running, (file) => file))) problems.push(`import cycle: ${cycle.join(' -> ')}`);
// Types included, files of one module (src/<module>, targets/<target>, cli/<folder>; a layer in mcp/src) may refer to
// each other; modules and layers may not.
const unitOf = (file: string): string =>
  mcpLayer(file) >= 0
    ? `mcp/src (${mcpLayers[mcpLayer(file)][0]})`
    : file
        .split('/')
        .slice(0, file.startsWith('src/') && file.split('/').length === 2 ? 1 : 2)
        .join('/');
for (const cycle of cycles(unitGraph(reading, unitOf)))
  problems.push(`import cycle between modules, type imports included: ${cycle.join(' -> ')}`);
for (const [file, input] of Object.entries(running)) {
  if (!neutral.test(file)) continue;
  for (const target of input.imports) {
    const bare = target.path.replace(/^node:/, '');
    if (target.external && (target.path.startsWith('node:') || target.path.startsWith('bun') || builtins.has(bare)))
      problems.push(`${file} imports the runtime built-in "${target.path}": src/ and mcp/src/ run on workers (move it to targets/)`);
  }
}
for (const [file, input] of Object.entries(reading)) {
  for (const target of input.imports) {
    const relativeImport = target.original?.startsWith('.') === true;
    if (
      !target.external &&
      /^(targets|cli)\//.test(target.path) &&
      (file.startsWith('src/') || (file.startsWith('mcp/src/') && relativeImport))
    )
      problems.push(`${file} imports ${target.path}: targets/ and cli/ wrap the core, never the reverse`);
    if (file.startsWith('mcp/src/') && relativeImport && /^(src|targets)\//.test(target.path))
      problems.push(`${file} reaches into ${target.path} by a relative path: fw-mcp imports fw by its package names`);
    if (file.startsWith('src/core/') && !target.external && !target.path.startsWith('src/core/'))
      problems.push(`${file} imports ${target.path}: src/core is the kernel and imports nothing outside src/core`);
    const barrel = target.external ? target.path === 'fw' : target.path === 'src/index.ts';
    if (file.startsWith('src/') && file !== 'src/index.ts' && !file.startsWith('src/app/') && barrel)
      problems.push(
        `${file} imports the root barrel ("${target.original ?? target.path}"): take kernel types from src/core (e.g. '../core/types')`,
      );
    const from = mcpLayer(file);
    const to = target.external ? -1 : mcpLayer(target.path);
    if (from >= 0 && to > from)
      problems.push(`${file} (${mcpLayers[from][0]}) imports ${target.path} (${mcpLayers[to][0]}): fw-mcp's layers import downwards only`);
  }
}
const variableImport = /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?(?!['"`\s])/;
for (const file of entries) {
  if (!neutral.test(file)) continue;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (!/^\s*(\*|\/\/)/.test(line) && variableImport.test(line))
        problems.push(`${file}:${index + 1} imports a module by a variable: workers refuse it (give a platform service from targets/)`);
    });
}
for (const [edge, reason] of Object.entries(tolerated)) console.log(`layering: tolerated for now: ${edge} (${reason})`);
console.log(`layering: ${Object.keys(reading).length} modules of ${trees.join(', ')} read, type imports included`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`layering: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  'layering: no cycles, a kernel core, no root-barrel imports in src, fw-mcp layered, no built-in, target or variable imports from neutral code',
);
