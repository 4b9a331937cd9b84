/**
 * A new user's project made from what `npm pack` ships: builds the packages, packs each workspace once, and
 * installs the tarballs into a temporary folder outside the repository, as the README's "New project" says.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

async function pack(root: string, into: string): Promise<Map<string, string>> {
  const out = await sh('npm', ['pack', '--workspaces', '--include-workspace-root', '--pack-destination', into, '--json'], root);
  const packed = JSON.parse(out.slice(out.indexOf('['))) as { name: string; filename: string }[];
  return new Map(packed.map((p) => [p.name, join(into, p.filename)]));
}

/** Builds and packs the workspaces, then makes and installs the project (npm prefers the local cache; about a minute). */
export async function createPackedProject(root: string): Promise<PackedProject> {
  await sh('npm', ['run', 'build'], root);
  const base = mkdtempSync(join(tmpdir(), 'fw-packed-'));
  try {
    return await installProject(root, base);
  } catch (error) {
    rmSync(base, { recursive: true, force: true });
    throw error;
  }
}

async function installProject(root: string, base: string): Promise<PackedProject> {
  const tarballs = await pack(root, base);
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
  for (const [path, contents] of readmeProjectFiles(root)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), contents);
  }
  return { dir, tarballs, installBytes, installed, installScripts };
}
