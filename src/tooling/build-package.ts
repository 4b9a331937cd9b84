/** Builds the publishable packages: ESM bundles of every `exports` entry of fw and fw-mcp, and their type declarations. */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface ExportEntry {
  source: string;
  import: string;
  types: string;
}

function entriesOf(packageDir: string): Map<string, ExportEntry> {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const out = new Map<string, ExportEntry>();
  for (const [key, value] of Object.entries(pkg.exports as Record<string, unknown>)) {
    if (typeof value === 'object' && value !== null && 'source' in value) {
      const entry = value as ExportEntry;
      if (!entry.import || !entry.types) throw new Error(`${packageDir}/package.json exports["${key}"] needs "import" and "types" besides "source"`);
      if (!existsSync(join(packageDir, entry.source))) throw new Error(`${packageDir}/package.json exports["${key}"]: ${entry.source} does not exist`);
      out.set(key, entry);
    }
  }
  return out;
}

function externalsOf(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})];
  return [...names, 'node:*', 'bun:*', 'bun', 'cloudflare:*'];
}

async function bundle(packageDir: string, external: string[]): Promise<Map<string, ExportEntry>> {
  const entries = entriesOf(packageDir);
  const entryPoints: Record<string, string> = {};
  for (const entry of entries.values()) entryPoints[entry.import.replace(/^\.\/dist\//, '').replace(/\.js$/, '')] = join(packageDir, entry.source);
  rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: join(packageDir, 'dist'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    sourcemap: true,
    external,
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
  });
  return entries;
}

function declarations(): void {
  const outDir = join(root, 'dist', 'types');
  const config = {
    extends: './tsconfig.json',
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir, rootDir: '.' },
    include: ['src', 'targets', 'mcp/src'],
    exclude: ['node_modules', '**/dist'],
  };
  const file = join(root, 'tsconfig.build.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', file], { stdio: 'inherit', cwd: root });
  } finally {
    rmSync(file, { force: true });
  }
}

function typeStubs(packageDir: string, entries: Map<string, ExportEntry>): void {
  for (const entry of entries.values()) {
    const target = join(packageDir, entry.types);
    const source = join(root, 'dist', 'types', relative(root, join(packageDir, entry.source))).replace(/\.tsx?$/, '');
    mkdirSync(dirname(target), { recursive: true });
    const spec = relative(dirname(target), source).replace(/\\/g, '/');
    writeFileSync(target, `export * from '${spec.startsWith('.') ? spec : `./${spec}`}';\n`);
  }
}

const external = externalsOf();
const fwEntries = await bundle(root, [...external, 'fw-mcp']);
const mcpEntries = await bundle(join(root, 'mcp'), [...external, 'fw', 'fw/*']);
declarations();
typeStubs(root, fwEntries);
typeStubs(join(root, 'mcp'), mcpEntries);
console.log(`built fw (${fwEntries.size} entries) and fw-mcp (${mcpEntries.size} entries) into dist/`);
