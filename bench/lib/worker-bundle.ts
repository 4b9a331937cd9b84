/** Bundles a bench's worker script from the repo's sources, as wrangler would, for Miniflare. */
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '../..');

/** ESM for workerd (workerd conditions, fw through the repo's tsconfig paths; `cloudflare:workers` stays an import). */
export async function bundleWorkerScript(entry: string, options: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    minify: options.minify ?? false,
    tsconfig: join(root, 'tsconfig.json'),
    external: ['cloudflare:workers'],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}
