import { afterAll, describe, expect, it } from 'vitest';
import { removeProjects, runFw, tempProject } from './temp-project';

const made: string[] = [];
afterAll(() => removeProjects(made));

async function project(files: Record<string, string>): Promise<string> {
  const dir = await tempProject({ 'package.json': '{ "type": "module" }', ...files });
  made.push(dir);
  return dir;
}

/** A module whose app has one route answering `name`, exported the way `exportLine` says. */
const appModule = (name: string, exportLine = 'export const app = new Fw();') =>
  `import { Fw } from 'fw';\n${exportLine.includes('new Fw()') ? exportLine : `const app = new Fw();\n${exportLine}`}\napp.get('/${name}', () => '${name}');\n`;

async function routesOf(dir: string): Promise<{ path: string; source: string }[]> {
  const run = await runFw(dir, 'routes', '--json');
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as { path: string; source: string }[]).map(({ path, source }) => ({ path, source }));
}

describe.concurrent('fw routes without flags finds the app as projects lay it out', { timeout: 180_000 }, () => {
  it('takes package.json "main" before the usual names', async () => {
    const dir = await project({
      'package.json': '{ "type": "module", "main": "lib/entry.ts" }',
      'lib/entry.ts': appModule('main'),
      'src/app.ts': appModule('usual'),
    });
    expect(await routesOf(dir)).toEqual([{ path: '/main', source: 'lib/entry.ts' }]);
  });

  it('takes the "." entry of package.json "exports" (its import condition), a .mjs module exporting the app as default', async () => {
    const dir = await project({
      'package.json':
        '{ "type": "module", "exports": { ".": { "types": "./lib/app.d.ts", "import": "./lib/app.mjs" }, "./package.json": "./package.json" } }',
      'lib/app.mjs': appModule('exported', 'export default app;'),
    });
    expect(await routesOf(dir)).toEqual([{ path: '/exported', source: 'lib/app.mjs' }]);
  });

  it('passes over a declared entry that does not exist and one that exports no app', async () => {
    const dir = await project({
      'package.json': '{ "type": "module", "exports": "./dist/missing.js", "main": "lib/handler.ts" }',
      'lib/handler.ts': 'export const handler = () => 1;\n',
      'src/app.ts': appModule('app'),
    });
    expect(await routesOf(dir)).toEqual([{ path: '/app', source: 'src/app.ts' }]);
  });

  it('prefers src/app.ts to src/index.ts', async () => {
    const dir = await project({ 'src/app.ts': appModule('app'), 'src/index.ts': appModule('index') });
    expect(await routesOf(dir)).toEqual([{ path: '/app', source: 'src/app.ts' }]);
  });

  it('finds a worker entry in src/index.ts whose default export is a worker object with an app', async () => {
    const dir = await project({
      'src/index.ts': appModule('worker', 'export default { fetch: (request: Request) => app.fetch(request), app };'),
    });
    expect(await routesOf(dir)).toEqual([{ path: '/worker', source: 'src/index.ts' }]);
  });

  it('finds app.js at the root before index.ts, and a factory function in server.ts last', async () => {
    const both = await project({ 'app.js': appModule('root-app'), 'index.ts': appModule('root-index') });
    expect(await routesOf(both)).toEqual([{ path: '/root-app', source: 'app.js' }]);
    const server = await project({ 'server.ts': appModule('server', 'export default () => app;') });
    expect(await routesOf(server)).toEqual([{ path: '/server', source: 'server.ts' }]);
  });

  it('with no app but a src/routes folder, lists its file routes and says so', async () => {
    const dir = await project({ 'src/routes/ping.ts': 'export const get = () => "pong";\n' });
    const run = await runFw(dir, 'routes');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('fw routes: no app module found; listing the file routes of src/routes\n');
    expect(run.stdout.split('\n').slice(2, 4)).toEqual(['GET     /ping  no         ping.ts', '1 route']);
  });

  it('with nothing found, names every file it tried and what to pass (exit 2)', async () => {
    const dir = await project({
      'package.json': '{ "type": "module", "main": "index.js" }',
      'src/index.ts': 'export const handler = () => 1;\nexport default 42;\n',
      'src/app.js': 'export {};\n',
    });
    const run = await runFw(dir, 'routes');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      `fw routes: found no fw app in ${dir}`,
      '  src/app.js exports nothing, none of them an fw app',
      '  src/index.ts exports default, handler, none of them an fw app',
      '  no such file: index.js (package.json "main"), src/app.ts, src/app.mjs, src/index.js, src/index.mjs, app.{ts,js,mjs}, index.ts, index.mjs, src/server.{ts,js,mjs}, server.{ts,js,mjs}',
      'An app module exports an Fw instance as `app` or as the default export (or a function of no arguments returning one, or a worker object with an `app` property).',
      'Pass --app <file> to name the app module, or --dir <folder> to list the file routes of a folder.',
      '',
    ]);
  });

  it('reports a module that fails while loading, by name (exit 1)', async () => {
    const dir = await project({ 'src/app.ts': "throw new Error('no DATABASE_URL');\n", 'src/index.ts': appModule('never') });
    const run = await runFw(dir, 'routes');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('fw routes: importing src/app.ts failed: no DATABASE_URL\n');
  });

  it('--app still names the module, and its mistakes are usage errors', async () => {
    const dir = await project({
      'src/app.ts': appModule('app'),
      'lib/other.ts': appModule('other', 'export default { fetch: () => new Response() };'),
    });
    const missing = await runFw(dir, 'routes', '--app', 'lib/nope.ts');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`no app module at ${dir}/lib/nope.ts: pass --app <file> naming the module that exports the app\n`);
    const notApp = await runFw(dir, 'routes', '--app', 'lib/other.ts');
    expect(notApp.code).toBe(2);
    expect(notApp.stderr).toMatch(/^lib\/other\.ts exports no fw app: export an Fw instance as `app` or as the default export/);
  });
});
