/**
 * What `npm pack` ships works outside the repository: the tarballs pass publint and attw, `npm install fw fw-mcp`
 * stays small, and the README's new project type-checks under NodeNext, Node16 and Bundler, runs with plain node,
 * bundles for Node, Lambda and workers with esbuild (no externals) and answers in node and in workerd; and every
 * package entry (`fw/cors`, `fw/rate-limit`, …) imports alone, has its types and bundles without unrelated modules.
 *
 * The checks share nothing but the installed project, which they only read (each writes files of its own), so the
 * tests of each block run at the same time.
 *
 * @slow: minutes of installs and child processes, so it starts first (test/setup/slow-first.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importAloneScript, packageEntries, workerBundleFolders, writeEntriesTypeCheck } from './entries';
import { createPackedProject, type PackedProject } from './packed-project';
import { mcpToken, sh, startServer } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
let project: PackedProject;
const entries = packageEntries(root);
/** Module entries that use the database or schema modules by design; every other module entry bundles without them. */
const usesDataOrSchema = ['fw/db', 'fw/schema', 'fw/typed', 'fw/testing', 'fw/workspace', 'fw/mcp'];
const moduleEntries = [...entries].filter(([specifier, folder]) => /^src\/./.test(folder) && !usesDataOrSchema.includes(specifier));

beforeAll(async () => {
  project = await createPackedProject(root);
  writeFileSync(
    join(project.dir, 'src', 'typed.ts'),
    [
      "import { app } from './app.js';",
      "app.get('/typed/:id', (ctx) => {",
      '  // @ts-expect-error ctx is typed (params are strings), never any',
      '  const id: number = ctx.params.id;',
      '  return { id };',
      '});',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(project.dir, 'src', 'hello.ts'),
    "import { Fw } from 'fw';\n\nconst app = new Fw();\napp.get('/', () => 'hello');\n\nexport default app;\n",
  );
  writeFileSync(
    join(project.dir, 'invoke-lambda.mjs'),
    [
      'const { handler } = await import(new URL(process.argv[2], `file://${process.cwd()}/`).href);',
      "const context = { awsRequestId: 'packed-test', functionName: 'hello', getRemainingTimeInMillis: () => 3000 };",
      'const results = [];',
      'for (const event of JSON.parse(process.argv[3])) results.push(await handler(event, context));',
      'console.log(JSON.stringify(results));',
      '',
    ].join('\n'),
  );
}, 300_000);

afterAll(() => {
  if (project) rmSync(dirname(project.dir), { recursive: true, force: true });
});

/** Bytes of the Markdown files under `dir`: the READMEs and changelog a package ships, which no code loads. */
function markdownBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .reduce((sum, path) => sum + statSync(join(dir, path)).size, 0);
}

/** A fetch of the app, wherever it runs. */
type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

const mcpCall = {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
    authorization: `Bearer ${mcpToken}`,
  },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_users_by_id', arguments: { id: '1' } } }),
};

/** The README app's answers: a path parameter, a validated POST (201 and 400), and an MCP tool call over HTTP. */
async function expectTheApp(fetch: Fetch): Promise<void> {
  const user = await fetch('/users/1');
  expect(user.status).toBe(200);
  expect(await user.json()).toEqual({ id: '1', name: 'Ada' });
  expect((await fetch('/users/9')).status).toBe(404);
  const created = await fetch('/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Bob"}' });
  expect(created.status).toBe(201);
  expect(await created.json()).toMatchObject({ name: 'Bob' });
  const invalid = await fetch('/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":""}' });
  expect(invalid.status).toBe(400);
  const tool = await fetch('/mcp', mcpCall);
  expect(tool.status).toBe(200);
  expect(await tool.json()).toMatchObject({ id: 1, result: { structuredContent: { id: '1', name: 'Ada' } } });
}

/** Bundles an entry with `fw build` of the packed fw-cli, as the README says; returns the bundle's path. */
async function fwBuild(target: string, entry: string, outfile: string): Promise<string> {
  const out = await sh(
    join(project.dir, 'node_modules', '.bin', 'fw'),
    ['build', '--target', target, '--entry', entry, '--outfile', outfile],
    project.dir,
  );
  expect(out).toContain(outfile);
  return join(project.dir, outfile);
}

/** Bundles an entry with the esbuild command line that fw/serverless's `buildCommand(target, entry)` gives (no externals added). */
async function bundleWithBuildCommand(target: string, entry: string, outfile: string): Promise<string> {
  const script = `import { buildCommand, bundleConfig } from 'fw/serverless'; console.log(buildCommand(bundleConfig(${JSON.stringify(target)}, ${JSON.stringify(entry)}, { outfile: ${JSON.stringify(outfile)} })));`;
  const command = (await sh(process.execPath, ['--input-type=module', '-e', script], project.dir)).trim();
  expect(command).toMatch(/^esbuild /);
  expect(command).not.toContain('--external:ioredis');
  await sh('sh', ['-c', command], project.dir, { PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` });
  return join(project.dir, outfile);
}

describe.concurrent('the tarballs', { timeout: 120_000 }, () => {
  it.each(['fw', 'fw-mcp', 'fw-cli'])('%s passes publint --strict', async (name) => {
    expect(await sh(bin('publint'), ['run', project.tarballs.get(name)!, '--strict'], root)).toContain('All good');
  });

  // attw type-checks every entry point of a tarball (fw has dozens); three run at once beside the other test files, which on a
  // loaded 2-core machine took past two minutes.
  it.each(['fw', 'fw-mcp', 'fw-cli'])(
    '%s passes attw (ESM-only profile: NodeNext/Node16 from ESM and Bundler)',
    { timeout: 300_000 },
    async (name) => {
      const tarball = project.tarballs.get(name)!;
      const report = JSON.parse(await sh(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'json'], root)) as {
        analysis: { entrypoints: Record<string, unknown>; problems: { kind: string; resolutionKind?: string }[] };
      };
      expect(Object.keys(report.analysis.entrypoints)).toContain(name === 'fw-cli' ? './tooling' : '.');
      expect(report.analysis.problems.filter((p) => p.resolutionKind !== 'node10' && p.resolutionKind !== 'node16-cjs')).toEqual([]);
    },
  );

  it('npm install fw fw-mcp is under 5.5 MiB besides their docs, runs no install scripts and brings no build or dev tools', () => {
    const modules = join(project.dir, 'node_modules');
    const docs = markdownBytes(join(modules, 'fw')) + markdownBytes(join(modules, 'fw-mcp'));
    // 5 MiB until the middleware modules: jose (JWT and JWK, about 0.5 MiB installed) is the library fw/jwt and
    // fw/jwk verify with, loaded only by the first verification; negotiator and content-disposition add 0.16 MiB.
    expect(project.installBytes - docs).toBeLessThan(5.5 * 1024 * 1024);
    expect(project.installScripts).toEqual([]);
    for (const tool of ['esbuild', 'tsx', '@babel/parser', 'typescript', 'ioredis', 'ws', 'postgres', 'mysql2', 'better-sqlite3']) {
      expect(project.installed).not.toContain(`node_modules/${tool}`);
    }
  });
});

describe.concurrent("the README's new project, from the tarballs", { timeout: 90_000 }, () => {
  it.each([
    ['NodeNext', 'NodeNext'],
    ['Node16', 'Node16'],
    ['ESNext', 'Bundler'],
  ])('type-checks with tsc --strict under module %s, moduleResolution %s, no skipLibCheck', async (module, resolution) => {
    expect(readFileSync(join(project.dir, 'tsconfig.json'), 'utf8')).not.toMatch(/skipLibCheck/);
    await sh(
      bin('tsc'),
      ['-p', 'tsconfig.json', '--noEmit', '--strict', '--module', module, '--moduleResolution', resolution],
      project.dir,
    );
  });

  it("type-checks a worker-only project (workers-types, no DOM lib) against every fw entry's declarations, no skipLibCheck", async () => {
    const dir = join(project.dir, 'worker-only');
    const specifiers = [...entries.keys()].filter((s) => s.startsWith('fw') && !['fw/node', 'fw/bun', 'fw/lambda'].includes(s));
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'index.ts'),
      `${specifiers.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2023'],
          typeRoots: [join(root, 'node_modules', '@cloudflare')],
          types: ['workers-types'],
          strict: true,
          noEmit: true,
        },
        include: ['src'],
      }),
    );
    await sh(bin('tsc'), ['-p', 'tsconfig.json'], dir);
  });

  it('compiles with tsc and answers with plain node', async () => {
    await sh(bin('tsc'), ['-p', 'tsconfig.json'], project.dir);
    const { url, child } = await startServer(process.execPath, ['dist/server.js'], project.dir);
    try {
      await expectTheApp((path, init) => fetch(new URL(path, url), init));
    } finally {
      child.kill();
    }
  });

  it('bundles for Node with fw build (no externals), and the bundle answers', async () => {
    const outfile = await fwBuild('node', 'src/server.ts', 'dist/node/index.mjs');
    const { url, child } = await startServer(process.execPath, [outfile], project.dir);
    try {
      await expectTheApp((path, init) => fetch(new URL(path, url), init));
    } finally {
      child.kill();
    }
  });

  it("bundles for Lambda with buildCommand's esbuild command line (no externals), and the bundle's handler answers API Gateway events", async () => {
    const outfile = await bundleWithBuildCommand('lambda', 'src/lambda.ts', 'dist/lambda/index.mjs');
    const event = (method: string, path: string, body?: string) => ({
      version: '2.0',
      routeKey: '$default',
      rawPath: path,
      rawQueryString: '',
      headers: { host: 'api.example.com', 'content-type': 'application/json' },
      requestContext: {
        http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'test' },
        requestId: 'r',
        routeKey: '$default',
        stage: '$default',
        domainName: 'api.example.com',
        timeEpoch: 0,
      },
      isBase64Encoded: false,
      ...(body === undefined ? {} : { body }),
    });
    const out = await sh(
      process.execPath,
      ['invoke-lambda.mjs', outfile, JSON.stringify([event('GET', '/users/1'), event('POST', '/users', '{"name":""}')])],
      project.dir,
    );
    const [got, invalid] = JSON.parse(out) as { statusCode: number; body: string }[];
    expect(got.statusCode).toBe(200);
    expect(JSON.parse(got.body)).toEqual({ id: '1', name: 'Ada' });
    expect(invalid.statusCode).toBe(400);
  });

  it('bundles for workers with fw build, and the bundle answers in workerd', async () => {
    const outfile = await fwBuild('worker', 'src/worker.ts', 'dist/worker/index.js');
    const modules = [{ type: 'ESModule' as const, path: 'index.js', contents: readFileSync(outfile, 'utf8') }];
    const mf = new Miniflare({ modules, compatibilityDate: '2026-04-01', cf: false, bindings: { MCP_TOKEN: mcpToken } });
    try {
      await expectTheApp(
        (path, init) => mf.dispatchFetch(new URL(path, 'http://localhost').href, init as never) as unknown as Promise<Response>,
      );
    } finally {
      await mf.dispose();
    }
  });

  it('bundles a one-route worker without the modules it does not use (no migrator, no SQL splitter, no MCP)', async () => {
    const outfile = await bundleWithBuildCommand('worker', 'src/hello.ts', 'dist/hello/index.js');
    const code = readFileSync(outfile, 'utf8');
    for (const unused of ['splitQuery', 'Migrator', 'jsonrpc']) expect(code).not.toContain(unused);
  });
});

describe.concurrent('each package entry, from the tarball', { timeout: 60_000 }, () => {
  let entriesConfig: string;
  beforeAll(() => {
    entriesConfig = writeEntriesTypeCheck(project.dir, [...entries.keys()]);
  });

  it.each([...entries.keys()])(
    "%s imports alone with plain node (before fw), exports values, and shares fw's objects",
    async (specifier) => {
      const count = await sh(process.execPath, ['--input-type=module', '-e', importAloneScript(specifier)], project.dir);
      expect(Number(count)).toBeGreaterThan(0);
    },
  );

  it.each([
    ['NodeNext', 'NodeNext'],
    ['Node16', 'Node16'],
    ['ESNext', 'Bundler'],
  ])('all type-check (each with value exports) with tsc --strict under module %s, moduleResolution %s', async (module, resolution) => {
    await sh(bin('tsc'), ['-p', entriesConfig, '--strict', '--module', module, '--moduleResolution', resolution], project.dir);
  });

  /** fw/openapi documents Standard Schema parts through src/schema's converter (jsonSchemaOf), which carries no validator. */
  const mayCarry: Record<string, string[]> = { 'fw/openapi': ['src/schema'] };

  it.each(moduleEntries)('%s bundles for a worker with its own code and without src/db or src/schema', async (specifier, folder) => {
    const folders = await workerBundleFolders(project.dir, specifier);
    expect(folders).toContain(folder);
    const unwanted = ['src/db', 'src/schema'].filter((heavy) => !mayCarry[specifier]?.includes(heavy));
    expect(folders.filter((carried) => unwanted.includes(carried))).toEqual([]);
  });
});
