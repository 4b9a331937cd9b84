import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runDoctor, type DoctorReport } from '../../cli/tooling';
import { fw } from '../cli/run';

const made: string[] = [];

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'fw-doctor-'));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), text);
  }
  return root;
}

function find(report: DoctorReport, name: string) {
  return report.checks.filter((c) => c.name === name).map((c) => ({ status: c.status, message: c.message }));
}

const healthy = {
  'package.json': JSON.stringify({ name: 'app', type: 'module', dependencies: { fw: '^1.4.0' } }),
  'node_modules/fw/package.json': JSON.stringify({ name: 'fw', version: '1.4.2' }),
  'tsconfig.json':
    '{\n  // comments are fine\n  "compilerOptions": { "strict": true, "moduleResolution": "Bundler", "jsx": "react-jsx", "jsxImportSource": "fw", },\n}',
  'wrangler.toml':
    'name = "app"\nmain = "src/index.ts"\ncompatibility_date = "2026-04-01"\n[[kv_namespaces]]\nbinding = "STORE"\nid = "x"\n[vars]\nMODE = "prod"\n',
  'src/index.ts':
    "import { Fw } from 'fw';\nconst app = new Fw();\napp.get('/', (ctx) => ctx.env.STORE.get(ctx.env.MODE));\napp.post('/items', (ctx) => ctx.json(), { schema: { body: { type: 'object' } } });\nexport default app;\n",
  'src/view.tsx': 'export const V = () => <p>hi</p>;\n',
};

afterEach(async () => {
  for (const root of made.splice(0)) await rm(root, { recursive: true, force: true });
});

describe('runDoctor', () => {
  it('passes a healthy project', async () => {
    const report = await runDoctor(await project(healthy), { nodeVersion: '20.20.0' });
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => `${c.name}:${c.status}`)).toEqual([
      'node:ok',
      'package.json:ok',
      'fw version:ok',
      'tsconfig.json:ok',
      'wrangler.toml:ok',
      'bindings:ok',
      'validation:ok',
    ]);
    expect(find(report, 'fw version')).toEqual([{ status: 'ok', message: 'fw 1.4.2 (^1.4.0)' }]);
  });

  it('finds old Node, a missing fw, missing bindings, a broken wrangler main and unvalidated routes', async () => {
    const root = await project({
      ...healthy,
      'package.json': JSON.stringify({ name: 'app', dependencies: {} }),
      'wrangler.toml': 'name = "app"\nmain = "src/worker.ts"\n',
      'src/routes.ts': "export function mount(app) { app.put('/items/:id', (ctx) => ctx.env.QUEUE.send(1)); }\n",
    });
    const report = await runDoctor(root, { nodeVersion: '18.19.0' });
    expect(report.ok).toBe(false);
    expect(find(report, 'node')).toEqual([{ status: 'error', message: 'Node 18.19.0 is too old: fw needs Node 20 or newer' }]);
    expect(find(report, 'package.json')).toEqual([{ status: 'warn', message: 'set "type": "module": fw ships ES modules only' }]);
    expect(find(report, 'fw version')).toEqual([{ status: 'error', message: 'fw is not in dependencies: npm install fw' }]);
    expect(find(report, 'wrangler.toml')).toEqual([
      { status: 'error', message: '"main" points at src/worker.ts, which does not exist; no "compatibility_date"' },
    ]);
    expect(find(report, 'bindings')).toEqual([
      {
        status: 'error',
        message: '3 env bindings read (MODE, QUEUE, STORE); not declared in wrangler.toml: env.MODE, env.QUEUE, env.STORE',
      },
    ]);
    expect(find(report, 'validation')).toEqual([
      { status: 'warn', message: 'PUT /items/:id (src/routes.ts:1) takes a body without a schema: add { schema: { body } }' },
    ]);
  });

  it('names and counts the env bindings the sources read, destructured ones too, with or without wrangler.toml', async () => {
    const source = [
      "import { Fw } from 'fw';",
      'const app = new Fw<{ Bindings: Env }>();',
      "app.get('/', (ctx) => ctx.env.STORE.get(ctx.env.MODE));",
      "app.get('/db', ({ env }) => env.DB.prepare('SELECT 1'));",
      "app.get('/d', (ctx) => { const { AI, 'API_KEY': key, ...rest } = ctx.env; return [AI, key, rest]; });",
      'const port = process.env.PORT; const mode = import.meta.env.MODE_BUILD; const other = ctx.environment?.X;',
      'export default app;',
      '',
    ].join('\n');
    const declared = await runDoctor(await project({ ...healthy, 'src/index.ts': source }), { nodeVersion: '22.1.0' });
    expect(find(declared, 'bindings')).toEqual([
      {
        status: 'error',
        message: '5 env bindings read (AI, API_KEY, DB, MODE, STORE); not declared in wrangler.toml: env.AI, env.API_KEY, env.DB',
      },
    ]);
    expect(find(await runDoctor(await project(healthy), { nodeVersion: '22.1.0' }), 'bindings')).toEqual([
      { status: 'ok', message: '2 env bindings read (MODE, STORE), each declared in wrangler.toml' },
    ]);
    const { 'wrangler.toml': _, ...noWrangler } = healthy;
    const node = await runDoctor(await project({ ...noWrangler, 'src/index.ts': source }), { nodeVersion: '22.1.0' });
    expect(find(node, 'bindings')).toEqual([
      { status: 'ok', message: '5 env bindings read (AI, API_KEY, DB, MODE, STORE); no wrangler.toml to check them against' },
    ]);
    const none = await runDoctor(await project({ ...noWrangler, 'src/index.ts': 'export const x = process.env.PORT;\n' }));
    expect(find(none, 'bindings')).toEqual([]);
  });

  it('reports unparsable files and an out-of-range install as findings', async () => {
    const root = await project({
      ...healthy,
      'node_modules/fw/package.json': JSON.stringify({ version: '1.3.0' }),
      'tsconfig.json': '{ "compilerOptions": { "strict": false, "jsxImportSource": "react" }, "extends": "./base" }',
      'base.json': '{ "compilerOptions": { "moduleResolution": "node" } }',
      'wrangler.toml': 'name = "app\n',
      'src/bad.ts': 'const = ;',
    });
    const report = await runDoctor(root, { nodeVersion: '22.1.0' });
    expect(find(report, 'fw version')).toEqual([
      { status: 'warn', message: 'fw 1.3.0 is installed but package.json asks for ^1.4.0: run npm install' },
    ]);
    expect(find(report, 'tsconfig.json')).toEqual([
      {
        status: 'warn',
        message:
          '"strict": true is off; "moduleResolution" is node (use "Bundler"); .tsx files need "jsx": "react-jsx" and "jsxImportSource": "fw"',
      },
    ]);
    expect(find(report, 'wrangler.toml')[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^wrangler.toml does not parse: /),
    });
    expect(find(report, 'syntax')[0]).toMatchObject({ status: 'warn', message: expect.stringMatching(/^src\/bad\.ts: /) });
    const broken = await runDoctor(await project({ 'package.json': '{ nope' }));
    expect(find(broken, 'package.json')[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^package.json is not valid JSON/),
    });
    expect(find(broken, 'sources')).toEqual([{ status: 'warn', message: 'no src/ folder: nothing analyzed for routes and bindings' }]);
    expect(find(await runDoctor(await project({})), 'package.json')).toEqual([
      { status: 'error', message: 'no package.json in the project folder' },
    ]);
  });

  it('is what fw doctor prints, with exit code 1 on errors', async () => {
    const { 'node_modules/fw/package.json': _fake, ...withoutFakeFw } = healthy;
    const root = await project(withoutFakeFw);
    const repo = fileURLToPath(new URL('../../', import.meta.url));
    await mkdir(join(root, 'node_modules'), { recursive: true });
    await symlink(repo, join(root, 'node_modules/fw'), 'dir');
    await symlink(join(repo, 'mcp'), join(root, 'node_modules/fw-mcp'), 'dir');
    const ok = await fw(root, 'doctor');
    expect(ok.code).toBe(0);
    expect(ok.out[0]).toMatch(/^CHECK +STATUS +DETAIL$/);
    expect(ok.out.at(-1)).toBe('0 errors, 0 warnings');
    const bad = await fw(await project({ ...healthy, 'wrangler.toml': 'main = "x.ts"\n' }), 'doctor', '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out[0]).ok).toBe(false);
  });
});
