/**
 * fw's entries as Node loads them, bundled (`dist/node/`): Node resolves `fw` and `fw/<module>` there (the `node`
 * export condition), so an unbundled `import('fw')` reads under 20 files instead of ~330 (loading and compiling that
 * many modules was 80% of its start-up). `kernel.js` holds `fw/core`, `bundle.js` the root and every module entry,
 * `target-<name>.js` each runtime target (fw/node, fw/lambda, fw/worker, fw/serverless: loading `fw` parses none of
 * them), `chunk-*.js` what they share (the kernel's modules among them) and what they `import()` on first use, and
 * `<entry>.js` re-exports one entry. `fw/mcp` and `fw/bun` are left out (fw-mcp is an optional peer; Bun takes its
 * `bun` condition). Every entry shares one copy of each module: `fw`'s and `fw/cors`'s HttpError, or `fw`'s Fw and
 * fw/core's, are the same classes, and `fw/core` alone loads the kernel only. Bundlers take the `module` condition
 * before `node` and keep seeing the module graph, so what they tree-shake is unchanged.
 */
import { build, type Plugin } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build-layout';

/** One entry of the Node build: its specifier, the dist file it bundles, and the file Node resolves it to. */
export interface NodeEntry {
  specifier: string;
  source: string;
  file: string;
}

type Conditions = Record<string, unknown>;

/** Entries the bundle leaves out (see above). */
const unbundled = new Set(['./mcp', './bun', './package.json']);

/**
 * Packages left to Node: optional peers (imported by name when asked for) and those fw imports only with `import()`
 * on first use (bundling them would make every start-up parse them).
 */
const external = ['fw-mcp', 'ws', 'postgres', 'mysql2', 'ioredis', 'better-sqlite3', '@aws-sdk/*', 'yaml', 'range-parser', '@remix-run/*'];

/** The dist file an `exports` value resolves to for Node: the `node` branch of its `module` condition, else `default`. */
function nodeSource(value: Conditions): string {
  const module = value.module as Conditions | string | undefined;
  if (typeof module === 'object' && typeof module.node === 'string') return module.node;
  return (typeof module === 'string' ? module : value.default) as string;
}

/** The entries of the package's `exports` that the Node bundle serves (all but the unbundled ones). */
export function nodeEntries(pkgDir = root): NodeEntry[] {
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const entries: NodeEntry[] = [];
  for (const [key, value] of Object.entries(manifest.exports)) {
    if (unbundled.has(key) || typeof value !== 'object' || value === null) continue;
    const name = key === '.' ? 'fw' : key.slice(2);
    const file = `./dist/node/${name}.js`;
    if ((value as Conditions).node !== file)
      throw new Error(
        `package.json exports["${key}"] needs "bun" and "module" (its per-module file) and then "node": "${file}" before "default", as the other entries have: Node must load every entry from the one bundle, or its classes are second copies`,
      );
    entries.push({ specifier: key === '.' ? 'fw' : `fw/${name}`, source: nodeSource(value as Conditions), file });
  }
  return entries;
}

/** Resolves `fw` and `fw/<x>` inside the bundle to the entry's own dist file (the per-module build). */
function entriesPlugin(pkgDir: string, entries: NodeEntry[]): Plugin {
  const bySpecifier = new Map(entries.map((entry) => [entry.specifier, join(pkgDir, entry.source)]));
  return {
    name: 'fw-node-entries',
    setup(b) {
      b.onResolve({ filter: /^fw(\/|$)/ }, (args) => {
        const path = bySpecifier.get(args.path);
        if (path === undefined) throw new Error(`${args.importer} imports ${args.path}, which is not an entry of fw's Node bundle`);
        return { path };
      });
    },
  };
}

/**
 * The output file an entry's code lands in: the kernel (`fw/core`) and each runtime target (`fw/<t>` built from
 * dist/targets/<t>/index.js) their own, every other entry `bundle`, fw/db and fw/workspace too although their Node
 * files live in dist/targets/node. esbuild puts what several of them reach in chunk files, so `fw/core` loads the
 * kernel alone; each extra group splits what `fw` loads into more chunk files, and each file costs Node's loader.
 */
function groupOf(entry: NodeEntry): string {
  if (entry.specifier === 'fw/core') return 'kernel';
  const name = entry.specifier.slice(3);
  return entry.source === `./dist/targets/${name}/index.js` ? `target-${name}` : 'bundle';
}

/** The names each entry exports, read from esbuild's metafile of a build of all of them (nothing written). */
async function exportedNames(pkgDir: string, entries: NodeEntry[], plugin: Plugin): Promise<string[][]> {
  const entryPoints = entries.map((entry, i) => ({ in: join(pkgDir, entry.source), out: `e${i}` }));
  const { metafile } = await build({
    entryPoints,
    absWorkingDir: pkgDir,
    outdir: join(pkgDir, 'dist', 'node'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    external,
    plugins: [plugin],
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const byEntry = new Map(Object.values(metafile.outputs).map((output) => [output.entryPoint, output.exports]));
  return entries.map((entry) => byEntry.get(entry.source.slice(2)) ?? []);
}

/** Bundles the groups' entry files into `outDir` (code-split: shared and `import()`ed code in chunk files). */
async function buildGroups(pkgDir: string, entryPoints: Record<string, string>, outDir: string, plugin: Plugin): Promise<void> {
  await build({
    entryPoints,
    absWorkingDir: pkgDir,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    splitting: true,
    bundle: true,
    minifyWhitespace: true,
    minifySyntax: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    plugins: [plugin],
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

/**
 * Builds `<pkgDir>/dist/node` from the per-module build in dist/src and dist/targets (run after it and its extensions):
 * the bundle and target files, which export every entry's names under an `e<i>$` prefix, their chunks, then one file
 * per entry re-exporting its names (live bindings: no namespace objects are built at load). Returns the count of entries.
 */
export async function buildNodeBundle(pkgDir = root): Promise<number> {
  const entries = nodeEntries(pkgDir);
  const outDir = join(pkgDir, 'dist', 'node');
  rmSync(outDir, { recursive: true, force: true });
  const plugin = entriesPlugin(pkgDir, entries);
  const names = await exportedNames(pkgDir, entries, plugin);
  const inputs = mkdtempSync(join(tmpdir(), 'fw-node-entries-'));
  const groups = new Map<string, string[]>();
  entries.forEach((entry, i) => {
    if (names[i].length === 0) throw new Error(`${entry.specifier} (${entry.source}) exports nothing`);
    const lines = groups.get(groupOf(entry)) ?? [];
    lines.push(
      `export { ${names[i].map((name) => `${name} as e${i}$${name}`).join(', ')} } from ${JSON.stringify(join(pkgDir, entry.source))};`,
    );
    groups.set(groupOf(entry), lines);
  });
  const entryPoints: Record<string, string> = {};
  for (const [group, lines] of groups) {
    entryPoints[group] = join(inputs, `${group}.js`);
    writeFileSync(entryPoints[group], `${lines.join('\n')}\n`);
  }
  try {
    await buildGroups(pkgDir, entryPoints, outDir, plugin);
  } finally {
    rmSync(inputs, { recursive: true, force: true });
  }
  entries.forEach((entry, i) => {
    const list = names[i].map((name) => `e${i}$${name} as ${name}`).join(', ');
    const lines = [
      `// ${entry.specifier} on Node: its exports from fw's Node bundle (scripts/build-node-bundle.ts).`,
      `export { ${list} } from './${groupOf(entry)}.js';`,
    ];
    writeFileSync(join(pkgDir, entry.file), `${lines.join('\n')}\n`);
  });
  return entries.length;
}
