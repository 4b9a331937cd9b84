/**
 * Tool names a model provider accepts: with `toolNameStyle: 'provider-safe'` every listed tool (runtime, workflow,
 * route and the app's own, colliding and over-long names included) matches `^[a-zA-Z0-9_-]{1,64}$` and is called by
 * that name, over real fw/node HTTP with the official SDK client, the Vercel AI SDK client and LangChain's MCP
 * adapters. Without the option the names stay as registered and an app's own unsafe name is warned about once.
 */
import { execFile } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { createMCPPlugin, mcp, oauth, providerSafeNames, safeToolName, type MCPServer, type MCPServerOptions, type MCPTool } from 'fw-mcp';
import { ensureInstalled, installs } from './client-matrix';
import { modernClient } from './client-v2026';
import { freePort } from '../targets/worker/helpers';
import { connectHTTP, listen, repoRoot } from './helpers';
import { startAuthServer } from './oauth-server';

const PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const longName = `reports.${'quarterly-figures.'.repeat(5)}summary`;
const longPath = '/reports/quarterly-financial-statements/by-region/with-annual-comparisons/and-forecasts';
const longRouteTool = 'get_reports_quarterly_financial_statements_by_region_with_annual_comparisons_and_forecasts';

/** A user tool answering its own registered name, so a call shows which tool it reached. */
function echo(name: string): MCPTool {
  return {
    name,
    description: `Says ${name}`,
    handler: () => ({ structuredContent: { tool: name }, content: [{ type: 'text', text: name }] }),
  };
}

/** The app's own tools: one that is already safe but takes a runtime tool's safe form, two that collide, one too long, one not ASCII. */
const ownTools = ['fw_routes_list', 'deploy/app', 'deploy.app', longName, 'météo'];

function namesApp(options: MCPServerOptions): { app: Fw; server: MCPServer } {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id }), { summary: 'One user' });
  app.get(longPath, () => ({ report: 'q3' }), { summary: 'A long route' });
  app.post('/users', () => ({ created: true }), { summary: 'No tool without allowMutation' });
  const server = mcp(app, {
    tools: ownTools.map(echo),
    workflows: [{ name: 'ops/nightly', description: 'A nightly job', steps: [{ type: 'result', value: { done: true } }] }],
    ...options,
  });
  app.use(createMCPPlugin(server));
  return { app, server };
}

function text(result: unknown): string {
  return ((result as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');
}

describe('providerSafeNames', () => {
  it('keeps safe names, replaces other characters, cuts long names with a fingerprint, and ignores order', () => {
    expect(safeToolName('fw/routes/list')).toBe('fw_routes_list');
    expect(safeToolName('get_users')).toBe('get_users');
    expect(safeToolName(longName)).toMatch(/^reports_quarterly-figures_.{29}_[0-9a-f]{8}$/);
    expect(safeToolName(longName)).toHaveLength(64);
    const names = ['fw/routes/list', 'fw_routes_list', 'a/b', 'a.b', 'a_b_x', longName, `${longName}2`];
    const mapped = providerSafeNames(names);
    expect(new Set(mapped.values()).size).toBe(names.length);
    for (const safe of mapped.values()) expect(safe).toMatch(PATTERN);
    expect(mapped.get('fw_routes_list')).toBe('fw_routes_list');
    expect(mapped.get('fw/routes/list')).toMatch(/^fw_routes_list_[0-9a-f]{8}$/);
    expect(mapped.get('a/b')).not.toBe(mapped.get('a.b'));
    expect(mapped.get('a/b')).toMatch(/^a_b_[0-9a-f]{8}$/);
    expect(providerSafeNames([...names].reverse())).toEqual(mapped);
  });
});

describe("toolNameStyle: 'provider-safe' over fw/node with the official SDK client", () => {
  let http: NodeServer;
  let server: MCPServer;
  let client: Client;
  let listed: Array<{ name: string; title?: string }>;
  let listedByDefault: string[];
  beforeAll(async () => {
    const plain = await listen(namesApp({}).app);
    const plainClient = await connectHTTP(`${plain.url}/mcp`);
    listedByDefault = (await plainClient.listTools()).tools.map((t) => t.name);
    await plainClient.close();
    await plain.stop();
    const made = namesApp({ toolNameStyle: 'provider-safe' });
    server = made.server;
    http = await listen(made.app);
    client = await connectHTTP(`${http.url}/mcp`);
    listed = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client?.close();
    await http?.stop();
  });

  it('lists every tool, runtime, workflow, route and own, once, under a name within the pattern', () => {
    const names = listed.map((t) => t.name);
    const safe = providerSafeNames(server.toolNames);
    expect(new Set(safe.values()).size).toBe(server.toolNames.length);
    expect(names).toEqual(listedByDefault.map((name) => safe.get(name)));
    for (const name of names) expect(name).toMatch(PATTERN);
    expect(names).toEqual(
      expect.arrayContaining(['fw_routes_list', 'fw_serverless_status', 'fw_workflow_run', 'ops_nightly', 'get_users_by_id', 'm_t_o']),
    );
    expect(names.filter((n) => /^fw_routes_list_[0-9a-f]{8}$/.test(n))).toHaveLength(1);
    expect(names.filter((n) => /^deploy_app_[0-9a-f]{8}$/.test(n))).toHaveLength(2);
    expect(names).not.toContain(longRouteTool);
    expect(names.some((n) => n.startsWith('get_reports_quarterly') && n.length === 64)).toBe(true);
  });

  it('reaches the right tool by each listed name, and refuses the registered names', async () => {
    const safe = providerSafeNames(server.toolNames);
    for (const own of ownTools) {
      const result = await client.callTool({ name: safe.get(own)!, arguments: {} });
      expect(result.structuredContent).toEqual({ tool: own });
    }
    const routes = await client.callTool({ name: safe.get('fw/routes/list')!, arguments: {} });
    expect((routes.structuredContent as { routes: Array<{ path: string }> }).routes.map((r) => r.path)).toContain(longPath);
    const report = await client.callTool({ name: safe.get(longRouteTool)!, arguments: {} });
    expect(report.structuredContent).toEqual({ report: 'q3' });
    const user = await client.callTool({ name: 'get_users_by_id', arguments: { id: '7' } });
    expect(user.structuredContent).toEqual({ id: '7' });
    const nightly = await client.callTool({ name: 'ops_nightly', arguments: {} });
    expect(nightly.isError ?? false).toBe(false);
    expect(nightly.structuredContent).toMatchObject({ workflow: 'ops/nightly', output: { done: true } });
    const run = await client.callTool({ name: 'fw_workflow_run', arguments: { name: 'ops/nightly' } });
    expect(run.structuredContent).toMatchObject({ output: { done: true } });
    await expect(client.callTool({ name: 'fw/serverless/status', arguments: {} })).rejects.toThrow(/Unknown tool: fw\/serverless\/status/);
  });

  it('names tools in results by the names the client sees', async () => {
    const safe = providerSafeNames(server.toolNames);
    const described = await client.callTool({ name: safe.get('fw/routes/describe')!, arguments: { path: longPath } });
    expect((described.structuredContent as { toolName: string }).toolName).toBe(safe.get(longRouteTool));
    const noTool = await client.callTool({ name: safe.get('fw/routes/describe')!, arguments: { method: 'POST', path: '/users' } });
    expect((noTool.structuredContent as { toolName: unknown }).toolName).toBeNull();
    const missing = await client.callTool({ name: 'fw_workflow_run', arguments: { name: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('fw_workflow_list shows them');
    const workflows = await client.callTool({ name: 'fw_workflow_list', arguments: {} });
    const entries = (workflows.structuredContent as { workflows: Array<{ name: string; tool: string }> }).workflows;
    expect(entries.find((w) => w.name === 'ops/nightly')?.tool).toBe('ops_nightly');
    const bad = await client.callTool({ name: safe.get('fw/routes/describe')!, arguments: { path: 42 } });
    expect(text(bad)).toContain(`Invalid arguments for tool "${safe.get('fw/routes/describe')}"`);
  });
});

describe("toolNameStyle: 'provider-safe' with OAuth scopes", () => {
  it("holds a tool's scopes when it is called by its provider-safe name", async () => {
    const as = await startAuthServer();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    const app = new Fw();
    const server = mcp(app, { toolNameStyle: 'provider-safe', tools: [{ ...echo('admin/deploy'), scopes: ['mcp:admin'] }] });
    await app.plugin(createMCPPlugin(server, { oauth: oauth({ authorizationServers: [as.issuer], resource: url }) }));
    const http = await serve(app, { port, hostname: '127.0.0.1' });
    const reader = await connectHTTP(url, { authorization: `Bearer ${await as.token('reader', url)}` });
    const agent = await connectHTTP(url, { authorization: `Bearer ${await as.token('agent', url)}` });
    try {
      expect((await reader.listTools()).tools.map((t) => t.name)).toContain('admin_deploy');
      await expect(reader.callTool({ name: 'admin_deploy', arguments: {} })).rejects.toThrow(/403|insufficient_scope|Forbidden/);
      expect((await agent.callTool({ name: 'admin_deploy', arguments: {} })).structuredContent).toEqual({ tool: 'admin/deploy' });
    } finally {
      await reader.close();
      await agent.close();
      await http.stop();
      await as.stop();
    }
  });
});

describe("toolNameStyle: 'mcp' (the default)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the registered names', async () => {
    const { app } = namesApp({});
    const http = await listen(app);
    const client = await connectHTTP(`${http.url}/mcp`);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['fw/routes/list', 'fw_routes_list', 'deploy/app', 'ops/nightly', longRouteTool]));
      expect((await client.callTool({ name: 'deploy.app', arguments: {} })).structuredContent).toEqual({ tool: 'deploy.app' });
    } finally {
      await client.close();
      await http.stop();
    }
  });

  it('warns once per own tool whose name is outside the pattern, naming the option; never for fw tools', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { server } = namesApp({});
    server.addTool(echo('deploy/app')).addTool(echo('fine_name'));
    expect(server.toolNames).toContain('fw/routes/list');
    const messages = warn.mock.calls.map((args) => String(args[0]));
    expect(messages).toHaveLength(4);
    for (const name of ['deploy/app', 'deploy.app', longName, 'météo']) {
      const about = messages.filter((m) => m.includes(JSON.stringify(name)));
      expect(about, name).toHaveLength(1);
      expect(about[0]).toContain('^[a-zA-Z0-9_-]{1,64}$');
      expect(about[0]).toContain("toolNameStyle: 'provider-safe'");
    }
    expect(messages.find((m) => m.includes('"deploy/app"'))).toContain('"deploy_app"');
  });

  it('does not warn when the option is on, and refuses an unknown style at startup', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    namesApp({ toolNameStyle: 'provider-safe' }).server.addTool(echo('deploy/app'));
    expect(warn).not.toHaveBeenCalled();
    expect(() => mcp(null, { toolNameStyle: 'openai' as never })).toThrow(/toolNameStyle must be 'mcp' \(the default\) or 'provider-safe'/);
  });
});

describe("third-party clients with toolNameStyle: 'provider-safe'", () => {
  let http: NodeServer;
  let url: string;
  beforeAll(async () => {
    await Promise.all([ensureInstalled('node22'), ensureInstalled('aiSdk'), ensureInstalled('sdkV2')]);
    http = await listen(namesApp({ toolNameStyle: 'provider-safe' }).app);
    url = `${http.url}/mcp`;
  }, 240_000);
  afterAll(async () => {
    await http?.stop();
  });

  it('the Vercel AI SDK client (@ai-sdk/mcp 2.0, Node 22) hands on names within the pattern and executes one', async () => {
    const node22 = `${repoRoot}test/.out/${installs.node22.dir}/node_modules/node/bin/node`;
    const script = `${repoRoot}test/mcp/clients/ai-sdk-tool-names.mjs`;
    const args = [script, `${repoRoot}test/.out/${installs.aiSdk.dir}`, url, 'get_users_by_id', '{"id":"3"}'];
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(node22, args, { timeout: 60_000 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const report = JSON.parse(stdout);
    expect(report.error).toBeUndefined();
    expect(report.protocolVersion, 'the AI SDK probes server/discover and settles on 2026-07-28').toBe('2026-07-28');
    expect(report.names.length).toBeGreaterThan(20);
    for (const name of report.names) expect(name).toMatch(PATTERN);
    expect(report.names).toEqual(expect.arrayContaining(['fw_serverless_status', 'ops_nightly', 'm_t_o']));
    expect(report.executed.structuredContent).toEqual({ id: '3' });
  });

  it('the SDK v2 client under 2026-07-28 lists the same names and calls one (Mcp-Name header included)', async () => {
    const { client } = await modernClient(url);
    try {
      const names = (await client.listTools()).tools.map((t: { name: string }) => t.name);
      for (const name of names) expect(name).toMatch(PATTERN);
      expect(names).toEqual(expect.arrayContaining(['fw_serverless_status', 'ops_nightly', 'm_t_o']));
      expect((await client.callTool({ name: 'm_t_o', arguments: {} })).structuredContent).toEqual({ tool: 'météo' });
    } finally {
      await client.close();
    }
  });

  it("LangChain's MCP adapters hand on names within the pattern and invoke one", async () => {
    const client = new MultiServerMCPClient({ mcpServers: { fw: { url, automaticSSEFallback: false } }, useStandardContentBlocks: true });
    try {
      const tools = await client.getTools();
      expect(tools.length).toBeGreaterThan(20);
      for (const tool of tools) expect(tool.name).toMatch(PATTERN);
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['fw_serverless_status', 'ops_nightly', 'm_t_o']));
      const user = tools.find((t) => t.name === 'get_users_by_id')!;
      expect(JSON.stringify(await user.invoke({ id: '5' }))).toContain('\\"id\\":\\"5\\"');
    } finally {
      await client.close();
    }
  });

  it("LangChain's MCP adapters hand on fw's registered names unchanged without the option", async () => {
    const plain = await listen(namesApp({}).app);
    const client = new MultiServerMCPClient({ mcpServers: { fw: { url: `${plain.url}/mcp`, automaticSSEFallback: false } } });
    try {
      const names = (await client.getTools()).map((t) => t.name);
      expect(names).toContain('fw/routes/list');
      expect(names.filter((n) => !PATTERN.test(n)).length).toBeGreaterThan(20);
    } finally {
      await client.close();
      await plain.stop();
    }
  });
});
