/** Builds fixture workers from source with esbuild and runs them in workerd through miniflare. */
import { build } from 'esbuild';
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The compatibility date fixtures run with (the one in wrangler.toml). */
export const compatibilityDate = '2026-04-01';

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
  const result = await build({
    entryPoints: [resolve(root, entry)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2022',
    write: false,
    minify: options.minify ?? false,
    tsconfig: join(root, 'tsconfig.json'),
    define,
    external: ['cloudflare:workers'],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
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
