/**
 * A new user's project made from what `npm pack` ships: the packages built and packed once per test run
 * (once-per-run.ts), their tarballs installed into a temporary folder outside the repository, as the README's
 * "New project" says. The install itself happens once per run too; each test file works in a copy of its own.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { builtOnce, oncePerRun } from './once-per-run';
import { readmeProjectFiles } from './readme-files';
import { sh } from './run';

/** The temporary project and what installing fw and fw-mcp alone put into it. */
export interface PackedProject {
  dir: string;
  /** Tarball path per package name (fw, fw-mcp, fw-cli). */
  tarballs: Map<string, string>;
  /** Bytes of node_modules after `npm install fw fw-mcp`, before the dev dependencies. */
  installBytes: number;
  /** Package folders that install put under node_modules. */
  installed: string[];
  /** Packages of that install that declare install scripts. */
  installScripts: string[];
}

function bytesOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesOf(join(path, name)), 0);
}

/** Packs fw and every workspace into `into` (`npm pack --workspaces`); the tarball path per package name. */
export async function pack(root: string, into: string): Promise<Map<string, string>> {
  const out = await sh('npm', ['pack', '--workspaces', '--include-workspace-root', '--pack-destination', into, '--json'], root);
  const packed = JSON.parse(out.slice(out.indexOf('['))) as { name: string; filename: string }[];
  return new Map(packed.map((p) => [p.name, join(into, p.filename)]));
}

/** The tarball path per package name, built and packed once per test run and shared by every file that asks. */
export async function packedOnce(root: string): Promise<Map<string, string>> {
  await builtOnce(root);
  const tarballs = await oncePerRun('pack', async (folder) => {
    const into = mkdtempSync(join(folder ?? tmpdir(), 'fw-tarballs-'));
    return [...(await pack(root, into))];
  });
  return new Map(tarballs);
}

/** What the one install of the run left, as JSON: the installed project (never written to) and what `npm install fw fw-mcp` put in. */
type InstalledProject = Omit<PackedProject, 'tarballs'>;

/**
 * A project with this run's fw and fw-mcp installed, then fw-cli and @types/node as dev dependencies (the README's
 * "New project"), installed once per run (npm prefers the local cache; about a minute). Each caller gets a copy of its
 * own in a new temporary folder (`name` under it), without the README's source files.
 */
export async function installedPackedProject(root: string, name = 'hello'): Promise<PackedProject> {
  const tarballs = await packedOnce(root);
  const installed = await oncePerRun<InstalledProject>('packed-project', async (folder) => {
    const base = mkdtempSync(join(folder ?? tmpdir(), 'fw-packed-install-'));
    return installProject(root, base, tarballs);
  });
  const dir = join(mkdtempSync(join(tmpdir(), 'fw-packed-')), name);
  cpSync(installed.dir, dir, { recursive: true, verbatimSymlinks: true });
  return { ...installed, dir, tarballs };
}

/** The README's new project, from this run's tarballs, in a temporary folder of its own: the installed project and the README's files. */
export async function createPackedProject(root: string): Promise<PackedProject> {
  const project = await installedPackedProject(root);
  for (const [path, contents] of readmeProjectFiles(root)) {
    mkdirSync(dirname(join(project.dir, path)), { recursive: true });
    writeFileSync(join(project.dir, path), contents);
  }
  return project;
}

async function installProject(root: string, base: string, tarballs: Map<string, string>): Promise<InstalledProject> {
  for (const name of ['fw', 'fw-mcp', 'fw-cli']) if (!tarballs.has(name)) throw new Error(`npm pack made no ${name} tarball`);
  const dir = join(base, 'hello');
  mkdirSync(dir);
  await sh('npm', ['init', '-y'], dir);
  await sh('npm', ['pkg', 'set', 'type=module'], dir);
  const npmInstall = ['install', '--prefer-offline', '--no-audit', '--no-fund'];
  await sh('npm', [...npmInstall, tarballs.get('fw')!, tarballs.get('fw-mcp')!], dir);
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const installed = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/'));
  const installScripts = installed.filter((key) => lock.packages[key].hasInstallScript);
  const installBytes = bytesOf(join(dir, 'node_modules'));
  const typesNode = JSON.parse(readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8')).version as string;
  await sh('npm', [...npmInstall, '-D', tarballs.get('fw-cli')!, `@types/node@${typesNode}`], dir);
  return { dir, installBytes, installed, installScripts };
}
