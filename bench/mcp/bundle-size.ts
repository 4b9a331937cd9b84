/**
 * Minified and gzipped size of a worker serving MCP: fw + fw-mcp against one built with the official SDK.
 * Run alone (`npx tsx bench/mcp/bundle-size.ts [entry...]`, entries relative to bench/mcp or absolute) it prints each entry's
 * sizes and its heaviest groups (minified bytes per fw folder, fw-mcp folder or package, from esbuild's metafile).
 */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = join(import.meta.dirname, '../..');

/** Sizes of one bundle in bytes, and the minified bytes of each group of inputs (`src/core`, `mcp/src/http`, a package). */
export interface BundleSize {
  min: number;
  gzip: number;
  groups: Record<string, number>;
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

/** Bundles an entry like a worker build (ESM, minified, neutral platform) and returns both sizes in bytes and its groups. */
export async function bundleSize(entry: string): Promise<BundleSize> {
  const result = await build({
    entryPoints: [entry.startsWith('/') ? entry : join(import.meta.dirname, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    metafile: true,
    outdir: join(root, 'bench/.out/bundle-size'),
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length, groups: groupsOf(result.metafile) };
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
