/** esbuild settings per deployment target, and the equivalent `esbuild` command line for package.json scripts. */
import type { BundleOptions } from './bundle-options';

export type { BundleOptions };

/** The targets fw bundles for. */
export type BundleTarget = 'lambda' | 'worker' | 'bun' | 'node';

/**
 * `fw`'s Node and Bun entries hold the db module for `app.db` of a plain config where fw runs installed; in a bundle
 * this leaves it out (`fw build` puts it back for an app that names a database: cli/src/bundle-database.ts).
 */
const noDatabase = { FW_BUNDLE_DATABASE: 'false' };

const presets: Record<BundleTarget, BundleOptions> = {
  lambda: { platform: 'node', target: 'node20', format: 'esm', outfile: 'dist/lambda/index.mjs', define: noDatabase },
  worker: {
    platform: 'neutral',
    target: 'es2022',
    format: 'esm',
    outfile: 'dist/worker/index.js',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['node:*', 'cloudflare:*'],
  },
  bun: {
    platform: 'node',
    target: 'esnext',
    format: 'esm',
    outfile: 'dist/bun/index.js',
    conditions: ['bun'],
    external: ['bun', 'bun:*'],
    define: noDatabase,
  },
  // `fw` under Node imports fw/node by name on the first listen() (so Lambda bundles hold no HTTP server): a Node
  // server's bundle carries fw/node itself, to listen where no node_modules are shipped.
  node: {
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outfile: 'dist/node/index.mjs',
    sourcemap: true,
    inject: ['fw/node'],
    define: noDatabase,
  },
};

/** Returns the esbuild options that bundle `entry` for a target (minified ESM, one file); `overrides` win, `conditions`, `inject` and `define` add to the preset's. */
export function bundleConfig<O extends BundleOptions = BundleOptions>(
  target: BundleTarget,
  entry: string,
  overrides?: O,
): BundleOptions & O {
  const preset = presets[target];
  if (!preset) throw new Error(`Unknown bundle target "${String(target)}": use one of ${Object.keys(presets).join(', ')}`);
  if (typeof entry !== 'string' || entry === '') throw new TypeError('bundleConfig() needs the entry file path');
  const conditions = [...(preset.conditions ?? []), ...(overrides?.conditions ?? [])];
  const inject = [...(preset.inject ?? []), ...(overrides?.inject ?? [])];
  const define = { ...preset.define, ...overrides?.define };
  return {
    entryPoints: [entry],
    bundle: true,
    minify: true,
    treeShaking: true,
    legalComments: 'none',
    ...preset,
    ...overrides,
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(inject.length > 0 ? { inject } : {}),
    ...(Object.keys(define).length > 0 ? { define } : {}),
  } as BundleOptions & O;
}

function quote(arg: string): string {
  return /^[\w@%+=:,./*-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

type Flag = (value: any) => string[];
const list =
  (name: string): Flag =>
  (v: string[] | string) => [`--${name}=${Array.isArray(v) ? v.join(',') : v}`];
const plain =
  (name: string): Flag =>
  (v: string | boolean) =>
    v === true ? [`--${name}`] : v === false ? [] : [`--${name}=${v}`];
const each =
  (name: string): Flag =>
  (v: string[]) =>
    v.map((x) => `--${name}:${x}`);
const pairs =
  (name: string): Flag =>
  (v: Record<string, string>) =>
    Object.entries(v).map(([k, x]) => `--${name}:${k}=${x}`);

const flags: Record<string, Flag> = {
  bundle: plain('bundle'),
  minify: plain('minify'),
  treeShaking: (v: boolean) => [`--tree-shaking=${v}`],
  legalComments: plain('legal-comments'),
  platform: plain('platform'),
  target: list('target'),
  format: plain('format'),
  outfile: plain('outfile'),
  outdir: plain('outdir'),
  sourcemap: plain('sourcemap'),
  conditions: list('conditions'),
  mainFields: list('main-fields'),
  external: each('external'),
  inject: each('inject'),
  define: pairs('define'),
  alias: pairs('alias'),
  banner: pairs('banner'),
  footer: pairs('footer'),
  packages: plain('packages'),
  metafile: plain('metafile'),
  logLevel: plain('log-level'),
};

/** The `esbuild` command line for a target and entry (or for a full config from `bundleConfig`); throws on options the CLI cannot take. */
export function buildCommand(targetOrConfig: BundleTarget | (BundleOptions & Record<string, unknown>), entry?: string): string {
  const config = typeof targetOrConfig === 'string' ? bundleConfig(targetOrConfig, entry ?? '') : targetOrConfig;
  const entries = config.entryPoints;
  if (!Array.isArray(entries) || entries.length === 0 || entries.some((e) => typeof e !== 'string')) {
    throw new TypeError('buildCommand() needs entryPoints as a list of file paths');
  }
  const args = ['esbuild', ...(entries as string[])];
  for (const [key, value] of Object.entries(config)) {
    if (key === 'entryPoints' || value === undefined) continue;
    const flag = flags[key];
    if (!flag)
      throw new Error(`buildCommand() cannot express the esbuild option "${key}" on the command line; call esbuild.build(config) instead`);
    args.push(...flag(value));
  }
  return args.map(quote).join(' ');
}
