/** Builds a bench app the way the bundle-size method says: esbuild --bundle --minify --format=esm --platform=neutral --target=es2022. */
import { build, type Metafile } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The repository root. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

/** A built bench app: the minified code, its sizes and esbuild's metafile. */
export interface BuiltApp {
  code: string;
  minBytes: number;
  gzipBytes: number;
  metafile: Metafile;
}

/**
 * Bundles one entry (path relative to the root). `node:*` and `ioredis` (which fw/lambda's RedisKV imports lazily;
 * a neutral bundle cannot resolve its Node builtins) stay external for every contestant alike, and
 * `mainFields` lets the neutral platform resolve dependencies that ship only `main`/`module` (no `exports`).
 */
export async function buildApp(entry: string): Promise<BuiltApp> {
  const result = await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    external: ['node:*', 'ioredis'],
    write: false,
    metafile: true,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const bytes = Buffer.from(code);
  return { code, minBytes: bytes.byteLength, gzipBytes: gzipSync(bytes, { level: 9 }).byteLength, metafile: result.metafile };
}

/** The biggest inputs of a bundle (bytes each contributes to the output), to see what pulls code in. */
export function heaviestInputs(metafile: Metafile, count: number): { path: string; bytes: number }[] {
  const output = Object.values(metafile.outputs)[0];
  return Object.entries(output.inputs)
    .map(([path, info]) => ({ path, bytes: info.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}
