/**
 * Who sees the runtime tools and workflows: callers authenticated at the endpoint (authToken, authorize), callers on a
 * loopback connection (the socket's peer, never Host or X-Forwarded-For) and stdio; nobody else, unless the operator
 * opts in with `exposeRuntimeTools: 'public'`. Tools of subsystems the app lacks are not listed; hidden routes and
 * rate-limit client keys appear in no tool's, prompt's or resource's output.
 */
import { networkInterfaces } from 'node:os';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Miniflare } from 'miniflare';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CircuitBreakerRegistry, Fw, openapi, rateLimit } from 'fw';
import { mcp as coreMCP, coreToolNames } from 'fw/mcp';
import { serve, type NodeServer } from 'fw/node';
import { createMCPPlugin, mcp, type MCPHTTPOptions, type MCPServerOptions } from 'fw-mcp';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { connectHTTP, post } from './helpers';

const runtimeNames = ['fw/routes/list', 'fw/state/get', 'fw/app-snapshot', 'fw/http-request', 'fw/workflow/run'];

/** The first non-loopback IPv4 address of this machine: a peer that is not loopback, reaching a server on 0.0.0.0. */
function outsideAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
  if (found === undefined) throw new Error('this test needs a non-loopback IPv4 interface');
  return found.address;
}

function usersApp(): Fw {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id }), { summary: 'One user' });
  app.get('/internal/backdoor', () => ({ secret: 'backdoor' }), { hidden: true });
  return app;
}

async function mounted(options: MCPHTTPOptions = {}, serverOptions: MCPServerOptions = {}, app = usersApp()): Promise<Fw> {
  await app.plugin(createMCPPlugin(mcp(app, serverOptions), options));
  return app;
}

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (stops.length > 0) await stops.pop()!();
});

async function listening(app: Fw, hostname: string): Promise<NodeServer> {
  const running = await serve(app, { port: 0, hostname });
  stops.push(() => running.stop());
  return running;
}

async function client(url: string, headers?: Record<string, string>): Promise<Client> {
  const connected = await connectHTTP(url, headers);
  stops.push(() => connected.close());
  return connected;
}

async function toolNames(connected: Client): Promise<string[]> {
  return (await connected.listTools()).tools.map((tool) => tool.name);
}

async function listedInProcess(app: Fw, headers: Record<string, string> = {}): Promise<string[]> {
  const answer = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers);
  expect(answer.status).toBe(200);
  return answer.json.result.tools.map((tool: { name: string }) => tool.name);
}

describe('runtime tools and workflows by caller', () => {
  it('fw/node: a loopback peer sees them; a peer on another address does not, whatever Host and X-Forwarded-For say', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const app = await mounted();
    const running = await listening(app, '0.0.0.0');
    const local = await toolNames(await client(`http://127.0.0.1:${running.port}/mcp`));
    expect(local).toEqual(expect.arrayContaining(['get_users_by_id', ...runtimeNames]));

    const outside = await client(`http://${outsideAddress()}:${running.port}/mcp`, {
      'x-forwarded-for': '127.0.0.1',
      'x-real-ip': '127.0.0.1',
    });
    const names = await toolNames(outside);
    expect(names).toContain('get_users_by_id');
    expect(names.filter((name) => name.startsWith('fw/'))).toEqual([]);
    await expect(outside.callTool({ name: 'fw/state/get', arguments: {} })).rejects.toThrow(/Unknown tool: fw\/state\/get/);
    await expect(outside.callTool({ name: 'fw/http-request', arguments: { path: '/users/1' } })).rejects.toThrow(/Unknown tool/);
  });

  it('fw/node: a peer on another address sees them once authenticated with authToken', async () => {
    const app = await mounted({ authToken: 'secret-token' });
    const running = await listening(app, '0.0.0.0');
    const names = await toolNames(await client(`http://${outsideAddress()}:${running.port}/mcp`, { authorization: 'Bearer secret-token' }));
    expect(names).toEqual(expect.arrayContaining(['get_users_by_id', ...runtimeNames]));
  });

  it('in process (no peer): hidden without authentication, even with Host localhost and X-Forwarded-For 127.0.0.1', async () => {
    const app = await mounted();
    const names = await listedInProcess(app, { host: 'localhost', 'x-forwarded-for': '127.0.0.1', 'cf-connecting-ip': '127.0.0.1' });
    expect(names).toContain('get_users_by_id');
    expect(names.filter((name) => name.startsWith('fw/'))).toEqual([]);
    const call = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'fw/routes/list', arguments: {} } });
    expect(call.json.error).toMatchObject({ code: -32602, message: 'Unknown tool: fw/routes/list' });
  });

  it('in process: the built-in prompts (plugins, middleware) are hidden from a stranger like the runtime tools', async () => {
    const stranger = await mounted();
    const listed = await post(stranger, { jsonrpc: '2.0', id: 1, method: 'prompts/list' });
    expect(listed.json.result.prompts.filter((prompt: { name: string }) => prompt.name.startsWith('fw/'))).toEqual([]);
    const got = await post(stranger, {
      jsonrpc: '2.0',
      id: 2,
      method: 'prompts/get',
      params: { name: 'fw/architecture-review', arguments: {} },
    });
    expect(got.json.error).toMatchObject({ code: -32602, message: 'Unknown prompt: fw/architecture-review' });
    const completion = await post(stranger, {
      jsonrpc: '2.0',
      id: 3,
      method: 'completion/complete',
      params: { ref: { type: 'ref/prompt', name: 'fw/analyze-route' }, argument: { name: 'path', value: '/' } },
    });
    expect(completion.json.error).toMatchObject({ code: -32602, message: 'Unknown prompt: fw/analyze-route' });
    const trusted = await mounted({ authToken: 'secret-token' });
    const shown = await post(trusted, { jsonrpc: '2.0', id: 4, method: 'prompts/list' }, { authorization: 'Bearer secret-token' });
    expect(shown.json.result.prompts.map((prompt: { name: string }) => prompt.name)).toContain('fw/architecture-review');
  });

  it('in process: shown behind authToken and behind authorize(ctx)', async () => {
    const withToken = await mounted({ authToken: 'secret-token' });
    expect(await listedInProcess(withToken, { authorization: 'Bearer secret-token' })).toEqual(expect.arrayContaining(runtimeNames));
    const withHook = await mounted({ authorize: (ctx) => ctx.request.headers.get('x-api-key') === 'k1' });
    expect(await listedInProcess(withHook, { 'x-api-key': 'k1' })).toEqual(expect.arrayContaining(runtimeNames));
  });

  it("in process: shown to anyone with exposeRuntimeTools: 'public', and a bad value fails at startup", async () => {
    const app = await mounted({}, { exposeRuntimeTools: 'public' });
    expect(await listedInProcess(app)).toEqual(expect.arrayContaining(runtimeNames));
    expect(() => mcp(new Fw(), { exposeRuntimeTools: 'yes' as never })).toThrow(
      /exposeRuntimeTools must be 'trusted' \(the default\) or 'public'/,
    );
  });

  it('2026-07-28: the tool list of a trusted caller is marked private, never public (a shared cache would leak it)', async () => {
    const app = await mounted({ authToken: 'secret-token' });
    const answer = await post(
      app,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
          },
        },
      },
      { authorization: 'Bearer secret-token', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.cacheScope).toBe('private');
    expect(answer.json.result.tools.map((tool: { name: string }) => tool.name)).toEqual(expect.arrayContaining(runtimeNames));
  });
});

describe('the core plugin fw/mcp', () => {
  it('shows its seven built-in tools only behind auth(ctx) in process, or to anyone when exposeRuntimeTools is public', async () => {
    const stranger = usersApp();
    stranger.use(coreMCP());
    const names = await listedInProcess(stranger);
    expect(names).toContain('get_users_by_id');
    expect(names.filter((name) => coreToolNames.includes(name))).toEqual([]);
    const guarded = usersApp();
    guarded.use(coreMCP({ auth: (ctx) => ctx.request.headers.get('x-api-key') === 'k1' }));
    expect(await listedInProcess(guarded, { 'x-api-key': 'k1' })).toEqual(expect.arrayContaining(coreToolNames));
    const open = usersApp();
    open.use(coreMCP({ exposeRuntimeTools: 'public' }));
    expect(await listedInProcess(open)).toEqual(expect.arrayContaining(coreToolNames));
  });
});

describe('runtime tools of subsystems the app lacks', () => {
  it('are not listed (rooms, hot reload, SSG, circuit breakers, rate limiter, OpenAPI); given ones are', async () => {
    const bare = await listening(await mounted(), '127.0.0.1');
    const names = await toolNames(await client(`http://127.0.0.1:${bare.port}/mcp`));
    for (const prefix of ['fw/ws/', 'fw/hot-reload/', 'fw/ssg/', 'fw/circuit-breakers/', 'fw/ratelimit/', 'fw/openapi/'])
      expect(names.filter((name) => name.startsWith(prefix))).toEqual([]);

    const rooms = { rooms: () => ['lobby'], presence: () => [], connections: () => 0 };
    const full = await listening(
      await mounted({}, { runtime: { rooms, circuitBreakers: new CircuitBreakerRegistry(), ssg: { paths: ['/'] } } }),
      '127.0.0.1',
    );
    const present = await toolNames(await client(`http://127.0.0.1:${full.port}/mcp`));
    expect(present).toEqual(expect.arrayContaining(['fw/ws/rooms', 'fw/circuit-breakers/list', 'fw/ssg/paths']));
    expect(present.filter((name) => name.startsWith('fw/hot-reload/'))).toEqual([]);
  });
});

describe('hidden routes and rate-limit client keys', () => {
  it('appear in no tool, prompt or resource output, read by an authenticated caller on another address', async () => {
    const address = outsideAddress();
    const app = usersApp();
    await app.plugin(rateLimit({ max: 1000, windowMs: 60_000 }));
    await app.plugin(openapi());
    await app.plugin(createMCPPlugin(mcp(app, { docs: { 'guide.md': '# Guide' } }), { authToken: 'secret-token' }));
    const running = await listening(app, '0.0.0.0');
    const connected = await client(`http://${address}:${running.port}/mcp`, { authorization: 'Bearer secret-token' });
    await fetch(`http://${address}:${running.port}/users/1`);

    const outputs: string[] = [];
    for (const tool of (await connected.listTools()).tools) {
      if (!tool.name.startsWith('fw/') || tool.name.includes('http-request') || tool.name.includes('chain')) continue;
      const args =
        tool.name === 'fw/workflow/run' ? { name: 'fw/app-snapshot' } : tool.name === 'fw/routes/describe' ? { path: '/users/:id' } : {};
      outputs.push(JSON.stringify(await connected.callTool({ name: tool.name, arguments: args })));
    }
    outputs.push(JSON.stringify(await connected.callTool({ name: 'fw/state/get', arguments: { key: 'fw:ratelimit' } })));
    for (const prompt of (await connected.listPrompts()).prompts) {
      const args = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, a.name === 'path' ? '/users/:id' : 'GET']));
      outputs.push(
        JSON.stringify(await connected.getPrompt({ name: prompt.name, arguments: args }).catch((error: Error) => error.message)),
      );
    }
    for (const resource of (await connected.listResources()).resources)
      outputs.push(JSON.stringify(await connected.readResource({ uri: resource.uri })));

    expect(outputs.length).toBeGreaterThan(15);
    expect(outputs.join('\n')).toContain('/users/:id');
    expect(outputs.join('\n')).toContain('fw:ratelimit');
    expect(outputs.filter((text) => text.includes('backdoor'))).toEqual([]);
    expect(outputs.filter((text) => text.includes(address))).toEqual([]);
    const described = await connected.callTool({ name: 'fw/routes/describe', arguments: { path: '/internal/backdoor' } });
    expect(described.isError).toBe(true);
  });
});

describe('workerd (miniflare)', () => {
  let mf: Miniflare;
  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/mcp/servers/worker-exposure.ts'), { bindings: { MCP_TOKEN: 'secret-from-env' } });
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  function listTools(path: string, headers: Record<string, string> = {}) {
    return mf.dispatchFetch(`http://worker.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  }

  async function listed(path: string, headers: Record<string, string> = {}): Promise<string[]> {
    const response = await listTools(path, headers);
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);
  }

  it('hides them without authentication (CF-Connecting-IP 127.0.0.1 changes nothing) and shows them behind authToken', async () => {
    const open = await listed('/mcp', { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' });
    expect(open).toContain('get_hello');
    expect(open.filter((name) => name.startsWith('fw/'))).toEqual([]);
    const guarded = await listed('/private', { authorization: 'Bearer worker-token' });
    expect(guarded).toEqual(expect.arrayContaining(['get_hello', 'fw/routes/list', 'fw/serverless/status', 'fw/http-request']));
  });

  it('reads authToken per request from a binding (ctx.env.MCP_TOKEN); a missing secret refuses everything, never opens', async () => {
    expect((await listTools('/secret')).status).toBe(401);
    expect((await listTools('/secret', { authorization: 'Bearer worker-token' })).status).toBe(401);
    expect(await listed('/secret', { authorization: 'Bearer secret-from-env' })).toEqual(
      expect.arrayContaining(['get_hello', 'fw/serverless/status']),
    );
    const unset = await listTools('/unset', { authorization: 'Bearer undefined' });
    expect(unset.status).toBe(500);
    expect(((await unset.json()) as { error: { message: string } }).error.message).toContain('authToken(ctx) gave no token');
  });
});

describe('authToken option', () => {
  it('refuses an empty token or a value that is neither a string nor a function at startup', async () => {
    for (const authToken of ['', 42, null]) {
      const app = new Fw();
      await expect(
        (async () => app.plugin(createMCPPlugin(mcp(app), { authToken } as unknown as MCPHTTPOptions)))(),
        String(authToken),
      ).rejects.toThrow(/authToken must be a non-empty string or a function/);
    }
  });
});
