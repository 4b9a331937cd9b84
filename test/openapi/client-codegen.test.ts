import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSpec, generateTypeScriptClient, schemaToType, type OpenAPI31Document } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { createApp } from '../../examples/node/app';
import { documentedApp } from './fixture-app';

const run = promisify(execFile);
const tsc = resolve('node_modules/.bin/tsc');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    noUnusedLocals: true,
    noImplicitReturns: true,
    skipLibCheck: true,
    outDir: 'out',
    rootDir: '.',
  },
  include: ['*.ts'],
};

/** A typed use of each client: must compile, and the @ts-expect-error lines prove the types are not `any`. */
const usage = `import { createClient as users, ApiError } from './users-client';
import { createClient as example } from './example-client';

export async function callUsers(base: string) {
  const api = users(base);
  const one = await api.getUser({ params: { id: 1 } });
  const name: string = one.name;
  const created = await api.postUsers({ body: { name: 'Grace' }, headers: { 'x-request-id': 'r1' } });
  const listed = await api.getUsers({ query: { limit: 1 } });
  let missing: unknown = null;
  try { await api.getUser({ params: { id: 99 } }); } catch (e) { if (e instanceof ApiError) missing = { status: e.status, body: e.body }; }
  return { name, created, count: listed.users?.length, missing, echo: await api.putEcho({ params: { wildcard: 'a' } }) };
}

/** Never called: the calls below must not compile. */
export function typeErrors(usersApi: ReturnType<typeof users>, exampleApi: ReturnType<typeof example>) {
  // @ts-expect-error id is a number
  void usersApi.getUser({ params: { id: 'one' } });
  // @ts-expect-error the body needs a name
  void usersApi.postUsers({ body: {} });
  // @ts-expect-error message is required
  void exampleApi.postEcho({ body: {} });
  // @ts-expect-error no such operation
  void usersApi.getInternalMetrics();
}

export async function callExample(base: string) {
  const api = example(base);
  return { greet: await api.getGreetName({ params: { name: 'Ada Lovelace' } }), echo: await api.postEcho({ body: { message: 'hi' } }) };
}
`;

describe('generateTypeScriptClient', () => {
  let dir: string;
  let usersServer: NodeServer;
  let exampleServer: NodeServer;
  let usersDoc: OpenAPI31Document;
  let exampleDoc: OpenAPI31Document;

  beforeAll(async () => {
    const usersApp = documentedApp();
    await usersApp.ready();
    usersDoc = usersApp.state<() => OpenAPI31Document>('fw:openapi')!();
    const { app: exampleApp } = createApp();
    exampleDoc = generateSpec(exampleApp, { title: 'Example' });
    usersServer = await serve(usersApp, { port: 0, hostname: '127.0.0.1' });
    exampleServer = await serve(exampleApp, { port: 0, hostname: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'fw-client-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    writeFileSync(join(dir, 'users-client.ts'), generateTypeScriptClient(usersDoc));
    writeFileSync(join(dir, 'example-client.ts'), generateTypeScriptClient(exampleDoc));
    writeFileSync(join(dir, 'usage.ts'), usage);
  });

  afterAll(async () => {
    await usersServer?.stop();
    await exampleServer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('compiles with tsc in strict mode, and its types reject wrong inputs', async () => {
    const result = await run(tsc, ['-p', join(dir, 'tsconfig.json')]).then(
      () => ({ ok: true, out: '' }),
      (e: { stdout: string }) => ({ ok: false, out: e.stdout }),
    );
    expect(result.out).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('calls the apps correctly (compiled output, real servers)', async () => {
    const mod = (await import(pathToFileURL(join(dir, 'out', 'usage.js')).href)) as {
      callUsers(base: string): Promise<Record<string, unknown>>;
      callExample(base: string): Promise<Record<string, unknown>>;
    };
    expect(await mod.callUsers(usersServer.url)).toEqual({
      name: 'Ada',
      created: { id: 2, name: 'Grace' },
      count: 1,
      missing: { status: 404, body: { error: 'No user 99', code: 'NOT_FOUND' } },
      echo: { method: 'PUT', path: '/echo/a' },
    });
    expect(await mod.callExample(exampleServer.url)).toEqual({
      greet: { greeting: 'Hello, Ada Lovelace!' },
      echo: { received: { message: 'hi' } },
    });
  });

  it('types the operations from the schemas', () => {
    const source = generateTypeScriptClient(usersDoc);
    expect(source).toContain('export type GetUserInput = {\n  params: {\n    id: number;\n  };\n};');
    expect(source).toContain(
      'export type PostUsersInput = {\n  headers?: {\n    "x-request-id"?: string;\n  };\n  body: {\n    name: string;\n    email?: string;\n  };\n};',
    );
    expect(source).toContain('@deprecated');
    expect(source).not.toContain('internal');
  });

  it('keeps comments closed and identifiers valid whatever the document says', () => {
    const doc: OpenAPI31Document = {
      openapi: '3.1.0',
      info: { title: 'Evil */ title', version: '1' },
      paths: { '/x': { get: { operationId: '1 weird-id', summary: 'ends */ here', responses: { 204: { description: 'none' } } } } },
    };
    const source = generateTypeScriptClient(doc);
    expect(source).not.toMatch(/ends \*\/ here/);
    expect(source).not.toMatch(/Evil \*\/ title/);
    expect(source).toContain('_1_weird_id: async (input: _1_weird_idInput = {}): Promise<_1_weird_idResult>');
  });
});

describe('schemaToType', () => {
  it('covers the JSON Schema shapes OpenAPI uses', () => {
    expect(schemaToType({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaToType({ enum: ['a', 1, null] })).toBe('"a" | 1 | null');
    expect(schemaToType({ const: true })).toBe('true');
    expect(schemaToType({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe('Array<string | number>');
    expect(
      schemaToType({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } } },
        ],
      }),
    ).toBe('{\n  a: string;\n} & {\n  b?: number;\n}');
    expect(schemaToType({ type: 'object' })).toBe('{\n  [key: string]: unknown;\n}');
    expect(schemaToType({ type: 'object', properties: {}, additionalProperties: false })).toBe('Record<string, never>');
    expect(schemaToType(false)).toBe('never');
    expect(schemaToType({})).toBe('unknown');
  });
});
