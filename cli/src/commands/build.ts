/** `fw build --target worker|lambda|bun|node`: writes the routes manifest, bundles with esbuild, reports the bundle size. */
import { readFile, stat } from 'node:fs/promises';
import { resolve, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { bundleConfig, type BundleTarget } from 'fw/serverless';
import { writeRouteManifest } from '../../tooling/route-manifest';
import { suggest } from '../args';
import { copyMigrations, databaseBundling, missingDriver } from '../bundle-database';
import { CliUsageError, type CliIO } from '../io';
import type { Command } from '../command';

const targets: BundleTarget[] = ['worker', 'lambda', 'bun', 'node'];

/** Bytes in kB with one decimal, as the size line shows them. */
export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

function shown(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel.startsWith('..') ? file : rel;
}

function step(io: CliIO, n: number, line: string): void {
  (io.progress ?? io.out)(`[${n}/3] ${line}`);
}

function pickTarget(value: unknown): BundleTarget {
  if (typeof value !== 'string') throw new CliUsageError(`fw build: --target is required: ${targets.join(', ')} (see fw build --help)`);
  if ((targets as string[]).includes(value)) return value as BundleTarget;
  const hint = suggest(value, targets);
  throw new CliUsageError(`fw build: unknown target "${value}"${hint ? `; did you mean ${hint}?` : ''} (${targets.join(', ')})`);
}

/** Bundles the project entry for one target, after turning `src/routes/` (when present) into `src/routes.manifest.ts`. */
export const buildCommand: Command = {
  name: 'build',
  summary: 'bundle the project for a target (worker, lambda, bun, node) and print the bundle size',
  usage: `Usage: fw build --target <worker|lambda|bun|node> [options]
  --entry <file>      entry module (default src/index.ts)
  --outfile <file>    output file (default dist/<target>/index.js, .mjs on lambda and node)
  --routes <folder>   routes folder turned into <folder>/../routes.manifest.ts first (default src/routes, when it exists)
  --migrations <dir>  migrations folder copied next to the bundle (default migrations, when it exists; lambda, node, bun)
  --no-minify         keep the bundle readable

On lambda, node and bun the bundle carries the database drivers the project depends on (postgres, mysql2), and
the migrations folder is copied next to it, where a relative migrationsDir is found.`,
  flags: {
    target: { type: 'string' },
    entry: { type: 'string' },
    outfile: { type: 'string' },
    routes: { type: 'string' },
    migrations: { type: 'string' },
    'no-minify': { type: 'boolean' },
  },
  async run({ flags }, io) {
    const target = pickTarget(flags.target);
    const entry = resolve(io.cwd, String(flags.entry ?? 'src/index.ts'));
    if (!(await stat(entry).catch(() => null))?.isFile())
      throw new CliUsageError(`fw build: no entry module at ${entry} (pass --entry <file>)`);
    const routesDir = resolve(io.cwd, String(flags.routes ?? 'src/routes'));
    if ((await stat(routesDir).catch(() => null))?.isDirectory()) {
      const { outFile, files } = await writeRouteManifest({ dir: routesDir });
      step(io, 1, `routes manifest: ${files} route file${files === 1 ? '' : 's'} -> ${shown(io.cwd, outFile)}`);
    } else {
      step(io, 1, `routes manifest: no ${relative(io.cwd, routesDir)} folder, skipped`);
    }
    const config = bundleConfig(target, entry, {
      absWorkingDir: io.cwd,
      logLevel: 'silent',
      ...(flags['no-minify'] ? { minify: false } : {}),
    });
    if (typeof flags.outfile === 'string') config.outfile = flags.outfile;
    const outfile = resolve(io.cwd, config.outfile as string);
    step(io, 2, `bundling ${relative(io.cwd, entry)} for ${target} (esbuild, ${config.format}, ${config.platform})`);
    const migrationsDir = resolve(io.cwd, typeof flags.migrations === 'string' ? flags.migrations : 'migrations');
    const database = await databaseBundling(target, config as BuildOptions, { cwd: io.cwd, entry, migrationsDir });
    for (const line of database.lines) io.out(line);
    config.external = [...(config.external ?? []), ...database.external];
    const plugins = database.plugins;
    const result = await build({ ...config, plugins }).catch(
      (error: { errors?: { text: string; location?: { file: string; line: number } | null }[] }) => {
        for (const e of error.errors ?? []) {
          io.err(`error: ${e.text}${e.location ? ` (${e.location.file}:${e.location.line})` : ''}`);
          const driver = missingDriver(e.text);
          if (driver) io.err(`the project depends on the database driver ${driver}, which is not installed: npm install ${driver}`);
        }
        return null;
      },
    );
    if (!result) {
      io.err(`fw build: bundling for ${target} failed`);
      return 1;
    }
    if (target !== 'worker') {
      const copied = await copyMigrations(io.cwd, migrationsDir, outfile);
      if (copied) io.out(`migrations: ${copied.files} file${copied.files === 1 ? '' : 's'} copied to ${shown(io.cwd, copied.to)}`);
    }
    const bytes = await readFile(outfile);
    step(io, 3, 'done');
    io.out(`${shown(io.cwd, outfile)}  ${formatSize(bytes.length)} (gzip ${formatSize(gzipSync(bytes).length)})`);
    return 0;
  },
};
