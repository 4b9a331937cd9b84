/** Asks the npm registry for the latest versions of fw's packages, and upgrades a project's package.json ranges to them. */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { compareVersions, parseVersion, versionFromRange } from './versions';

/** Where and how to ask the registry. */
export interface RegistryOptions {
  /** Registry base URL (default `$npm_config_registry`, else https://registry.npmjs.org). */
  registry?: string;
  /** Milliseconds before a registry request is given up (default 10000). */
  timeoutMs?: number;
  /** The packages to check (default fw and fw-mcp, those of them the project depends on). */
  packages?: string[];
}

/** One package's state: the version in use, the latest on the registry, and how big the step is. */
export interface UpdateInfo {
  name: string;
  range: string;
  current: string | null;
  latest: string;
  update: 'major' | 'minor' | 'patch' | null;
}

function registryBase(options: RegistryOptions): string {
  const base = options.registry ?? process.env.npm_config_registry ?? 'https://registry.npmjs.org';
  return base.endsWith('/') ? base : `${base}/`;
}

/** The `latest` dist-tag of a package; throws with the reason when the registry cannot say (404, bad answer, timeout). */
export async function fetchLatestVersion(name: string, options: RegistryOptions = {}): Promise<string> {
  if (typeof name !== 'string' || !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name))
    throw new TypeError(`fetchLatestVersion: "${String(name)}" is not a package name`);
  const url = `${registryBase(options)}-/package/${name.replace('/', '%2f')}/dist-tags`;
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  }).catch((error: Error) => {
    throw new Error(
      `fetchLatestVersion(${name}): the registry did not answer (${error.name === 'TimeoutError' ? 'timed out' : error.message})`,
    );
  });
  if (response.status === 404) throw new Error(`fetchLatestVersion(${name}): the package is not on the registry`);
  if (!response.ok) throw new Error(`fetchLatestVersion(${name}): the registry answered ${response.status}`);
  const tags = (await response.json().catch(() => null)) as { latest?: unknown } | null;
  const latest = tags?.latest;
  if (typeof latest !== 'string') throw new Error(`fetchLatestVersion(${name}): the registry's answer has no latest version`);
  parseVersion(latest);
  return latest;
}

function stepOf(current: string | null, latest: string): UpdateInfo['update'] {
  if (current === null || compareVersions(current, latest) >= 0) return null;
  const a = parseVersion(current);
  const b = parseVersion(latest);
  return a.major !== b.major ? 'major' : a.minor !== b.minor ? 'minor' : 'patch';
}

async function readPackage(root: string): Promise<{ file: string; text: string; pkg: Record<string, any> }> {
  const file = resolve(root, 'package.json');
  const text = await readFile(file, 'utf8').catch(() => {
    throw new Error(`no package.json at ${file}`);
  });
  return { file, text, pkg: JSON.parse(text) };
}

/** Compares the fw packages a project depends on (installed version, else its range's lowest) with the registry's latest. */
export async function checkForUpdates(root: string, options: RegistryOptions = {}): Promise<UpdateInfo[]> {
  const { pkg } = await readPackage(root);
  const deps: Record<string, string> = { ...pkg.devDependencies, ...pkg.dependencies };
  const infos: UpdateInfo[] = [];
  for (const name of options.packages ?? ['fw', 'fw-mcp']) {
    const range = deps[name];
    if (typeof range !== 'string') continue;
    const installed = await readFile(resolve(root, 'node_modules', name, 'package.json'), 'utf8').then(
      (t) => JSON.parse(t).version as string,
      () => null,
    );
    const current = installed ?? versionFromRange(range);
    const latest = await fetchLatestVersion(name, options);
    infos.push({ name, range, current, latest, update: stepOf(current, latest) });
  }
  return infos;
}

/** Rewrites the project's package.json ranges of outdated fw packages to `^latest` (unless `dryRun`); run `npm install` after. */
export async function upgradeProject(root: string, options: RegistryOptions & { dryRun?: boolean } = {}): Promise<UpdateInfo[]> {
  const updates = (await checkForUpdates(root, options)).filter((u) => u.update !== null);
  if (updates.length === 0 || options.dryRun) return updates;
  const { file, text, pkg } = await readPackage(root);
  for (const u of updates) {
    for (const section of ['dependencies', 'devDependencies'])
      if (pkg[section]?.[u.name] !== undefined) pkg[section][u.name] = `^${u.latest}`;
  }
  const indent = /^[ \t]+/m.exec(text)?.[0] ?? '  ';
  await writeFile(file, `${JSON.stringify(pkg, null, indent)}\n`);
  return updates;
}
