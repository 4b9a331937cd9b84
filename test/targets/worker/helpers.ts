/** Builds fixture workers from source with esbuild and runs them in workerd through miniflare. */
import { build } from 'esbuild';
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleConfig } from 'fw/serverless';

/** The repository root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The compatibility date fixtures run with (the one in wrangler.toml). */
export const compatibilityDate = '2026-04-01';

/** esbuild's options for a worker bundle as wrangler makes it (ESM, workerd conditions, fw through tsconfig paths, `cloudflare:workers` external). */
function workerBuildOptions(entry: string, define: Record<string, string>, minify: boolean) {
  return {
    entryPoints: [resolve(root, entry)],
    bundle: true,
    format: 'esm' as const,
    platform: 'neutral' as const,
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false as const,
    minify,
    tsconfig: join(root, 'tsconfig.json'),
    define,
    external: ['cloudflare:workers'],
    logLevel: 'silent' as const,
  };
}

/** fw/serverless's worker preset (format, platform, target, conditions, main fields, externals): what `fw build` uses. */
const { format, platform, target, conditions, mainFields, external } = bundleConfig('worker', 'worker.ts');
const workerPreset = { format, platform, target, conditions, mainFields, external };

/**
 * Bundles a worker entry the way wrangler does (ESM, workerd conditions, fw resolved through tsconfig paths;
 * `cloudflare:workers` stays an import of workerd's own module). `entry` is absolute or relative to the repository
 * root; tests and benches (bench/rooms, bench/durable-kv, bench/bus-loss) share it.
 */
export async function bundleWorker(
  entry: string,
  define: Record<string, string> = {},
  options: { minify?: boolean } = {},
): Promise<string> {
  const result = await build(workerBuildOptions(entry, define, options.minify ?? false));
  return result.outputFiles[0].text;
}

/** The input files (relative to the repository root) whose code a minified worker bundle of `entry` keeps. */
export async function keptInputs(entry: string): Promise<string[]> {
  const result = await build({ ...workerBuildOptions(entry, {}, true), metafile: true as const, absWorkingDir: root });
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return Object.entries(inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

/**
 * A minified worker bundle made with the bench's esbuild worker recipe (bench/bundle) from `source` (resolved from
 * `resolveDir`, the repository root by default) or from `entry`: its gzip -9 bytes and the input files (relative to
 * the repository root) with code in it. fw resolves to its sources through tsconfig.json, or through `tsconfigRaw`.
 */
export async function workerBundleFacts(options: {
  source?: string;
  entry?: string;
  resolveDir?: string;
  tsconfigRaw?: string;
}): Promise<{ gzip: number; inputs: string[] }> {
  const input =
    options.source === undefined
      ? { entryPoints: [resolve(root, options.entry ?? '')] }
      : { stdin: { contents: options.source, resolveDir: options.resolveDir ?? root, loader: 'ts' as const } };
  const config = options.tsconfigRaw === undefined ? { tsconfig: join(root, 'tsconfig.json') } : { tsconfigRaw: options.tsconfigRaw };
  const result = await build({
    ...input,
    ...config,
    absWorkingDir: root,
    ...workerPreset,
    write: false,
    bundle: true,
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = Object.values(result.metafile.outputs);
  const inputs = Object.entries(output.inputs)
    .filter(([, used]) => used.bytesInOutput > 0)
    .map(([file]) => file);
  return { gzip: gzipSync(result.outputFiles[0].contents, { level: 9 }).byteLength, inputs };
}

/** Starts workerd with one ES module worker and whatever bindings the test asks for. */
export async function runWorker(
  script: string,
  options: Omit<MiniflareOptions, 'modules' | 'script' | 'scriptPath'> = {},
): Promise<Miniflare> {
  const mf = new Miniflare({
    compatibilityDate,
    host: '127.0.0.1',
    port: 0,
    cf: false,
    ...options,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
  } as MiniflareOptions);
  await mf.ready;
  return mf;
}

/** A free TCP port on 127.0.0.1, for servers that cannot take port 0 themselves. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The modules of a worker built by wrangler into `outdir`: `index.js`, plus the files its module rules kept apart (the example's `*.sql` migrations, as Text). */
export function builtModules(outdir: string): { type: 'ESModule' | 'Text'; path: string; contents: string }[] {
  const text = readdirSync(outdir).filter((name) => /\.(sql|txt|html)$/.test(name));
  return [
    { type: 'ESModule', path: 'index.js', contents: readFileSync(join(outdir, 'index.js'), 'utf8') },
    ...text.map((name) => ({ type: 'Text' as const, path: name, contents: readFileSync(join(outdir, name), 'utf8') })),
  ];
}
