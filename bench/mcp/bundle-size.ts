/**
 * Minified and gzipped size of a worker serving MCP: fw + fw-mcp against one built with the official SDK.
 * Run alone (`npx tsx bench/mcp/bundle-size.ts [entry...]`, entries relative to bench/mcp or absolute) it prints each entry's
 * sizes and its heaviest groups (minified bytes per fw folder, fw-mcp folder or package, from esbuild's metafile).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type Plugin } from 'esbuild';

const root = join(import.meta.dirname, '../..');
const conditions = ['workerd', 'worker', 'browser'];

/** Sizes of one bundle in bytes, and the minified bytes of each group of inputs (`src/core`, `mcp/src/http`, a package). */
export interface BundleSize {
  min: number;
  gzip: number;
  groups: Record<string, number>;
  /** The input files with code in the bundle, relative to the repository root. */
  files: string[];
}

type ExportTarget = string | { [condition: string]: ExportTarget };

/** The file an exports-map entry gives under `conditions` (esbuild also matches `import` and `default`), or null. */
function exportTarget(target: ExportTarget, active: readonly string[]): string | null {
  if (typeof target === 'string') return target;
  for (const [condition, next] of Object.entries(target)) {
    if (condition === 'types' || !active.includes(condition)) continue;
    const found = exportTarget(next, active);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Resolves `fw-mcp` (and its subpaths) through mcp/package.json's `exports`, and fw-mcp's own `#` imports through its
 * `imports`, under the build's conditions, as a wrangler build resolves the installed package; then maps the built
 * file (`./dist/src/x.js`) to its source (`mcp/src/x.ts`). So the bench bundles from this checkout what users bundle
 * (stdio/unavailable.ts for `#stdio` under workerd), where tsconfig paths would give the Node files.
 */
function fwMcpAsPublished(active: readonly string[]): Plugin {
  const manifest = JSON.parse(readFileSync(join(root, 'mcp/package.json'), 'utf8')) as Record<string, Record<string, ExportTarget>>;
  const source = (file: string) => join(root, 'mcp', file.replace(/^\.\/dist\/(.*)\.js$/, '$1.ts'));
  const resolve = (map: Record<string, ExportTarget>, key: string, specifier: string) => {
    const file = map[key] === undefined ? null : exportTarget(map[key], [...active, 'import', 'default']);
    return file === null ? { errors: [{ text: `fw-mcp has no "${specifier}" under ${active.join(', ')}` }] } : { path: source(file) };
  };
  return {
    name: 'fw-mcp-as-published',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^fw-mcp(\/|$)/ }, ({ path }) => resolve(manifest.exports, `.${path.slice('fw-mcp'.length)}`, path));
      pluginBuild.onResolve({ filter: /^#/ }, ({ path, importer }) =>
        importer.startsWith(join(root, 'mcp/src')) ? resolve(manifest.imports, path, path) : undefined,
      );
    },
  };
}

/** The group an input path belongs to: its fw or fw-mcp folder (or file), else its package. */
function groupOf(path: string): string {
  return path.replace(/^(mcp\/src\/[^/]+|src\/[^/]+|targets\/[^/]+|node_modules\/(@[^/]+\/)?[^/]+).*/, '$1');
}

function groupsOf(metafile: Metafile): Record<string, number> {
  const groups: Record<string, number> = {};
  for (const [path, input] of Object.entries(Object.values(metafile.outputs)[0].inputs)) {
    if (input.bytesInOutput > 0) groups[groupOf(path)] = (groups[groupOf(path)] ?? 0) + input.bytesInOutput;
  }
  return Object.fromEntries(Object.entries(groups).sort((a, b) => b[1] - a[1]));
}

/**
 * Bundles an entry like a worker build (ESM, minified, neutral platform, conditions workerd, worker and browser; fw
 * through tsconfig paths, fw-mcp through its package.json): the code and the input files with code in it.
 */
export async function workerBundle(entry: string): Promise<{ code: Uint8Array; metafile: Metafile; files: string[] }> {
  const result = await build({
    entryPoints: [entry.startsWith('/') ? entry : join(import.meta.dirname, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
    plugins: [fwMcpAsPublished(conditions)],
    target: 'es2022',
    write: false,
    metafile: true,
    outdir: join(root, 'bench/.out/bundle-size'),
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const inputs = Object.entries(Object.values(result.metafile.outputs)[0].inputs);
  const files = inputs.filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path);
  return { code: result.outputFiles[0].contents, metafile: result.metafile, files };
}

/** Bundles an entry as `workerBundle` does and returns both sizes in bytes and its groups. */
export async function bundleSize(entry: string): Promise<BundleSize> {
  const { code, metafile, files } = await workerBundle(entry);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, groups: groupsOf(metafile), files };
}

if (process.argv[1] === import.meta.filename) {
  const entries = process.argv.slice(2);
  for (const entry of entries.length > 0 ? entries : ['workers/fw-mcp.ts', 'workers/fw-mcp-plain.ts']) {
    const { min, gzip, groups } = await bundleSize(entry);
    const heaviest = Object.entries(groups)
      .slice(0, 12)
      .map(([group, bytes]) => `${group} ${(bytes / 1000).toFixed(1)}K`);
    console.log(`${entry}: ${min} bytes minified, ${gzip} gzip -9; heaviest (minified): ${heaviest.join(', ')}`);
  }
}
