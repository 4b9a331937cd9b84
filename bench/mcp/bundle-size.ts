/** Minified and gzipped size of a worker serving MCP: fw + fw-mcp against one built with the official SDK. */
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '../..');

/** Bundles an entry like a worker build (ESM, minified, neutral platform) and returns both sizes in bytes. */
export async function bundleSize(entry: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}
