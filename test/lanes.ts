/**
 * Which lane each test file runs in, read from what it imports, so no list is kept by hand.
 *
 * A file is an integration test when it uses something outside the test process: a child process (node:child_process,
 * esbuild's service, Bun, tsc), workerd (miniflare, wrangler), Chromium (playwright-core), PostgreSQL/MariaDB/Redis
 * (their drivers, test/db/services.ts, a redis:// or postgres:// URL of 127.0.0.1) or the npm registry (npm in a child process). "Uses" follows helpers: a test
 * that imports `post` from test/mcp/helpers.ts stays a unit test, one that imports `inspector` (which runs the MCP
 * inspector CLI) from the same file does not. Every other file is a unit test: it may start servers of its own on
 * 127.0.0.1 inside the process, nothing more.
 *
 * A file whose opening comment says `@lane integration` is an integration test whatever it imports (for what the
 * imports cannot show, such as a wait on real time that a loaded machine stretches).
 *
 * Unit files share one module graph per worker (vitest's isolate: false), which makes the lane several times faster.
 * A unit file that checks what importing a module does to the process (nothing registered until `fw` is imported)
 * says `@isolated` in its opening comment and gets a fresh module graph of its own.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Packages whose use leaves the test process: a child process, workerd, Chromium, a database or cache server. */
const outsideThePackages = new Set([
  'node:child_process',
  'child_process',
  'miniflare',
  'wrangler',
  'playwright-core',
  'postgres',
  'mysql2',
  'ioredis',
  'bun',
  'esbuild',
  '@modelcontextprotocol/sdk/client/stdio.js',
  '@modelcontextprotocol/inspector-cli',
  '@modelcontextprotocol/conformance',
]);

/** A database or cache server on this machine, named by URL (product code loads its driver by name, which imports cannot show). */
const serviceUrl = /\b(?:redis|postgres(?:ql)?|mysql|mariadb):\/\/[^'"`\s]*(?:127\.0\.0\.1|localhost)\b/;

/** Helper modules all of whose exports reach a service (repository-relative paths). */
const serviceModules = new Set(['test/db/services.ts']);

/** Folders whose modules are followed to see what a helper uses (product code in src/, mcp/src/ and targets/ is not). */
const followed = /^(test|examples|cli|scripts|bench)\//;

interface ImportLine {
  names: { imported: string; local: string }[];
  from: string;
}

/** The value imports of a module (type-only imports and names are dropped), including `export … from` re-exports. */
function importsOf(source: string): ImportLine[] {
  const lines: ImportLine[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const [, keyword, typeOnly, clause, from] of source.matchAll(statement)) {
    if (typeOnly) continue;
    const names: ImportLine['names'] = [];
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const part of braces?.[1].split(',') ?? []) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      const [imported, local = imported] = item.split(/\s+as\s+/).map((s) => s.trim());
      names.push({ imported, local: keyword === 'export' ? imported : local });
    }
    const outside = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    const star = /\*\s+as\s+(\w+)/.exec(outside);
    if (star) names.push({ imported: '*', local: star[1] });
    else if (outside && outside !== '*' && keyword === 'import') names.push({ imported: 'default', local: outside.split(/\s+/)[0] });
    if (outside === '*') names.push({ imported: '*', local: '*' });
    lines.push({ names, from });
  }
  for (const [, from] of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g))
    lines.push({ names: [{ imported: '*', local: '*' }], from });
  for (const [, from] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    lines.push({ names: [{ imported: '*', local: '*' }], from });
  return lines;
}

/** Top-level declarations of a module by name, with their text (up to the next top-level declaration). */
function declarationsOf(source: string): Map<string, string> {
  const declarations = new Map<string, string>();
  const head = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+(\w+)/gm;
  const starts = [...source.matchAll(head)];
  starts.forEach((match, i) => {
    declarations.set(match[1], source.slice(match.index, starts[i + 1]?.index ?? source.length));
  });
  return declarations;
}

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.m?js$/, '.ts'), join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

const wordPatterns = new Map<string, RegExp>();

/** Whether `text` mentions `name` as an identifier (not as a property after a dot). */
function uses(text: string, name: string): boolean {
  if (name === '*') return true;
  let pattern = wordPatterns.get(name);
  if (!pattern) wordPatterns.set(name, (pattern = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`)));
  return pattern.test(text);
}

/** Reads modules once and answers which of their exports leave the process. */
class Reader {
  private readonly outsideExports = new Map<string, Set<string>>();

  constructor(private readonly root: string) {}

  /** Local names of `file` bound to something that leaves the process. */
  private outsideLocals(file: string, source: string): Set<string> {
    const locals = new Set<string>();
    for (const { names, from } of importsOf(source)) {
      if (outsideThePackages.has(from)) {
        for (const { local } of names) locals.add(local);
        continue;
      }
      if (!from.startsWith('.')) continue;
      const target = resolveModule(file, from);
      if (!target || !followed.test(relative(this.root, target))) continue;
      const exported = this.exportsLeaving(target);
      for (const { imported, local } of names)
        if (exported.has('*') || exported.has(imported) || (imported === '*' && exported.size > 0)) locals.add(local);
    }
    return locals;
  }

  /** The exports of a helper module that leave the process ('*' when all of them do). */
  exportsLeaving(file: string): Set<string> {
    const known = this.outsideExports.get(file);
    if (known) return known;
    const leaving = new Set<string>();
    this.outsideExports.set(file, leaving);
    if (serviceModules.has(relative(this.root, file))) {
      leaving.add('*');
      return leaving;
    }
    const source = readFileSync(file, 'utf8');
    const tainted = this.outsideLocals(file, source);
    const declarations = declarationsOf(source);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [name, text] of declarations) {
        if (tainted.has(name) || !(serviceUrl.test(text) || [...tainted].some((local) => uses(text, local)))) continue;
        tainted.add(name);
        grew = true;
      }
    }
    for (const name of tainted) leaving.add(name);
    return leaving;
  }

  /** Whether a test file uses anything that leaves the process. */
  isIntegration(file: string): boolean {
    const source = readFileSync(file, 'utf8');
    if (openingComment(source).includes('@lane integration') || serviceUrl.test(source)) return true;
    const body = source.replace(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"][^'"]+['"];?/g, '\n');
    return [...this.outsideLocals(file, source)].some((local) => uses(body, local) || local === '*');
  }
}

/** The file's opening doc comment, where its markers go (its lane here, `@slow` for test/setup/slow-first.ts). */
export function openingComment(source: string): string {
  return /^\/\*\*[\s\S]*?\*\//.exec(source)?.[0] ?? '';
}

function testFiles(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(join(root, path)).isDirectory()) return testFiles(root, path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The test files under `dirs` by lane: unit (shared module graph), unit files marked `@isolated`, integration (repository-relative paths). */
export function testLanes(root: string, dirs: string[]): { unit: string[]; isolated: string[]; integration: string[] } {
  const reader = new Reader(root);
  const lanes = { unit: [] as string[], isolated: [] as string[], integration: [] as string[] };
  for (const file of dirs.flatMap((dir) => testFiles(root, dir)).sort()) {
    if (reader.isIntegration(join(root, file))) lanes.integration.push(file);
    else if (openingComment(readFileSync(join(root, file), 'utf8')).includes('@isolated')) lanes.isolated.push(file);
    else lanes.unit.push(file);
  }
  return lanes;
}
