/**
 * What a RESULTS.md section says about where and with what it was measured: the machine (from node:os), the Node
 * version, and the installed version of every package a bench imports (its peers and tools, read from their
 * package.json), so anyone can reproduce the numbers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cpus, arch, release, totalmem, type } from 'node:os';
import { join } from 'node:path';

const benchDir = join(import.meta.dirname, '..');
const repoRoot = join(benchDir, '..');

/** The machine and runtimes a run happened on, recorded once per run. */
export interface RunMachine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  bun?: string;
}

/** Describes this machine and its Node (and Bun, when installed) from node:os and process. */
export function describeMachine(): RunMachine {
  const bun = spawnSync('bun', ['--version'], { encoding: 'utf8' });
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${type()} ${release()} ${arch()}`,
    node: process.version,
    bun: bun.status === 0 ? bun.stdout.trim() : undefined,
  };
}

/** Packages a bench imports that are ours or only drive the measurement, so not listed as peers. */
const notPeers = new Set(['fw', 'fw-mcp', 'fw-cli', 'mitata', 'autocannon', 'tsx']);

/** Packages a bench uses without importing them itself (run as a command, or imported by bench/lib or by a peer). */
const usedWithoutImport: Record<string, string[]> = {
  types: ['typescript'],
  'http-node': ['hono'],
  'http-bun': ['hono'],
  mcp: ['express'],
};

/** Where packages installed at bench time (outside the root node_modules) live, per bench. */
const extraNodeModules: Record<string, string> = { mcp: join(benchDir, '.out', 'mcp-server-v2', 'node_modules') };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function installedVersion(name: string, bench: string): string | undefined {
  for (const modules of [join(repoRoot, 'node_modules'), extraNodeModules[bench]]) {
    const file = modules && join(modules, name, 'package.json');
    if (file && existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return undefined;
}

/** The packages a bench directory imports (besides ours and the timing tools), with their installed versions, sorted by name. */
export function peerVersions(bench: string): Array<{ name: string; version: string }> {
  const dir = join(benchDir, bench);
  const names = new Set(usedWithoutImport[bench] ?? []);
  if (existsSync(dir)) {
    for (const file of sourceFiles(dir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\(\s*)['"]([^'".][^'"]*)['"]/g)) {
        if (!match[1].startsWith('node:') && !match[1].startsWith('bun')) names.add(packageName(match[1]));
      }
    }
  }
  if (bench === 'mcp' && existsSync(join(extraNodeModules.mcp, '@modelcontextprotocol'))) {
    for (const scope of readdirSync(join(extraNodeModules.mcp, '@modelcontextprotocol'))) names.add(`@modelcontextprotocol/${scope}`);
  }
  return [...names]
    .filter((name) => !notPeers.has(name))
    .sort()
    .flatMap((name) => {
      const version = installedVersion(name, bench);
      return version ? [{ name, version }] : [];
    });
}

/** The lines under a section's title: date, command, machine, runtimes, peers. */
export function sectionHeader(options: { bench: string; date: string; command: string; machine: RunMachine; runtime?: string }): string {
  const { machine } = options;
  const peers = peerVersions(options.bench);
  return [
    `- Date: ${options.date}`,
    `- Command: \`${options.command}\``,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}`,
    `- Runtime: ${options.runtime ?? `Node ${machine.node}`}${options.bench.startsWith('http-bun') && machine.bun ? `, Bun ${machine.bun}` : ''}`,
    `- Peers and tools: ${peers.length > 0 ? peers.map((p) => `${p.name} ${p.version}`).join(', ') : 'none'}`,
  ].join('\n');
}
