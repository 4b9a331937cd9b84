/**
 * The notes service of test/packages/notes-app/ (written from the installed READMEs: JSON Schema and zod bodies, a
 * bearer-guarded group, CORS, security headers, rate limit, OpenAPI, health, PostgreSQL with migrations, D1 and
 * KV on the worker, MCP over HTTP and stdio, the typed client), installed from this run's `npm pack` tarballs into
 * one project outside the repository (a copy of the run's installed new project, test/packages/packed-project.ts, plus
 * postgres and zod), type-checked with tsc, and run on every target: the `fw build --target node` bundle with
 * node, src/bun.ts with Bun, the `fw build --target worker` bundle in workerd (miniflare, D1 and KV), and the
 * `fw build --target lambda` bundle's handler with API Gateway v1, v2 and function-URL events. On each: the
 * database route, the MCP route tool that reads a binding (the official SDK client, with the bearer token), the
 * typed client's script, a CORS preflight through the guarded group, and a 500 whose body holds no engine text;
 * on Node also `fw mcp --header` of the packed fw-cli over stdio. The deployments share nothing but the installed
 * project (each has its own bundle, server and database schema), so they are checked at the same time, the checks of
 * one deployment in order.
 *
 * @slow: minutes of installs and child processes, so it starts first (test/setup/slow-first.ts).
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Miniflare } from 'miniflare';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, requireService, uniqueName } from '../db/services';
import { runWorker } from '../targets/worker/helpers';
import { lambdaFetch, serveFetch, type LambdaEventKind, type LambdaHandler } from './lambda-fetch';
import { installedPackedProject } from './packed-project';
import { sh, startServer } from './run';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('./notes-app/', import.meta.url));
const token = 'notes-api-token';
const origin = 'https://notes.example';
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const version = (name: string) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version as string;
/** Words of the engines' own error texts (PostgreSQL, D1/sqlite) that a 500's body must never hold. */
const engineText = /notes_archive|relation|no such table|does not exist|sqlite|SQLSTATE|42P01|postgres|D1_ERROR|SELECT/i;

let base: string;
let dir: string;
const schemas: string[] = [];

/** A fetch of the deployment, wherever it runs. */
type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

/** One running deployment: how to reach it from this process and from other processes, and what its runtime tool says. */
interface Deployment {
  fetch: Fetch;
  url: string;
  runtime: (answer: Record<string, unknown>) => void;
  /** How the typed client's script runs here: its `fw build --target node` bundle with node, or its source with bun. */
  clientRunner?: string[];
}

const authorized = { authorization: `Bearer ${token}` };

beforeAll(async () => {
  await requireService('PostgreSQL', POSTGRES_URL, 5432);
  const project = await installedPackedProject(root, 'notes');
  dir = project.dir;
  base = dirname(dir);
  await sh(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', `postgres@${version('postgres')}`, `zod@${version('zod')}`],
    dir,
  );
  for (const part of ['tsconfig.json', 'src', 'migrations']) cpSync(join(fixture, part), join(dir, part), { recursive: true });
  await fwBuild('node', 'src/call-client.ts', 'dist/client/index.mjs');
}, 600_000);

afterAll(async () => {
  if (base) rmSync(base, { recursive: true, force: true });
  const sql = postgres(POSTGRES_URL, { onnotice: () => undefined });
  for (const schema of schemas) await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await sql.end();
});

/** The environment of a Node, Bun or Lambda deployment: the local PostgreSQL, a schema of its own, the token. */
function databaseEnv(): Record<string, string> {
  const schema = uniqueName('fw_notes');
  schemas.push(schema);
  return { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, API_TOKEN: token };
}

/** `fw build` of the packed fw-cli in the project (to `dist/<target>/index.(m)js` unless `outfile` says); the bundle's path. */
async function fwBuild(target: string, entry: string, outfile = `dist/${target}/index.${target === 'worker' ? 'js' : 'mjs'}`) {
  const out = await sh(join(dir, 'node_modules', '.bin', 'fw'), ['build', '--target', target, '--entry', entry, '--outfile', outfile], dir);
  return { file: join(dir, outfile), out };
}

/** The official MCP SDK client on the deployment's /mcp, with the bearer token. */
async function mcpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'notes-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers: authorized } }));
  return client;
}

/** The checks of the "Done when", on one deployment. */
function checksOn(deployment: () => Deployment): void {
  it.sequential('the database route: migrated rows, a JSON Schema body (201, 400), the guard (401), health, OpenAPI, headers', async () => {
    const { fetch } = deployment();
    const list = await fetch('/api/notes', { headers: authorized });
    expect(list.status).toBe(200);
    expect(await list.json()).toContainEqual({ id: 1, text: 'from a migration' });
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
    expect(list.headers.get('x-ratelimit-limit')).toBe('1000');
    const created = await fetch('/api/notes', {
      method: 'POST',
      headers: { ...authorized, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'a second note' }),
    });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: number; text: string };
    expect(note.text).toBe('a second note');
    const one = await fetch(`/api/notes/${note.id}`, { headers: authorized });
    expect(await one.json()).toEqual(note);
    const invalid = await fetch('/api/notes', {
      method: 'POST',
      headers: { ...authorized, 'content-type': 'application/json' },
      body: '{"text":""}',
    });
    expect(invalid.status).toBe(400);
    const refused = await fetch('/api/notes', { headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const health = await fetch('/health');
    expect(health.status).toBe(200);
    // Check details go only to authorized callers (loopback on node and bun); the status is for everyone.
    expect(await health.json()).toMatchObject({ status: 'healthy' });
    const doc = (await (await fetch('/openapi')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/notes', '/api/notes/{id}']));
  });

  it.sequential('a CORS preflight through the guarded group: 204 with the CORS headers, never the guard 401', async () => {
    const { fetch } = deployment();
    const preflight = await fetch('/api/notes', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const refused = await fetch('/api/notes', { headers: { origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.sequential('a failing query answers 500 with an errorId and no engine text', async () => {
    const { fetch } = deployment();
    const failed = await fetch('/api/archive', { headers: authorized });
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR', errorId: expect.any(String) });
    expect(text).not.toMatch(engineText);
  });

  it.sequential('MCP over HTTP, the official SDK client with the bearer token: the route tools read the database and the bindings', async () => {
    const { url, runtime } = deployment();
    const client = await mcpClient(url);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['get_api_notes', 'get_api_notes_by_id', 'get_api_runtime']));
      const notes = await client.callTool({ name: 'get_api_notes', arguments: {} });
      expect(notes.isError).toBeFalsy();
      expect(JSON.stringify(notes.content)).toContain('from a migration');
      const described = await client.callTool({ name: 'get_api_runtime', arguments: {} });
      expect(described.isError).toBeFalsy();
      runtime(described.structuredContent as Record<string, unknown>);
      const failed = await client.callTool({ name: 'get_api_archive', arguments: {} });
      expect(failed.isError).toBe(true);
      expect(JSON.stringify(failed.content)).not.toMatch(engineText);
    } finally {
      await client.close();
    }
  });

  it.sequential('the typed client (fw/client, typed from the app) creates, edits and lists notes', async () => {
    const { url, clientRunner = [process.execPath, 'dist/client/index.mjs'] } = deployment();
    const [command, ...args] = clientRunner;
    const out = await sh(command, [...args, url, token], dir);
    const result = JSON.parse(out.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    expect(result).toMatchObject({ text: 'edited by the typed client', invalid: 400, unused: 'string' });
    expect(result.notes).toBeGreaterThanOrEqual(2);
  });
}

describe.concurrent('the notes app, from the tarballs', { timeout: 120_000 }, () => {
  it.sequential('type-checks with tsc --strict (the typed client included) and no skipLibCheck', async () => {
    await sh(bin('tsc'), ['-p', 'tsconfig.json'], dir);
  });
});

/** Fetch on a real URL. */
const over =
  (url: string): Fetch =>
  (path, init) =>
    fetch(new URL(path, url), init);

describe.concurrent('on Node: the fw build --target node bundle', { timeout: 120_000 }, () => {
  let child: ChildProcess | undefined;
  let url = '';
  const env = databaseEnv();

  beforeAll(async () => {
    const { file, out } = await fwBuild('node', 'src/server.ts');
    expect(out).toContain('database drivers in the bundle: postgres');
    expect(out).toContain('migrations: 1 file copied to dist/node/migrations');
    ({ url, child } = await startServer(process.execPath, [file], tmpdir(), env));
  });
  afterAll(() => {
    child?.kill();
  });

  checksOn(() => ({ fetch: over(url), url, runtime: (answer) => expect(answer).toEqual({ target: 'node' }) }));

  it.sequential('MCP over stdio: the packed fw mcp --header, started as a desktop client does, passes the guard of /api', async () => {
    const client = new Client({ name: 'notes-desktop', version: '1.0.0' });
    const { PATH = '', HOME = '' } = process.env;
    await client.connect(
      new StdioClientTransport({
        command: join(dir, 'node_modules', '.bin', 'fw'),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: fw mcp reads ${API_TOKEN} from the env below, as a client config writes it
        args: ['mcp', '--app', 'src/app.ts', '--header', 'Authorization: Bearer ${API_TOKEN}'],
        cwd: dir,
        env: { PATH, HOME, ...env },
        stderr: 'pipe',
      }),
    );
    try {
      const notes = await client.callTool({ name: 'get_api_notes', arguments: {} });
      expect(notes.isError).toBeFalsy();
      expect(JSON.stringify(notes.content)).toContain('from a migration');
      expect((await client.callTool({ name: 'get_api_runtime', arguments: {} })).structuredContent).toEqual({ target: 'node' });
    } finally {
      await client.close();
    }
  });
});

describe.concurrent('on Bun: src/bun.ts run by bun from the installed packages', { timeout: 120_000 }, () => {
  let child: ChildProcess | undefined;
  let url = '';

  beforeAll(async () => {
    ({ url, child } = await startServer(bin('bun'), ['src/bun.ts'], dir, databaseEnv()));
  });
  afterAll(() => {
    child?.kill();
  });

  checksOn(() => ({
    fetch: over(url),
    url,
    runtime: (answer) => expect(answer).toEqual({ target: 'bun' }),
    clientRunner: [bin('bun'), 'src/call-client.ts'],
  }));
});

describe.concurrent('on workerd: the fw build --target worker bundle, with D1 and KV bindings', { timeout: 120_000 }, () => {
  let mf: Miniflare | undefined;
  let url = '';

  beforeAll(async () => {
    const { file } = await fwBuild('worker', 'src/worker.ts');
    mf = await runWorker(readFileSync(file, 'utf8'), { d1Databases: ['DB'], kvNamespaces: ['SETTINGS'], bindings: { API_TOKEN: token } });
    await (await mf.getKVNamespace('SETTINGS')).put('motd', 'hello from KV');
    url = (await mf.ready).href;
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  checksOn(() => ({ fetch: over(url), url, runtime: (answer) => expect(answer).toEqual({ target: 'worker', motd: 'hello from KV' }) }));
});

describe.concurrent('on Lambda: the fw build --target lambda bundle', { timeout: 120_000 }, () => {
  let handler: LambdaHandler;

  beforeAll(async () => {
    const { file, out } = await fwBuild('lambda', 'src/lambda.ts');
    expect(out).toContain('migrations: 1 file copied to dist/lambda/migrations');
    Object.assign(process.env, databaseEnv());
    ({ handler } = (await import(pathToFileURL(file).href)) as { handler: LambdaHandler });
  });

  describe.each<LambdaEventKind>(['v1', 'v2', 'url'])('with %s events', (kind) => {
    const requestIds: string[] = [];
    let bridge: Awaited<ReturnType<typeof serveFetch>> | undefined;

    beforeAll(async () => {
      bridge = await serveFetch(lambdaFetch(handler, kind, requestIds));
    });
    afterAll(async () => {
      await bridge?.close();
    });

    checksOn(() => {
      const fetchEvent = lambdaFetch(handler, kind, requestIds);
      return {
        fetch: (path, init) => fetchEvent(new URL(path, 'http://lambda.local'), init),
        url: bridge!.url,
        runtime: (answer) => {
          expect(answer).toMatchObject({ target: 'lambda', function: 'notes' });
          expect(requestIds).toContain(answer.requestId);
          expect(String(answer.requestId)).toMatch(new RegExp(`^${kind}-`));
        },
      };
    });
  });
});
