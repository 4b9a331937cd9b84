/**
 * The client matrix: four MCP clients written outside this project, each run through the same scenario against
 * the matrix app (test/mcp/servers/matrix-app.ts) on one target, and one check of what they saw. Clients that are
 * not project dependencies are installed by the test into test/.out (cached), as conformance.test.ts does.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { SUPPORTED_VERSIONS } from '../../mcp/src/versions';
import { inspector, repoRoot } from './helpers';
import { guide } from './servers/matrix-app';

/** Where a client connects: an HTTP endpoint, or a command speaking MCP on stdio. */
export type Endpoint = { url: string } | { command: string; args: string[] };

/** What a client saw: the tool names and the four answers of the scenario. */
export interface Seen {
  tools: string[];
  routeTool: { structuredContent?: unknown; isError?: boolean };
  runtimeTool: { structuredContent?: Record<string, unknown>; isError?: boolean };
  resource: { contents: Array<{ uri: string; text?: string }> };
  prompt: { messages: Array<{ content: { type: string; text?: string } }> };
  /** The version the connection settled on, where the client tells it. */
  protocolVersion?: string;
  /** The versions the client speaks, where its package exports them. */
  clientVersions?: readonly string[];
}

/** Packages installed at test time, pinned (checked with `npm view` when the matrix was written). */
export const installs = {
  node22: { dir: 'node22', packages: ['node@22'] },
  sdkV2: { dir: 'mcp-client-v2', packages: ['@modelcontextprotocol/client@2.4.0'] },
  aiSdk: { dir: 'ai-sdk-mcp', packages: ['@ai-sdk/mcp@2.0.99', 'zod@4'] },
  /** The conformance suite with 2026-07-28 server scenarios (the project's pinned 0.1.16 has none). */
  conformance2026: { dir: 'mcp-conformance-2026', packages: ['@modelcontextprotocol/conformance@0.2.0-alpha.12'] },
} as const;

const out = `${repoRoot}test/.out`;
const node22 = `${out}/node22/node_modules/node/bin/node`;

function run(command: string, args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

/** Waits for a folder lock (mkdir is atomic), so test files running side by side install a package once. */
async function locked<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = `${out}/${name}.lock`;
  await mkdir(out, { recursive: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} is still held after 240 s; remove it if no install is running`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Whether test/.out/<dir> holds the first package of an entry, at the pinned version when the entry pins one. */
function present(dir: string, spec: string): boolean {
  const at = spec.lastIndexOf('@');
  const file = `${out}/${dir}/node_modules/${spec.slice(0, at)}/package.json`;
  if (!existsSync(file)) return false;
  const pinned = spec.slice(at + 1);
  return !/^\d+\.\d+\.\d+$/.test(pinned) || JSON.parse(readFileSync(file, 'utf8')).version === pinned;
}

/**
 * Installs one entry of `installs` into test/.out/<dir> unless it is there already. One retry: another test
 * file may be installing the same folder at the same moment (the folder lock makes that rare).
 */
export async function ensureInstalled(which: keyof typeof installs): Promise<void> {
  const { dir, packages } = installs[which];
  if (present(dir, packages[0])) return;
  await locked(dir, async () => {
    await mkdir(`${out}/${dir}`, { recursive: true });
    for (let attempt = 1; !present(dir, packages[0]); attempt++) {
      if (attempt > 2) throw new Error(`npm install ${packages.join(' ')} left no ${packages[0]} in test/.out/${dir}`);
      await run('npm', ['install', '--prefix', `${out}/${dir}`, '--no-save', '--no-audit', '--no-fund', ...packages], 200_000).catch(
        (error: Error) => {
          if (attempt === 2) throw error;
        },
      );
    }
  });
}

/** Bundles the stdio server once (esbuild, Node platform) so each stdio client starts it in milliseconds. */
export async function stdioServer(): Promise<Endpoint> {
  const file = `${out}/matrix-stdio.mjs`;
  await build({
    entryPoints: [`${repoRoot}test/mcp/servers/matrix-stdio.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    tsconfig: `${repoRoot}tsconfig.json`,
    logLevel: 'silent',
  });
  return { command: process.execPath, args: [file] };
}

async function scenario(client: {
  listTools(): Promise<{ tools: Array<{ name: string }> }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  getPrompt(params: { name: string; arguments: Record<string, string> }): Promise<unknown>;
}): Promise<Omit<Seen, 'protocolVersion' | 'clientVersions'>> {
  return {
    tools: (await client.listTools()).tools.map((t) => t.name),
    routeTool: (await client.callTool({ name: 'get_users_by_id', arguments: { id: 2 } })) as Seen['routeTool'],
    runtimeTool: (await client.callTool({ name: 'fw/serverless/status', arguments: {} })) as Seen['runtimeTool'],
    resource: (await client.readResource({ uri: 'docs://users-guide' })) as Seen['resource'],
    prompt: (await client.getPrompt({ name: 'fw/analyze-route', arguments: { path: '/users/:id' } })) as Seen['prompt'],
  };
}

/** The official SDK 1.32 client (a project dev dependency). */
export async function sdkV1(endpoint: Endpoint): Promise<Seen> {
  const client = new Client({ name: 'fw-matrix-sdk-v1', version: '1.0.0' });
  const transport =
    'url' in endpoint
      ? new StreamableHTTPClientTransport(new URL(endpoint.url))
      : new StdioClientTransport({ ...endpoint, stderr: 'pipe' });
  await client.connect(transport);
  try {
    const protocolVersion = transport instanceof StreamableHTTPClientTransport ? transport.protocolVersion : undefined;
    return { ...(await scenario(client)), protocolVersion, clientVersions: SUPPORTED_PROTOCOL_VERSIONS };
  } finally {
    await client.close();
  }
}

/**
 * The versions the SDK v2 client offers in `versionNegotiation: { mode: 'auto' }`: its modern list (the package keeps
 * `SUPPORTED_MODERN_PROTOCOL_VERSIONS` internal; 2.4.0 offers 2026-07-28, probed with `server/discover`) before the
 * legacy ones it exports.
 */
const sdkV2ModernVersions = ['2026-07-28'];

/**
 * The SDK v2 client (`@modelcontextprotocol/client`, installed into test/.out) with automatic version negotiation:
 * it probes `server/discover` and speaks 2026-07-28 with fw-mcp (issue #21), where it fell back to `initialize` before.
 */
export async function sdkV2(endpoint: Endpoint): Promise<Seen> {
  const from = createRequire(`${out}/${installs.sdkV2.dir}/`);
  const load = (name: string) => import(pathToFileURL(from.resolve(name)).href);
  const sdk = await load('@modelcontextprotocol/client');
  const transport =
    'url' in endpoint
      ? new sdk.StreamableHTTPClientTransport(new URL(endpoint.url))
      : new (await load('@modelcontextprotocol/client/stdio')).StdioClientTransport({ ...endpoint, stderr: 'pipe' });
  const client = new sdk.Client({ name: 'fw-matrix-sdk-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  try {
    return {
      ...(await scenario(client)),
      protocolVersion: client.getNegotiatedProtocolVersion(),
      clientVersions: [...sdkV2ModernVersions, ...sdk.SUPPORTED_PROTOCOL_VERSIONS],
    };
  } finally {
    await client.close();
  }
}

/** The Vercel AI SDK client (`@ai-sdk/mcp`, Node >= 22): test/mcp/clients/ai-sdk.mjs run by the node@22 binary. */
export async function aiSdk(endpoint: Endpoint): Promise<Seen> {
  const target = 'url' in endpoint ? [endpoint.url] : ['stdio', endpoint.command, ...endpoint.args];
  const report = JSON.parse(
    await run(node22, [`${repoRoot}test/mcp/clients/ai-sdk.mjs`, `${out}/${installs.aiSdk.dir}`, ...target], 60_000),
  );
  if (report.error) throw new Error(`AI SDK client: ${report.error}`);
  expect(report.aiToolExecute, 'the AI SDK tool set executes a route tool').toEqual(report.routeTool);
  return report as Seen;
}

/** The MCP inspector CLI (a project dev dependency): one process per method, run side by side. */
export async function inspectorCli(endpoint: Endpoint): Promise<Seen> {
  const target = 'url' in endpoint ? [endpoint.url] : [endpoint.command, ...endpoint.args];
  const ask = async (...options: string[]) => {
    const result = await inspector([...target, ...options]);
    if (result.code !== 0) throw new Error(`inspector ${options.join(' ')} exited ${result.code}: ${result.stderr}${result.stdout}`);
    return JSON.parse(result.stdout);
  };
  const [listed, routeTool, runtimeTool, resource, prompt] = await Promise.all([
    ask('--method', 'tools/list'),
    ask('--method', 'tools/call', '--tool-name', 'get_users_by_id', '--tool-arg', 'id=2'),
    ask('--method', 'tools/call', '--tool-name', 'fw/serverless/status'),
    ask('--method', 'resources/read', '--uri', 'docs://users-guide'),
    ask('--method', 'prompts/get', '--prompt-name', 'fw/analyze-route', '--prompt-args', 'path=/users/:id'),
  ]);
  return { tools: listed.tools.map((t: { name: string }) => t.name), routeTool, runtimeTool, resource, prompt };
}

/** Checks what a client saw (and the negotiated version, where known); `target` is the `fw/serverless/status` target, or null where no adapter runs (stdio). */
export function expectScenario(seen: Seen, target: 'node' | 'worker' | 'lambda' | null): void {
  if (seen.protocolVersion !== undefined) {
    const shared = SUPPORTED_VERSIONS.find((v) => seen.clientVersions?.includes(v));
    if (shared === undefined) expect(SUPPORTED_VERSIONS).toContain(seen.protocolVersion);
    else expect(seen.protocolVersion, 'the newest version both sides speak').toBe(shared);
  }
  expect(seen.tools).toEqual(
    expect.arrayContaining(['get_users', 'get_users_by_id', 'fw/serverless/status', 'fw/http-request', 'fw/routes/list']),
  );
  expect(seen.tools).not.toContain('post_users');
  expect(seen.routeTool.isError ?? false).toBe(false);
  expect(seen.routeTool.structuredContent).toEqual({ id: '2', name: 'Grace Hopper', role: 'user' });
  expect(seen.runtimeTool.isError ?? false).toBe(false);
  if (target === null)
    expect(seen.runtimeTool.structuredContent).toMatchObject({ available: false, reason: expect.stringContaining('No serverless target') });
  else expect(seen.runtimeTool.structuredContent).toMatchObject({ target, coldStarts: 1, coldStart: false });
  expect(seen.resource.contents).toEqual([{ uri: 'docs://users-guide', mimeType: 'text/markdown', text: guide }]);
  expect(seen.prompt.messages[0].content.text).toContain('Route: GET /users/:id');
}
