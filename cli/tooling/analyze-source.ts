/** Static analysis of one source file with @babel/parser: the routes it registers, the env bindings it reads, what it imports. */
import { parse } from '@babel/parser';

/** A route registration found in source (`app.post('/users', handler, { schema })`). */
export interface SourceRoute {
  method: string;
  path: string;
  file: string;
  line: number;
  /** True when the options literal has `schema`; null when the options are not a literal (cannot tell). */
  hasSchema: boolean | null;
}

/** What `analyzeSource` finds in a file. */
export interface SourceAnalysis {
  file: string;
  routes: SourceRoute[];
  /** Module specifiers of static imports, dynamic `import('x')` with a literal, and `export … from`. */
  imports: string[];
  /** Names read as `env.NAME` / `ctx.env.NAME` (platform bindings and variables). */
  envBindings: string[];
  /** Parse errors (the file is then reported with no routes). */
  errors: string[];
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

const routeMethods = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'loc' && key !== 'extra' && typeof value === 'object') walk(value, visit);
  }
}

function literalString(node: Node | undefined): string | null {
  if (!node) return null;
  if (node.type === 'StringLiteral') return node.value as string;
  const quasis = node.quasis as Node[] | undefined;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0 && quasis)
    return (quasis[0].value as { cooked: string }).cooked;
  return null;
}

function propertyName(node: Node): string | null {
  if (node.computed) return literalString(node.property as Node);
  const property = node.property as Node;
  return property.type === 'Identifier' ? (property.name as string) : null;
}

/** Whether an expression is an env object: `env` or `<anything>.env` (`ctx.env`, `c.env`), but not `process.env` or `import.meta.env`. */
function isEnvObject(node: Node | null | undefined): boolean {
  if (!node) return false;
  if (node.type === 'Identifier') return node.name === 'env';
  if (node.type !== 'MemberExpression' || propertyName(node) !== 'env') return false;
  const owner = node.object as Node;
  return owner.type !== 'MetaProperty' && !(owner.type === 'Identifier' && owner.name === 'process');
}

/** The key of an object-pattern property (`{ DB }`, `{ DB: db }`, `{ 'DB': db }`), or null when computed. */
function propertyKey(property: Node): string | null {
  if (property.computed) return null;
  const key = property.key as Node;
  return key.type === 'Identifier' ? (key.name as string) : literalString(key);
}

function schemaOf(options: Node | undefined): boolean | null {
  if (!options) return false;
  if (options.type !== 'ObjectExpression') return null;
  return (options.properties as Node[]).some(
    (p) => p.type === 'ObjectProperty' && ((p.key as Node).name === 'schema' || (p.key as Node).value === 'schema'),
  );
}

function routeOf(call: Node, file: string): SourceRoute | null {
  const callee = call.callee as Node;
  if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') return null;
  const name = propertyName(callee);
  const args = call.arguments as Node[];
  let method: string | null = null;
  let rest = args;
  if (name && routeMethods.has(name)) method = name.toUpperCase();
  else if (name === 'route') {
    method = literalString(args[0])?.toUpperCase() ?? null;
    rest = args.slice(1);
  }
  const path = literalString(rest[0]);
  if (!method || path === null || !path.startsWith('/') || rest.length < 2) return null;
  return { method, path, file, line: call.loc?.start.line ?? 0, hasSchema: schemaOf(rest[2]) };
}

function parseProgram(source: string, file: string): Node {
  const jsx = /\.[jt]sx$/.test(file) || !/\.[cm]?[jt]s$/.test(file);
  return parse(source, {
    sourceType: 'unambiguous',
    errorRecovery: true,
    plugins: [['typescript', {}], ...(jsx ? (['jsx'] as const) : []), 'topLevelAwait', 'decorators-legacy'],
  }) as unknown as Node;
}

/** Parses one file and lists its route registrations, env bindings and imports; syntax errors are reported, never thrown. */
export function analyzeSource(source: string, file = 'source.ts'): SourceAnalysis {
  const result: SourceAnalysis = { file, routes: [], imports: [], envBindings: [], errors: [] };
  let program: Node;
  try {
    program = parseProgram(source, file);
  } catch (error) {
    result.errors.push(`${file}: ${(error as Error).message}`);
    return result;
  }
  for (const e of (program.errors as { message: string }[] | undefined) ?? []) result.errors.push(`${file}: ${e.message}`);
  const env = new Set<string>();
  walk(program, (node) => {
    if (node.type === 'CallExpression' || node.type === 'OptionalCallExpression') {
      const route = routeOf(node, file);
      if (route) result.routes.push(route);
      if ((node.callee as Node).type === 'Import') {
        const spec = literalString((node.arguments as Node[])[0]);
        if (spec) result.imports.push(spec);
      }
    } else if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') {
      const spec = literalString(node.source as Node | undefined);
      if (spec) result.imports.push(spec);
    } else if (node.type === 'VariableDeclarator' && (node.id as Node).type === 'ObjectPattern' && isEnvObject(node.init as Node | null)) {
      for (const property of (node.id as Node).properties as Node[]) {
        const name = property.type === 'ObjectProperty' ? propertyKey(property) : null;
        if (name) env.add(name);
      }
    } else if (node.type === 'MemberExpression' && !node.computed) {
      const name = propertyName(node);
      if (name && isEnvObject(node.object as Node)) env.add(name);
    }
  });
  result.envBindings = [...env].sort();
  return result;
}

/** The route registrations of one source text (see `analyzeSource`). */
export function parseRoutesFromSource(source: string, file = 'source.ts'): SourceRoute[] {
  return analyzeSource(source, file).routes;
}
