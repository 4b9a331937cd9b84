/** `runDoctor`: checks a project (runtime and package versions, config files, wrangler.toml bindings, unvalidated routes). */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { analyzeProject, type ProjectAnalysis } from './analyze-project';
import { satisfiesRange, versionFromRange, parseVersion } from './versions';

/** One finding: `ok`, `warn` (works, but look at it) or `error` (will fail). */
export interface DoctorCheck {
  name: string;
  status: 'ok' | 'warn' | 'error';
  message: string;
}

/** The doctor's findings; `ok` is false when any check is an error. */
export interface DoctorReport {
  root: string;
  ok: boolean;
  checks: DoctorCheck[];
}

/** Options of `runDoctor`. */
export interface DoctorOptions {
  /** The runtime version to check (default: this process's Node version). */
  nodeVersion?: string;
  /** Source folder analyzed for routes and env bindings (default `src`). */
  srcDir?: string;
}

type Json = Record<string, any>;

async function readText(file: string): Promise<string | null> {
  return (await stat(file).catch(() => null))?.isFile() ? readFile(file, 'utf8') : null;
}

function checkNode(version: string): DoctorCheck {
  const { major } = parseVersion(version);
  return major >= 20
    ? { name: 'node', status: 'ok', message: `Node ${version}` }
    : { name: 'node', status: 'error', message: `Node ${version} is too old: fw needs Node 20 or newer` };
}

async function checkPackage(root: string, checks: DoctorCheck[]): Promise<void> {
  const text = await readText(resolve(root, 'package.json'));
  if (text === null) {
    checks.push({ name: 'package.json', status: 'error', message: 'no package.json in the project folder' });
    return;
  }
  let pkg: Json;
  try {
    pkg = JSON.parse(text);
  } catch (error) {
    checks.push({ name: 'package.json', status: 'error', message: `package.json is not valid JSON: ${(error as Error).message}` });
    return;
  }
  checks.push(
    pkg.type === 'module'
      ? { name: 'package.json', status: 'ok', message: 'ES modules ("type": "module")' }
      : { name: 'package.json', status: 'warn', message: 'set "type": "module": fw ships ES modules only' },
  );
  const range: string | undefined = pkg.dependencies?.fw ?? pkg.devDependencies?.fw;
  if (pkg.name === 'fw') return;
  if (!range) {
    checks.push({ name: 'fw version', status: 'error', message: 'fw is not in dependencies: npm install fw' });
    return;
  }
  const installedText = await readText(resolve(root, 'node_modules/fw/package.json'));
  const installed: string | undefined = installedText ? JSON.parse(installedText).version : undefined;
  if (!installed)
    checks.push({ name: 'fw version', status: 'error', message: `fw ${range} is declared but not installed: run npm install` });
  else if (versionFromRange(range) !== null && !satisfiesRange(installed, range))
    checks.push({
      name: 'fw version',
      status: 'warn',
      message: `fw ${installed} is installed but package.json asks for ${range}: run npm install`,
    });
  else checks.push({ name: 'fw version', status: 'ok', message: `fw ${installed} (${range})` });
}

/** Reads a tsconfig and the relative files it `extends`, merging compilerOptions (the extending file wins). */
async function readTsconfig(file: string, seen = new Set<string>()): Promise<Json | string> {
  const text = await readText(file);
  if (text === null) return `${file} is missing`;
  const errors: ParseError[] = [];
  const config = parseJsonc(text, errors, { allowTrailingComma: true }) as Json;
  if (errors.length > 0 || typeof config !== 'object' || config === null)
    return `${file} does not parse (error at offset ${errors[0]?.offset ?? 0})`;
  const parent = config.extends;
  if (typeof parent !== 'string' || !parent.startsWith('.') || seen.has(file)) return config;
  seen.add(file);
  const base = await readTsconfig(resolve(dirname(file), parent.endsWith('.json') ? parent : `${parent}.json`), seen);
  if (typeof base === 'string') return base;
  return { ...base, ...config, compilerOptions: { ...base.compilerOptions, ...config.compilerOptions } };
}

async function checkTsconfig(root: string, analysis: ProjectAnalysis | null, checks: DoctorCheck[]): Promise<void> {
  if ((await readText(resolve(root, 'tsconfig.json'))) === null) {
    checks.push({
      name: 'tsconfig.json',
      status: 'warn',
      message: 'no tsconfig.json: TypeScript projects should have one (strict, moduleResolution Bundler)',
    });
    return;
  }
  const config = await readTsconfig(resolve(root, 'tsconfig.json'));
  if (typeof config === 'string') {
    checks.push({ name: 'tsconfig.json', status: 'error', message: config });
    return;
  }
  const options: Json = config.compilerOptions ?? {};
  const problems: string[] = [];
  if (options.strict !== true) problems.push('"strict": true is off');
  const resolution = String(options.moduleResolution ?? '').toLowerCase();
  if (!['bundler', 'nodenext', 'node16'].includes(resolution))
    problems.push(`"moduleResolution" is ${options.moduleResolution ?? 'unset'} (use "Bundler")`);
  if (analysis?.files.some((f) => f.endsWith('.tsx')) && options.jsxImportSource !== 'fw')
    problems.push('.tsx files need "jsx": "react-jsx" and "jsxImportSource": "fw"');
  checks.push(
    problems.length === 0
      ? { name: 'tsconfig.json', status: 'ok', message: 'strict, module resolution and JSX settings fit fw' }
      : { name: 'tsconfig.json', status: 'warn', message: problems.join('; ') },
  );
}

function declaredBindings(config: Json): Set<string> {
  const names = new Set<string>(Object.keys(config.vars ?? {}));
  const lists: [unknown, string][] = [
    [config.kv_namespaces, 'binding'],
    [config.d1_databases, 'binding'],
    [config.r2_buckets, 'binding'],
    [config.services, 'binding'],
    [config.queues?.producers, 'binding'],
    [config.durable_objects?.bindings, 'name'],
    [config.analytics_engine_datasets, 'binding'],
    [config.hyperdrive, 'binding'],
    [config.vectorize, 'binding'],
    [config.send_email, 'name'],
  ];
  for (const [list, key] of lists)
    if (Array.isArray(list)) for (const item of list) if (typeof item?.[key] === 'string') names.add(item[key]);
  for (const single of [config.ai, config.browser, config.assets, config.version_metadata])
    if (typeof single?.binding === 'string') names.add(single.binding);
  return names;
}

/** The env bindings the sources read, named and counted: `2 env bindings read (DB, KV)`. */
function bindingsRead(names: string[]): string {
  return names.length === 0
    ? 'no env bindings read'
    : `${names.length} env binding${names.length === 1 ? '' : 's'} read (${names.join(', ')})`;
}

async function checkWrangler(root: string, analysis: ProjectAnalysis | null, checks: DoctorCheck[]): Promise<void> {
  const text = await readText(resolve(root, 'wrangler.toml'));
  if (text === null) {
    if (analysis && analysis.envBindings.length > 0)
      checks.push({
        name: 'bindings',
        status: 'ok',
        message: `${bindingsRead(analysis.envBindings)}; no wrangler.toml to check them against`,
      });
    return;
  }
  let config: Json;
  try {
    config = parseToml(text) as Json;
  } catch (error) {
    checks.push({
      name: 'wrangler.toml',
      status: 'error',
      message: `wrangler.toml does not parse: ${(error as Error).message.split('\n')[0]}`,
    });
    return;
  }
  const problems: string[] = [];
  if (typeof config.main !== 'string') problems.push('no "main" entry');
  else if ((await readText(resolve(root, config.main))) === null) problems.push(`"main" points at ${config.main}, which does not exist`);
  if (typeof config.compatibility_date !== 'string') problems.push('no "compatibility_date"');
  checks.push(
    problems.length === 0
      ? { name: 'wrangler.toml', status: 'ok', message: `main ${config.main}, compatibility date ${config.compatibility_date}` }
      : { name: 'wrangler.toml', status: 'error', message: problems.join('; ') },
  );
  if (!analysis) return;
  const declared = declaredBindings(config);
  const missing = analysis.envBindings.filter((name) => !declared.has(name));
  checks.push(
    missing.length === 0
      ? { name: 'bindings', status: 'ok', message: `${bindingsRead(analysis.envBindings)}, each declared in wrangler.toml` }
      : {
          name: 'bindings',
          status: 'error',
          message: `${bindingsRead(analysis.envBindings)}; not declared in wrangler.toml: ${missing.map((n) => `env.${n}`).join(', ')}`,
        },
  );
}

function checkRoutes(analysis: ProjectAnalysis, checks: DoctorCheck[]): void {
  const unvalidated = analysis.routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && r.hasSchema === false);
  if (unvalidated.length === 0) {
    checks.push({
      name: 'validation',
      status: 'ok',
      message: `${analysis.routes.length} routes found; every POST, PUT and PATCH route declares a schema`,
    });
    return;
  }
  for (const r of unvalidated) {
    checks.push({
      name: 'validation',
      status: 'warn',
      message: `${r.method} ${r.path} (${r.file}:${r.line}) takes a body without a schema: add { schema: { body } }`,
    });
  }
}

/** Checks the project in `root` and returns every finding (it never throws for a broken project: that is a finding). */
export async function runDoctor(root: string, options: DoctorOptions = {}): Promise<DoctorReport> {
  const base = resolve(root);
  const checks: DoctorCheck[] = [checkNode(options.nodeVersion ?? process.versions.node)];
  await checkPackage(base, checks);
  const srcDir = options.srcDir ?? 'src';
  const analysis = (await stat(resolve(base, srcDir)).catch(() => null))?.isDirectory() ? await analyzeProject(base, { srcDir }) : null;
  if (!analysis)
    checks.push({ name: 'sources', status: 'warn', message: `no ${srcDir}/ folder: nothing analyzed for routes and bindings` });
  await checkTsconfig(base, analysis, checks);
  await checkWrangler(base, analysis, checks);
  if (analysis) {
    checkRoutes(analysis, checks);
    for (const e of analysis.errors) checks.push({ name: 'syntax', status: 'warn', message: e });
  }
  return { root: base, ok: !checks.some((c) => c.status === 'error'), checks };
}
