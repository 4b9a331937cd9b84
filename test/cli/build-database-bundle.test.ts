/**
 * What runs unbundled runs bundled: an app with a plain `database` config (PostgreSQL, `autoMigrate`), bundled by
 * `fw build --target node` and `--target lambda`, answers its database route from a copy of the bundle folder alone
 * (no node_modules, started from another working directory): the bundle carries fw's database module and the
 * postgres driver, and autoMigrate finds the migrations `fw build` copied next to it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, requireService, uniqueName } from '../db/services';
import { runWorker } from '../targets/worker/helpers';
import { fw } from './run';
import { removeProjects, repo, tempProject } from './temp-project';

const run = promisify(execFile);
const schema = uniqueName('fw_build_db');
const dirs: string[] = [];
let project: string;

/** The project's tsconfig resolves fw from the repository's sources, with `fw` as Node resolves it (its Node entry). */
const tsconfig = JSON.stringify({
  compilerOptions: {
    paths: {
      fw: [join(repo, 'targets/node/fw.ts')],
      'fw/node': [join(repo, 'targets/node/index.ts')],
      'fw/lambda': [join(repo, 'targets/lambda/index.ts')],
    },
  },
});

const files = {
  'package.json': JSON.stringify({ name: 'db-bundle', type: 'module', private: true, dependencies: { postgres: '^3.4.0' } }),
  'tsconfig.json': tsconfig,
  'src/app.ts': `import { Fw } from 'fw';
export const app = new Fw({ database: { url: ${JSON.stringify(POSTGRES_URL)}, schema: ${JSON.stringify(schema)}, autoMigrate: true } });
app.get('/notes', (ctx) => ctx.app.db.query('SELECT id, body FROM notes ORDER BY id'));
`,
  'src/server.ts': `import { app } from './app';
const server = await app.listen({ port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: server.port }));
`,
  'src/handler.ts': `import { lambda } from 'fw/lambda';
import { app } from './app';
export const handler = lambda(app);
`,
  'migrations/001_notes.sql':
    "CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);\nINSERT INTO notes (body) VALUES ('from a migration');\n",
};

/** Builds for `target` and copies the bundle's folder to a fresh folder outside the project (no node_modules there). */
async function buildAlone(target: string, entry: string): Promise<{ dir: string; out: string[] }> {
  const run = await fw(project, 'build', '--target', target, '--entry', entry, '--outfile', `dist/${target}/index.mjs`);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
  const dir = await mkdtemp(join(tmpdir(), `fw-db-bundle-${target}-`));
  dirs.push(dir);
  await cp(join(project, 'dist', target), dir, { recursive: true });
  return { dir, out: run.out };
}

beforeAll(async () => {
  await requireService('PostgreSQL', POSTGRES_URL, 5432);
  const sql = postgres(POSTGRES_URL, { onnotice: () => undefined });
  await sql.unsafe(`CREATE SCHEMA "${schema}"`);
  await sql.end();
  project = await tempProject(files);
  dirs.push(project);
  await mkdir(join(project, 'node_modules'));
  await symlink(join(repo, 'node_modules/postgres'), join(project, 'node_modules/postgres'), 'dir');
});

afterAll(async () => {
  const sql = postgres(POSTGRES_URL, { onnotice: () => undefined });
  await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await sql.end();
  await removeProjects(dirs);
});

describe('fw build of an app with a database config', () => {
  it('node: the bundle alone, started elsewhere, migrates and answers the database route from PostgreSQL', async () => {
    const { dir, out } = await buildAlone('node', 'src/server.ts');
    expect(out).toContain('database drivers in the bundle: postgres');
    expect(out).toContain('migrations: 1 file copied to dist/node/migrations');
    const child: ChildProcess = spawn(process.execPath, [join(dir, 'index.mjs')], { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let text = '';
        child.stdout!.on('data', (chunk) => {
          text += chunk;
          const line = text.split('\n').find((l) => l.startsWith('{"port"'));
          if (line) resolve(JSON.parse(line).port);
        });
        child.once('exit', (code) => reject(new Error(`the bundle exited (${code}) before listening`)));
      });
      const response = await fetch(`http://127.0.0.1:${port}/notes`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: 1, body: 'from a migration' }]);
    } finally {
      child.kill();
    }
  });

  it('lambda: the handler alone answers an API Gateway v2 event from PostgreSQL', async () => {
    const { dir, out } = await buildAlone('lambda', 'src/handler.ts');
    expect(out).toContain('migrations: 1 file copied to dist/lambda/migrations');
    const event = JSON.parse(await readFile(join(repo, 'test/fixtures/lambda/apigw-v2.json'), 'utf8'));
    Object.assign(event, { rawPath: '/notes', rawQueryString: '', body: undefined });
    Object.assign(event.requestContext.http, { method: 'GET', path: '/notes' });
    const script = `const { handler } = await import(${JSON.stringify(join(dir, 'index.mjs'))});
const result = await handler(${JSON.stringify(event)}, {});
process.stdout.write(JSON.stringify(result));
process.exit(0);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: tmpdir(), timeout: 30_000 });
    const result = JSON.parse(stdout);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual([{ id: 1, body: 'from a migration' }]);
  });
});

describe('fw build of an app whose only sign of a database is its config', () => {
  it('lambda: an sqlite app with no driver in package.json and no migrations folder still gets the db module', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'sqlite-bundle', type: 'module', private: true }),
      'tsconfig.json': tsconfig,
      'src/handler.ts': `import { Fw } from 'fw';
import { lambda } from 'fw/lambda';
const app = new Fw({
  database: { url: ':memory:', driver: 'node-sqlite3-wasm', autoMigrate: true, migrations: { '001_t.sql': "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('from sqlite');" } },
});
app.get('/notes', (ctx) => ctx.app.db.query('SELECT v FROM t'));
export const handler = lambda(app);
`,
    });
    dirs.push(dir);
    await mkdir(join(dir, 'node_modules'));
    await symlink(join(repo, 'node_modules/node-sqlite3-wasm'), join(dir, 'node_modules/node-sqlite3-wasm'), 'dir');
    const built = await fw(dir, 'build', '--target', 'lambda', '--entry', 'src/handler.ts');
    expect(built.code).toBe(0);
    expect(built.out.some((line) => line.startsWith('database drivers') || line.startsWith('migrations:'))).toBe(false);
    const event = JSON.parse(await readFile(join(repo, 'test/fixtures/lambda/apigw-v2.json'), 'utf8'));
    Object.assign(event, { rawPath: '/notes', rawQueryString: '', body: undefined });
    Object.assign(event.requestContext.http, { method: 'GET', path: '/notes' });
    const script = `const { handler } = await import(${JSON.stringify(join(dir, 'dist/lambda/index.mjs'))});
process.stdout.write(JSON.stringify(await handler(${JSON.stringify(event)}, {})));
process.exit(0);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, timeout: 30_000 });
    const result = JSON.parse(stdout);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual([{ v: 'from sqlite' }]);
  });
});

describe('fw build of a project whose database driver is not installed', () => {
  it('fails, saying to install it, instead of a bundle that fails its first query', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'no-driver', type: 'module', private: true, dependencies: { postgres: '^3.4.0' } }),
      'tsconfig.json': tsconfig,
      'src/handler.ts': files['src/handler.ts'],
      'src/app.ts': files['src/app.ts'],
    });
    dirs.push(dir);
    const built = await fw(dir, 'build', '--target', 'lambda', '--entry', 'src/handler.ts');
    expect(built.code).toBe(1);
    expect(built.err).toContain('the project depends on the database driver postgres, which is not installed: npm install postgres');
    expect(built.err.at(-1)).toBe('fw build: bundling for lambda failed');
  });
});

describe('fw build --target worker of an app with a plain database config', () => {
  it('carries the db module: a D1 app answers from its migrated table in workerd', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'd1-bundle', type: 'module', private: true }),
      'tsconfig.json': JSON.stringify({ extends: join(repo, 'tsconfig.json') }),
      'src/index.ts': `import { Fw } from 'fw';
import { worker } from 'fw/worker';
const migrations = { '001_t.sql': "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('from d1');" };
const app = new Fw({ database: { url: 'd1:DB', autoMigrate: true, migrations } });
app.use((ctx, next) => {
  ctx.app.db.bindEnv(ctx.env);
  return next();
});
app.get('/notes', (ctx) => ctx.app.db.query('SELECT v FROM t'));
export default worker(app);
`,
    });
    dirs.push(dir);
    const built = await fw(dir, 'build', '--target', 'worker');
    expect(built.err).toEqual([]);
    const mf = await runWorker(await readFile(join(dir, 'dist/worker/index.js'), 'utf8'), { d1Databases: ['DB'] });
    try {
      const response = await mf.dispatchFetch('http://app.test/notes');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ v: 'from d1' }]);
    } finally {
      await mf.dispose();
    }
  });
});

describe('fw build --target worker of an app that passes its database config by shorthand', () => {
  it('carries the db module for `new Fw({ database })`: the D1 app answers from its migrated table in workerd', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'd1-shorthand', type: 'module', private: true }),
      'tsconfig.json': JSON.stringify({ extends: join(repo, 'tsconfig.json') }),
      'src/index.ts': `import { Fw } from 'fw';
import { worker } from 'fw/worker';
const database = { url: 'd1:DB', autoMigrate: true, migrations: { '001_t.sql': "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('shorthand');" } };
const app = new Fw({ database });
app.use((ctx, next) => {
  ctx.app.db.bindEnv(ctx.env);
  return next();
});
app.get('/notes', (ctx) => ctx.app.db.query('SELECT v FROM t'));
export default worker(app);
`,
    });
    dirs.push(dir);
    const built = await fw(dir, 'build', '--target', 'worker');
    expect(built.err).toEqual([]);
    const mf = await runWorker(await readFile(join(dir, 'dist/worker/index.js'), 'utf8'), { d1Databases: ['DB'] });
    try {
      const response = await mf.dispatchFetch('http://app.test/notes');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ v: 'shorthand' }]);
    } finally {
      await mf.dispose();
    }
  });
});

describe('fw build of an entry that does not reach the database option', () => {
  it('worker: a one-route entry next to an app with a database carries no db module', async () => {
    const dir = await tempProject({
      'package.json': JSON.stringify({ name: 'hello-bundle', type: 'module', private: true }),
      'tsconfig.json': JSON.stringify({ extends: join(repo, 'tsconfig.json') }),
      'src/app.ts': `import { Fw } from 'fw';\nexport const app = new Fw({ database: { url: 'd1:DB' } });\n`,
      'src/hello.ts': `import { Fw } from 'fw';\nimport { worker } from 'fw/worker';\nexport default worker(new Fw().get('/', () => 'hi'));\n`,
    });
    dirs.push(dir);
    expect((await fw(dir, 'build', '--target', 'worker', '--entry', 'src/hello.ts', '--no-minify')).code).toBe(0);
    expect(await readFile(join(dir, 'dist/worker/index.js'), 'utf8')).not.toContain('The database config must be an object');
    expect((await fw(dir, 'build', '--target', 'worker', '--entry', 'src/app.ts', '--outfile', 'dist/app.js', '--no-minify')).code).toBe(0);
    expect(await readFile(join(dir, 'dist/app.js'), 'utf8')).toContain('The database config must be an object');
  });
});
