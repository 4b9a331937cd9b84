/**
 * Bundles the Lambda contestants as users bundle them: each entry is copied into a project outside the checkout
 * (bench/lib/user-project.ts) and built there with fw's Lambda recipe, bundleConfig('lambda') (esbuild, minified ESM,
 * platform node, so `fw` resolves through its exports map with the `node` condition into the built package).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { bundleConfig } from 'fw/serverless';

/** Bundles entries/<name>.ts inside `project` to `outdir`/<name>.mjs; returns the file and esbuild's metafile. */
export async function bundleLambda(project: string, name: string, outdir: string): Promise<{ file: string; metafile: Metafile }> {
  mkdirSync(join(project, 'entries'), { recursive: true });
  const entry = join(project, 'entries', `${name}.ts`);
  copyFileSync(join(import.meta.dirname, 'entries', `${name}.ts`), entry);
  const file = join(outdir, `${name}.mjs`);
  const result = await build(bundleConfig('lambda', entry, { outfile: file, absWorkingDir: project, metafile: true, logLevel: 'error' }));
  const foreign = Object.keys(result.metafile!.inputs).filter(
    (path) => !path.includes('node_modules/') && !path.endsWith(`entries/${name}.ts`),
  );
  if (foreign.length > 0) throw new Error(`${name} bundled files from outside node_modules: ${foreign.join(', ')}`);
  return { file, metafile: result.metafile! };
}
