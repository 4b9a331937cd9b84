/**
 * What `fw build` adds to a Node, Lambda or Bun bundle for the database: the drivers the project depends on, imported
 * through literal `import()`s the bundler follows (fw imports them by name when installed, which a bundle shipped
 * without node_modules cannot do), and the migrations folder copied next to the bundle, where fw reads it from.
 */
import { cp, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { CliUsageError } from './io';
import { readProjectPackage } from './project-package';

/** The driver packages fw's engines import, by dependency name: the specifier they import, and whether it bundles. */
const known: Record<string, { specifier: string; bundles: boolean }> = {
  postgres: { specifier: 'postgres', bundles: true },
  mysql2: { specifier: 'mysql2/promise', bundles: true },
  'better-sqlite3': { specifier: 'better-sqlite3', bundles: false },
  'node-sqlite3-wasm': { specifier: 'node-sqlite3-wasm', bundles: false },
};

/** The project's database drivers: those a bundle can carry, and the native ones it cannot. */
export interface ProjectDrivers {
  bundled: string[];
  native: string[];
}

/** The driver packages among the project's `dependencies` and `optionalDependencies`. */
export async function projectDrivers(dir: string): Promise<ProjectDrivers> {
  const pkg = await readProjectPackage(dir);
  const names = new Set<string>();
  for (const field of ['dependencies', 'optionalDependencies']) {
    const deps = pkg?.[field];
    if (deps && typeof deps === 'object') for (const name of Object.keys(deps)) if (name in known) names.add(name);
  }
  const found = [...names].sort();
  return { bundled: found.filter((n) => known[n].bundles), native: found.filter((n) => !known[n].bundles) };
}

/** A `database` property written out (`database: config`) or by shorthand (`{ database }`, `{ database, … }`). */
const databaseOption = /\bdatabase\s*(?::|,|\})/;

/**
 * Whether the app's own modules (the project files the entry reaches, found by a first bundling pass that writes
 * nothing) give an Fw a `database` option (`database:` or the shorthand `{ database }`): what a plain config needs
 * the db module for. False when that pass fails; the real one reports why.
 */
export async function sourcesNameDatabase(config: BuildOptions, cwd: string): Promise<boolean> {
  const probe = await build({ ...config, write: false, metafile: true, logLevel: 'silent', sourcemap: false }).catch(() => null);
  if (!probe) return false;
  const own = Object.keys(probe.metafile.inputs)
    .map((input) => resolve(cwd, input))
    .filter((file) => !file.includes(`${sep}node_modules${sep}`) && !relative(cwd, file).startsWith('..') && !file.includes('<'));
  for (const file of own) if (databaseOption.test(await readFile(file, 'utf8').catch(() => ''))) return true;
  return false;
}

/**
 * The esbuild plugin that replaces two of fw's modules in a Node, Lambda or Bun bundle: `targets/node/db-bundle`,
 * whose `bundledDrivers` imports each of `drivers` from the project (resolved from `dir`) and whose `bundleUrl` is
 * the bundle's own URL; and `targets/node/entry-database`, whose `databaseFactory` (the `database` service of the
 * Node and Bun entries, which makes `app.db` of a plain `database` config) is fw's `createDatabase` when
 * `withDatabase`, else null, so a bundle without a database holds no db code.
 */
export function databaseBundlePlugin(dir: string, drivers: string[], withDatabase: boolean): Plugin {
  const entries = drivers.map((n) => `  ${JSON.stringify(known[n].specifier)}: () => import(${JSON.stringify(known[n].specifier)}),`);
  return {
    name: 'fw-database-bundle',
    setup(build) {
      build.onLoad({ filter: /[\\/]targets[\\/]node[\\/]db-bundle\.(js|ts)$/ }, () => {
        const contents = [`export const bundledDrivers = {\n${entries.join('\n')}\n};`, 'export const bundleUrl = import.meta.url;'].join(
          '\n',
        );
        return { contents, loader: 'js', resolveDir: dir };
      });
      build.onLoad({ filter: /[\\/]targets[\\/]node[\\/]entry-database\.(js|ts)$/ }, (args) => {
        const database = resolve(dirname(args.path), `../../src/db/database${extname(args.path)}`);
        const contents = withDatabase
          ? `export { createDatabase as databaseFactory } from ${JSON.stringify(database)};`
          : 'export const databaseFactory = null;';
        return { contents, loader: 'js', resolveDir: dir };
      });
    },
  };
}

/**
 * The esbuild plugin that makes a worker bundle carry fw's database module for `app.db` of a plain `database`
 * config: it replaces fw's `src/app/bundled-database` module (null by default) with one that exports the
 * `createDatabase` of the same copy of fw, next to it, so every app of the bundle can make its `app.db`.
 */
export function workerDatabasePlugin(): Plugin {
  return {
    name: 'fw-worker-database',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]app[\\/]bundled-database\.(js|ts)$/ }, (args) => {
        const database = resolve(dirname(args.path), `../db/database${extname(args.path)}`);
        return { contents: `export { createDatabase as bundledDatabase } from ${JSON.stringify(database)};`, loader: 'js' };
      });
    },
  };
}

/** What `databaseBundling` adds to a build: esbuild plugins, packages left outside, and lines to print. */
export interface DatabaseBundling {
  plugins: Plugin[];
  external: string[];
  lines: string[];
}

/**
 * The database part of `fw build` for a target: on worker, the db module when a module the entry reaches writes a
 * `database:` option; elsewhere also when the project has a migrations folder or a driver, with the drivers it can
 * bundle and the native ones left outside (a line says to ship them).
 */
export async function databaseBundling(
  target: string,
  config: BuildOptions,
  project: { cwd: string; entry: string; migrationsDir: string },
): Promise<DatabaseBundling> {
  const namesDatabase = await sourcesNameDatabase(config, project.cwd);
  if (target === 'worker') return { plugins: namesDatabase ? [workerDatabasePlugin()] : [], external: [], lines: [] };
  const drivers = await projectDrivers(project.cwd);
  const hasMigrations = (await stat(project.migrationsDir).catch(() => null))?.isDirectory() === true;
  const withDatabase = namesDatabase || hasMigrations || drivers.bundled.length + drivers.native.length > 0;
  const lines = drivers.bundled.length > 0 ? [`database drivers in the bundle: ${drivers.bundled.join(', ')}`] : [];
  for (const name of drivers.native)
    lines.push(`${name} is a native module and stays outside the bundle: ship node_modules/${name} with it`);
  return { plugins: [databaseBundlePlugin(project.cwd, drivers.bundled, withDatabase)], external: drivers.native, lines };
}

/** The driver package an esbuild "Could not resolve" error names, or null when it names none of fw's drivers. */
export function missingDriver(text: string): string | null {
  const specifier = /^Could not resolve "([^"]+)"/.exec(text)?.[1];
  return Object.entries(known).find(([, driver]) => driver.specifier === specifier)?.[0] ?? null;
}

/** Copies the project's migrations folder next to the bundle (`<outdir>/<name>`); the number of `.sql` files, or null when there is no folder. */
export async function copyMigrations(cwd: string, folder: string, outfile: string): Promise<{ to: string; files: number } | null> {
  const from = resolve(cwd, folder);
  if (!(await stat(from).catch(() => null))?.isDirectory()) return null;
  const inside = relative(cwd, from);
  if (inside.startsWith('..') || isAbsolute(inside))
    throw new CliUsageError(
      `fw build: the migrations folder ${from} is outside the project; keep it inside so the bundle finds it at the same relative path`,
    );
  const to = join(dirname(outfile), inside);
  await cp(from, to, { recursive: true });
  const files = (await readdir(from)).filter((n) => n.endsWith('.sql')).length;
  return { to, files };
}
