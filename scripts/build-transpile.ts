/** Transpiles a package's TypeScript sources into one ESM file per module (no bundling, no shared chunks). */
import { build } from 'esbuild';
import { join } from 'node:path';
import type { PackageBuild } from './build-layout';

/** Writes `dist/<folder>/…/<module>.js` for every `.ts` module under the package's source folders. */
export async function transpile(pkg: PackageBuild, tsconfig: string): Promise<void> {
  await build({
    entryPoints: pkg.sources.map((folder) => `${folder}/**/*.ts`),
    absWorkingDir: pkg.dir,
    outbase: pkg.dir,
    outdir: join(pkg.dir, 'dist'),
    bundle: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    tsconfig,
    logLevel: 'warning',
  });
}
