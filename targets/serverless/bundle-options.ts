/**
 * The esbuild options that `bundleConfig` sets and `buildCommand` writes as flags, declared here with esbuild's own
 * types so that fw's types never name esbuild (a build tool the app installs, not a dependency of fw). Any other
 * esbuild option passes through untyped; a `BundleOptions` is accepted by esbuild's `build()` as it is.
 */
export type BundleOptions = {
  entryPoints?: (string | { in: string; out: string })[] | Record<string, string>;
  bundle?: boolean;
  minify?: boolean;
  treeShaking?: boolean;
  legalComments?: 'none' | 'inline' | 'eof' | 'linked' | 'external';
  platform?: 'browser' | 'node' | 'neutral';
  target?: string | string[];
  format?: 'iife' | 'cjs' | 'esm';
  outfile?: string;
  outdir?: string;
  sourcemap?: boolean | 'linked' | 'inline' | 'external' | 'both';
  conditions?: string[];
  mainFields?: string[];
  external?: string[];
  inject?: string[];
  define?: Record<string, string>;
  alias?: Record<string, string>;
  banner?: Record<string, string>;
  footer?: Record<string, string>;
  packages?: 'bundle' | 'external';
  metafile?: boolean;
  logLevel?: 'verbose' | 'debug' | 'info' | 'warning' | 'error' | 'silent';
  absWorkingDir?: string;
};
