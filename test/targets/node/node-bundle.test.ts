/**
 * fw's Node bundle (scripts/build-node-bundle.ts), as this run's one build of the package made it (builtOnce), copied
 * with package.json into a scratch folder and run by plain node through the package's own exports map: every entry
 * loads, shares each class with `fw` (and `fw` with fw/core), `fw` keeps the full app (route syntax, schema checks,
 * listen()), fw/core alone stays the kernel, and `import('fw')` reads a few dozen files, not hundreds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEntries } from '../../../scripts/build-node-bundle';
import { builtOnce } from '../../packages/once-per-run';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let dir: string;

/** Runs an ES module script with plain node inside the scratch package (so `fw` resolves to it) and returns its output. */
function run(name: string, lines: string[], nodeArgs: string[] = []): string {
  writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
  return execFileSync(process.execPath, [...nodeArgs, name], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
}

beforeAll(async () => {
  await builtOnce(root);
  dir = mkdtempSync(join(tmpdir(), 'fw-node-bundle-'));
  for (const name of ['dist', 'package.json']) cpSync(join(root, name), join(dir, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("fw's Node bundle", () => {
  it('serves every entry but fw/mcp and fw/bun, each from dist/node, as Node resolves them', () => {
    const specifiers = nodeEntries(dir).map((entry) => entry.specifier);
    expect(specifiers).toEqual(expect.arrayContaining(['fw', 'fw/core', 'fw/cors', 'fw/node']));
    expect(specifiers).not.toContain('fw/mcp');
    const resolved = JSON.parse(
      run('resolve.mjs', [
        `const specifiers = ${JSON.stringify(specifiers)};`,
        'console.log(JSON.stringify(specifiers.map((s) => import.meta.resolve(s).replace(/^.*\\/dist\\//, ""))));',
      ]),
    ) as string[];
    expect(resolved).toEqual(specifiers.map((s) => `node/${s === 'fw' ? 'fw' : s.slice(3)}.js`));
  });

  it('every entry exports what its module does, and what it shares with fw (and fw with fw/core) is the same object', () => {
    const specifiers = nodeEntries(dir).map((entry) => entry.specifier);
    const out = run('identity.mjs', [
      "const fw = await import('fw');",
      "const core = await import('fw/core');",
      'const problems = [];',
      `for (const specifier of ${JSON.stringify(specifiers)}) {`,
      '  const entry = await import(specifier);',
      '  const names = Object.keys(entry);',
      "  if (names.length === 0) problems.push(specifier + ' exports nothing');",
      // fw's Node entry wraps the makers of apps and databases so they preset Node's services (its classes extend the module's).
      "  const presets = ['createDatabase', 'createWorkspace', 'startWorkspaceDev'];",
      '  const same = (n) => fw[n] === entry[n] || Object.prototype.isPrototypeOf.call(entry[n], fw[n]) || presets.includes(n);',
      "  for (const n of names) if (n in fw && !same(n)) problems.push(specifier + ' ' + n);",
      '}',
      "if (fw.CoreFw !== core.Fw || !(fw.Fw.prototype instanceof core.Fw)) problems.push('Fw does not extend fw/core\\'s');",
      "const cors = await import('fw/cors');",
      "const error = new fw.NotFoundError('x');",
      "if (!(error instanceof core.HttpError) || fw.HttpError !== core.HttpError || cors.cors !== fw.cors) problems.push('HttpError or cors differ');",
      'console.log(JSON.stringify(problems));',
    ]);
    expect(JSON.parse(out)).toEqual([]);
  });

  it("fw on Node is the full app: full route syntax, schemas checked at registration, listen() through fw/node's adapter", () => {
    const out = run('app.mjs', [
      "import { Fw } from 'fw';",
      'const app = new Fw();',
      "app.get('/files/:name{[a-z]+}.:ext', (ctx) => ctx.params.name + '|' + ctx.params.ext);",
      "app.post('/items', (ctx) => ctx.body(), { schema: { body: { type: 'object', required: ['name'] } } });",
      'let refused = "";',
      "try { app.post('/bad', () => 'x', { schema: { body: { type: 'objekt' } } }); } catch (error) { refused = error.message.split('\\n')[1]; }",
      'const server = await app.listen(0);',
      "const base = 'http://127.0.0.1:' + server.port;",
      "const file = await (await fetch(base + '/files/readme.md')).text();",
      "const bad = await fetch(base + '/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });",
      'await server.stop();',
      'console.log(JSON.stringify({ file, status: bad.status, refused }));',
    ]);
    expect(JSON.parse(out)).toEqual({
      file: 'readme|md',
      status: 400,
      refused: expect.stringContaining('POST /bad schema.body/type: must be one of'),
    });
  });

  it('fw/core alone stays the kernel: its route syntax, without the full one fw installs', () => {
    const out = run('core.mjs', [
      "import { Fw } from 'fw/core';",
      'const app = new Fw();',
      "app.get('/users/:id', (ctx) => ctx.params.id);",
      'let refused = "";',
      "try { app.get('/files/:name{[a-z]+}', () => 'x'); } catch (error) { refused = error.message; }",
      "const body = await (await app.request('/users/7')).text();",
      'console.log(JSON.stringify({ body, refused }));',
    ]);
    expect(JSON.parse(out)).toEqual({ body: '7', refused: expect.stringContaining('routeSyntax: fullRouteSyntax') });
  });

  it("import('fw') loads a few dozen of the package's files (each a module to read and compile), not hundreds; fw/core fewer", () => {
    writeFileSync(
      join(dir, 'count-hook.mjs'),
      [
        "import { register } from 'node:module';",
        'const hook = `let n = 0;',
        'export async function resolve(specifier, context, next) {',
        "  return specifier === 'load-count:' ? { url: 'load-count:', shortCircuit: true } : next(specifier, context); }",
        'export async function load(url, context, next) {',
        "  if (url === 'load-count:') return { format: 'module', source: 'export default ' + n, shortCircuit: true };",
        "  if (url.includes('/dist/')) n++;",
        '  return next(url, context); }`;',
        "register('data:text/javascript,' + encodeURIComponent(hook));",
      ].join('\n'),
    );
    const count = (specifier: string) =>
      Number(
        run(
          'count.mjs',
          [`await import(${JSON.stringify(specifier)});`, "const { default: n } = await import('load-count:');", 'console.log(n);'],
          ['--import', './count-hook.mjs'],
        ),
      );
    const full = count('fw');
    const kernel = count('fw/core');
    const perModule = readdirSync(join(dir, 'dist', 'src'), { recursive: true }).filter((f) => String(f).endsWith('.js')).length;
    // Each file costs Node's loader: a runtime group too many once split what `fw` loads into 23 files and cost ~13% of its import.
    expect(full).toBeLessThanOrEqual(20);
    expect(kernel).toBeGreaterThan(0);
    expect(kernel).toBeLessThan(full);
    expect(perModule).toBeGreaterThan(300);
  });
});
