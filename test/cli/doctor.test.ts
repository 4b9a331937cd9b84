import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, removeProjects, runFw, tempProject, type BinRun } from './temp-project';

const made: string[] = [];
afterAll(() => removeProjects(made));

async function project(files: Record<string, string>, link: string[] = []): Promise<string> {
  const dir = await tempProject(
    { 'package.json': JSON.stringify({ name: 'shop', type: 'module', dependencies: { fw: '^1.4.0' } }), ...files },
    link,
  );
  made.push(dir);
  return dir;
}

type Check = { name: string; status: string; message: string };

function checks(run: BinRun): Check[] {
  return (JSON.parse(run.stdout) as { checks: Check[] }).checks;
}

function find(run: BinRun, name: string): Omit<Check, 'name'>[] {
  return checks(run)
    .filter((c) => c.name === name)
    .map(({ status, message }) => ({ status, message }));
}

const tsconfig = (compilerOptions: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...extra, compilerOptions: { strict: true, ...compilerOptions } });
const fix =
  'set "moduleResolution": "Bundler" in tsconfig.json (code bundled by fw build, esbuild or a framework), or "module": "NodeNext" with "moduleResolution": "NodeNext" (code run by node as compiled)';
const plainApp = "import { Fw } from 'fw';\nexport const app = new Fw();\napp.get('/', () => 'home');\n";

describe('fw doctor: packages as installed, module resolution, routes counted from the app', { timeout: 180_000 }, () => {
  beforeAll(ensureBuilt, 600_000);

  it('passes a project with fw and fw-mcp installed, NodeNext, and counts the routes the app serves (hidden ones left out)', async () => {
    const dir = await project(
      {
        'package.json': JSON.stringify({ name: 'shop', type: 'module', dependencies: { fw: '^1.4.0', 'fw-mcp': '^1.4.0' } }),
        'tsconfig.json': tsconfig({ module: 'NodeNext', moduleResolution: 'NodeNext' }),
        'src/app.ts': [
          "import { Fw, openapi } from 'fw';",
          'export const app = new Fw();',
          'await app.plugin(openapi());',
          'const seen = new Map<string, number>();',
          "seen.get('/not-a-route');",
          "for (const path of ['/a', '/b']) app.get(path, () => path);",
          "app.post('/orders', (ctx) => ctx.json(), { schema: { body: { type: 'object' } } });",
          '',
        ].join('\n'),
      },
      ['fw', 'fw-mcp', 'typescript'],
    );
    const run = await runFw(dir, 'doctor', '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(find(run, 'fw install')).toEqual([
      {
        status: 'ok',
        message: expect.stringMatching(
          /^fw 1\.4\.0 in node_modules\/fw: loads dist\/node\/fw\.js; types \.\/dist\/src\/index\.d\.ts and those of its \d+ other exports present$/,
        ),
      },
    ]);
    expect(find(run, 'fw-mcp install')).toEqual([
      {
        status: 'ok',
        message:
          'fw-mcp 1.4.0 in node_modules/fw-mcp: loads dist/src/index.js; types ./dist/src/index.d.ts and those of its 3 other exports present',
      },
    ]);
    expect(find(run, 'module resolution')).toEqual([
      { status: 'ok', message: '"moduleResolution": "NodeNext" reads package exports maps (fw/node, fw/worker, fw-mcp)' },
    ]);
    expect(find(run, 'routes')).toEqual([
      { status: 'ok', message: '3 routes (app.getRoutes() of src/app.ts, hidden routes (4) not counted)' },
    ]);
    expect(find(run, 'validation')).toEqual([
      { status: 'ok', message: 'every POST, PUT and PATCH route of the app declares a body schema' },
    ]);
    expect(checks(run).map((c) => c.name)).toEqual([
      'node',
      'package.json',
      'fw version',
      'fw install',
      'fw-mcp install',
      'tsconfig.json',
      'module resolution',
      'routes',
      'validation',
    ]);
    const table = await runFw(dir, 'doctor');
    expect(table.stdout).toMatch(/\nroutes +ok +3 routes \(app\.getRoutes\(\) of src\/app\.ts, hidden routes \(4\) not counted\)\n/);
    expect(table.stdout.endsWith('\n0 errors, 0 warnings\n')).toBe(true);
  });

  it('fails when fw does not resolve, warns when fw-mcp does not, and when no TypeScript says which resolution applies', async () => {
    const dir = await project({
      'tsconfig.json': tsconfig({ module: 'ESNext' }),
      'src/app.ts': `${plainApp}app.post('/notes', (ctx) => ctx.json());\n`,
    });
    const run = await runFw(dir, 'doctor', '--json');
    expect(run.code).toBe(1);
    expect(find(run, 'fw install')).toEqual([{ status: 'error', message: `fw does not resolve from ${dir}: npm install fw` }]);
    expect(find(run, 'fw-mcp install')).toEqual([
      { status: 'warn', message: `fw-mcp does not resolve from ${dir} (fw mcp and MCP over HTTP need it): npm install fw-mcp` },
    ]);
    expect(find(run, 'module resolution')).toEqual([
      {
        status: 'warn',
        message: `"moduleResolution" is not set and typescript is not installed here, so the resolution depends on the TypeScript that runs (5.x picks Classic or Node10, which ignore exports maps): ${fix}`,
      },
    ]);
    expect(find(run, 'routes')).toEqual([
      { status: 'ok', message: '2 routes (app.getRoutes() of src/app.ts, hidden routes (0) not counted)' },
    ]);
    expect(find(run, 'validation')).toEqual([
      { status: 'warn', message: 'POST /notes (src/app.ts:4) takes a body without a schema: add { schema: { body } }' },
    ]);
  });

  it('names missing type declarations and entries that do not load, and the Classic resolution TypeScript 5 picks by default', async () => {
    const dir = await project({
      'tsconfig.json': tsconfig({ module: 'ESNext', target: 'ES2022' }),
      'node_modules/fw/package.json': JSON.stringify({
        name: 'fw',
        version: '1.4.0',
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './node': { types: './dist/node.d.ts', default: './dist/node.js' },
        },
      }),
      'node_modules/fw/dist/index.js': 'export {};\n',
      'node_modules/fw/dist/index.d.ts': 'export {};\n',
      'node_modules/fw-mcp/package.json': JSON.stringify({
        name: 'fw-mcp',
        version: '1.4.0',
        exports: { '.': { types: './dist/index.d.ts', default: './dist/gone.js' } },
      }),
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '5.9.3' }),
      'src/app.ts': plainApp,
    });
    const run = await runFw(dir, 'doctor', '--json');
    expect(run.code).toBe(1);
    expect(find(run, 'fw install')).toEqual([
      {
        status: 'error',
        message:
          'fw 1.4.0 in node_modules/fw lacks the type declarations ./dist/node.d.ts (./node): reinstall it: rm -rf node_modules/fw && npm install fw',
      },
    ]);
    expect(find(run, 'fw-mcp install')).toEqual([
      {
        status: 'error',
        message:
          'fw-mcp 1.4.0 in node_modules/fw-mcp does not load (MODULE_NOT_FOUND): reinstall it: rm -rf node_modules/fw-mcp && npm install fw-mcp',
      },
    ]);
    expect(find(run, 'module resolution')).toEqual([
      {
        status: 'error',
        message: `"moduleResolution" is not set: TypeScript 5.9.3 picks classic here, which ignores package exports maps: ${fix}`,
      },
    ]);
  });

  it("follows a tsconfig extends from a package, takes TypeScript 6+'s Bundler default, and names a package without types", async () => {
    const dir = await project(
      {
        'tsconfig.json': tsconfig({}, { extends: '@acme/tsconfig/base.json' }),
        'node_modules/@acme/tsconfig/package.json': JSON.stringify({ name: '@acme/tsconfig', version: '1.0.0' }),
        'node_modules/@acme/tsconfig/base.json':
          '{ // shared settings\n  "compilerOptions": { "module": "ESNext", "target": "ES2022", },\n}\n',
        'node_modules/fw-mcp/package.json': JSON.stringify({ name: 'fw-mcp', version: '1.4.0', exports: { '.': './dist/index.js' } }),
        'node_modules/fw-mcp/dist/index.js': 'export {};\n',
        'src/app.ts': 'export const notAnApp = 1;\n',
      },
      ['typescript'],
    );
    const run = await runFw(dir, 'doctor', '--json');
    expect(find(run, 'module resolution')).toEqual([
      {
        status: 'ok',
        message: expect.stringMatching(
          /^"moduleResolution" is not set: TypeScript [6-9]\.\d+\.\d+\S* picks bundler here, which reads package exports maps$/,
        ),
      },
    ]);
    expect(find(run, 'fw-mcp install')).toEqual([
      {
        status: 'error',
        message:
          'fw-mcp 1.4.0 in node_modules/fw-mcp declares no types for .: install a release that ships them (npm install fw-mcp@latest)',
      },
    ]);
    expect(find(run, 'routes')).toEqual([
      {
        status: 'warn',
        message:
          'found no app module to count routes from (src/app.ts exports notAnApp, none of them an fw app; no such file: src/app.js, src/app.mjs, src/index.{ts,js,mjs}, app.{ts,js,mjs}, index.{ts,js,mjs}, src/server.{ts,js,mjs}, server.{ts,js,mjs}): pass --app <file>',
      },
    ]);
  });

  it('fails an explicit resolution that ignores exports maps, an extends that does not resolve, and an app that throws; a wrong --app is a usage error', async () => {
    const dir = await project({
      'tsconfig.json': tsconfig({ moduleResolution: 'node10' }),
      'src/app.ts': "throw new Error('no DATABASE_URL');\n",
    });
    const run = await runFw(dir, 'doctor', '--json');
    expect(run.code).toBe(1);
    expect(find(run, 'module resolution')).toEqual([
      {
        status: 'error',
        message: `"moduleResolution": "node10" ignores package exports maps, so fw's subpaths and fw-mcp's types do not resolve: ${fix}`,
      },
    ]);
    expect(find(run, 'routes')).toEqual([
      { status: 'error', message: 'importing src/app.ts failed: no DATABASE_URL: fix the module, or pass --app <file> to check another' },
    ]);
    const extending = await project({
      'tsconfig.json': tsconfig({}, { extends: ['./base.json', '@acme/missing'] }),
      'base.json': '{}',
      'src/app.ts': plainApp,
    });
    expect(find(await runFw(extending, 'doctor', '--json'), 'module resolution')).toEqual([
      {
        status: 'error',
        message: `${extending}/tsconfig.json extends "@acme/missing", which does not resolve: install it or fix the path`,
      },
    ]);
    expect(await runFw(extending, 'doctor', '--app', 'src/nope.ts')).toEqual({
      code: 2,
      stdout: '',
      stderr: `no app module at ${extending}/src/nope.ts: pass --app <file> naming the module that exports the app\n`,
    });
  });
});
