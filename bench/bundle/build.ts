/**
 * Bundles a one-file worker app inside a user project (bench/lib/user-project.ts), so `fw` resolves through its
 * package exports into dist/ as it does for users, in one of two ways: esbuild with the worker recipe (bundle, minify,
 * ESM, platform neutral, conditions workerd/worker/browser, mainFields module/main, target es2022, as fw's
 * bundleConfig('worker')), or `wrangler deploy --dry-run --minify` itself (wrangler's own esbuild settings: platform
 * browser, target es2024, keepNames). Either way the result is a file on disk with its esbuild metafile.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { repoRoot } from '../lib/user-project';

/** How a worker is bundled. */
export type Bundler = 'esbuild' | 'wrangler';

/** A built worker: its file, sizes and esbuild's metafile. */
export interface BuiltWorker {
  file: string;
  code: string;
  minBytes: number;
  gzipBytes: number;
  metafile: Metafile;
}

const wranglerBin = createRequire(join(repoRoot, 'package.json')).resolve('wrangler/bin/wrangler.js');

/** The esbuild options of the worker recipe, for an entry bundled to `outfile` in `project`. */
function esbuildOptions(project: string, entry: string, outfile: string) {
  return {
    absWorkingDir: project,
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'neutral' as const,
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['node:*', 'cloudflare:*'],
    metafile: true,
    logLevel: 'silent' as const,
  };
}

async function withEsbuild(project: string, entry: string, name: string): Promise<{ file: string; metafile: Metafile }> {
  const file = join(project, 'out', 'esbuild', `${name}.js`);
  const result = await build(esbuildOptions(project, entry, file));
  return { file, metafile: result.metafile! };
}

function withWrangler(project: string, entry: string, name: string): { file: string; metafile: Metafile } {
  const outdir = join(project, 'out', 'wrangler', name);
  const args = ['deploy', entry, '--name', name, '--compatibility-date', '2026-04-01', '--minify', '--dry-run', '--outdir', outdir];
  const env = {
    ...process.env,
    CI: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    XDG_CONFIG_HOME: join(project, '.xdg'),
  };
  const run = spawnSync(process.execPath, [wranglerBin, ...args, '--metafile'], { cwd: project, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrangler could not bundle ${name}:\n${run.stdout}\n${run.stderr}`);
  const metafile = JSON.parse(readFileSync(join(outdir, 'bundle-meta.json'), 'utf8')) as Metafile;
  return { file: join(outdir, basename(entry).replace(/\.ts$/, '.js')), metafile };
}

/** Copies `app` (a file of the checkout) into `project`/apps as `name`.ts and bundles it there. */
export async function bundleWorker(project: string, app: string, name: string, bundler: Bundler): Promise<BuiltWorker> {
  mkdirSync(join(project, 'apps'), { recursive: true });
  const entry = join(project, 'apps', `${name}.ts`);
  copyFileSync(app, entry);
  const { file, metafile } = bundler === 'esbuild' ? await withEsbuild(project, entry, name) : withWrangler(project, entry, name);
  const foreign = Object.keys(metafile.inputs).filter((path) => !path.includes('node_modules/') && !path.endsWith(`apps/${name}.ts`));
  if (foreign.length > 0) throw new Error(`${name} (${bundler}) bundled files from outside node_modules: ${foreign.join(', ')}`);
  const code = readFileSync(file, 'utf8');
  const bytes = Buffer.from(code);
  return { file, code, minBytes: bytes.byteLength, gzipBytes: gzipSync(bytes, { level: 9 }).byteLength, metafile };
}

/** The biggest inputs of a bundle (minified bytes each contributes to the output), to see what pulls code in. */
export function heaviestInputs(metafile: Metafile, count: number): { path: string; bytes: number }[] {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint)!;
  return Object.entries(output.inputs)
    .map(([path, info]) => ({ path: path.replace(/^.*node_modules\//, ''), bytes: info.bytesInOutput }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}
