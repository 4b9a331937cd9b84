/**
 * Issue #21, scopes on what is registered at run time: the bridge's runtime tools, workflow tools and built-in prompts
 * take scopes from the server option `builtinScopes` (by name or `prefix*`), and tools, resources and prompts added
 * with addTool/addResource/addPrompt while the server is serving declare them as at construction. Both get the same
 * 403 insufficient_scope, and the SDK v2 client's own OAuth flow steps up on it. oidc-provider on 127.0.0.1: `agent`
 * may have mcp:tools and mcp:admin (its first token has mcp:tools), `reader` only mcp:tools.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CircuitBreakerRegistry, Fw } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { createMCPPlugin, createMCPServer, oauth, type MCPServer, type MCPServerOptions } from 'fw-mcp';
import { freePort } from '../targets/worker/helpers';
import { ensureInstalled, installs } from './client-matrix';
import { repoRoot } from './helpers';
import { CLIENTS, startAuthServer, type AuthServer } from './oauth-server';
import { rawPost } from './wire';

let as: AuthServer;
let sdk: any;
beforeAll(async () => {
  [as] = await Promise.all([startAuthServer(), ensureInstalled('sdkV2')]);
  const from = createRequire(`${repoRoot}test/.out/${installs.sdkV2.dir}/`);
  sdk = await import(pathToFileURL(from.resolve('@modelcontextprotocol/client')).href);
}, 240_000);
afterAll(async () => {
  await as?.stop();
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const builtinScopes = {
  'fw/routes/list': ['mcp:admin'],
  'fw/circuit-breakers/*': ['mcp:admin'],
  'fw/analyze-route': ['mcp:admin'],
};

/** An app with one route and the bridge's built-in tools and prompts, served on fw/node behind oauth() for `as`. */
async function serve(
  options: MCPServerOptions = { builtinScopes, runtime: { circuitBreakers: new CircuitBreakerRegistry() } },
): Promise<{ url: string; base: string; server: MCPServer }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = new Fw();
  app.get('/status', () => ({ ok: true }), { summary: 'Status' });
  const server = createMCPServer(app, { name: 'runtime-scopes', ...options });
  await app.plugin(
    createMCPPlugin(server, {
      oauth: oauth({ authorizationServers: [as.issuer], scopesSupported: ['mcp:tools'], resource: `${base}/mcp` }),
    }),
  );
  const running = await nodeServe(app, { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return { url: `${base}/mcp`, base, server };
}

let nextId = 1;
async function call(url: string, token: string, method: string, params: Record<string, unknown> = {}) {
  const response = await rawPost(
    url,
    { jsonrpc: '2.0', id: nextId++, method, params },
    {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
    },
  );
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: await response.json() };
}

/** The SDK v2 client with its client-credentials flow as `agent` (2025-11-25, or 2026-07-28 in auto mode). */
async function agentClient(url: string, mode: 'legacy' | 'auto') {
  const authProvider = new sdk.ClientCredentialsProvider({
    clientId: 'agent',
    clientSecret: CLIENTS.agent.secret,
    expectedIssuer: as.issuer,
  });
  const client = new sdk.Client({ name: 'runtime-scopes', version: '1.0.0' }, mode === 'auto' ? { versionNegotiation: { mode } } : {});
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url), { authProvider }));
  stops.push(() => client.close());
  return { client, authProvider };
}

const adminOnly = { securitySchemes: [{ type: 'oauth2', scopes: ['mcp:admin'] }] };

describe('builtinScopes: the runtime tools, workflow tools and built-in prompts', () => {
  it('lists their scopes and refuses a token without them with 403 insufficient_scope (exact name, prefix, prompt)', async () => {
    const { url, base } = await serve();
    const reader = await as.token('reader', url);
    const tools = (await call(url, reader, 'tools/list')).body.result.tools as { name: string; _meta?: unknown }[];
    const meta = Object.fromEntries(tools.map((tool) => [tool.name, tool._meta]));
    expect(meta['fw/routes/list']).toEqual(adminOnly);
    expect(meta['fw/circuit-breakers/list']).toEqual(adminOnly);
    expect(meta['fw/routes/analyze']).toBeUndefined();
    expect(meta.get_status).toBeUndefined();
    const prompts = (await call(url, reader, 'prompts/list')).body.result.prompts as { name: string; _meta?: unknown }[];
    expect(prompts.find((prompt) => prompt.name === 'fw/analyze-route')?._meta).toEqual(adminOnly);

    const refused = await call(url, reader, 'tools/call', { name: 'fw/routes/list', arguments: {} });
    expect(refused.status).toBe(403);
    expect(refused.challenge).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="mcp:tools mcp:admin", ` +
        `error="insufficient_scope", error_description="the tool 'fw/routes/list' needs the scope mcp:admin"`,
    );
    expect(refused.body.error).toEqual({
      code: -32001,
      message: expect.stringContaining('Forbidden: the tool "fw/routes/list" needs the scope mcp:admin'),
      data: { requiredScopes: ['mcp:admin'], missingScopes: ['mcp:admin'] },
    });
    expect((await call(url, reader, 'tools/call', { name: 'fw/circuit-breakers/list', arguments: {} })).status).toBe(403);
    const prompt = await call(url, reader, 'prompts/get', { name: 'fw/analyze-route', arguments: { path: '/status' } });
    expect(prompt.status).toBe(403);
    expect(prompt.challenge).toContain(`error_description="the prompt 'fw/analyze-route' needs the scope mcp:admin"`);
    const open = await call(url, reader, 'tools/call', { name: 'fw/routes/analyze', arguments: {} });
    expect(open.status).toBe(200);
    expect(open.body.result.isError).toBeUndefined();
  });

  for (const mode of ['legacy', 'auto'] as const) {
    it(`the SDK v2 client (${mode === 'auto' ? '2026-07-28' : '2025-11-25'}) steps up to mcp:admin on the runtime tool's 403, then calls it`, async () => {
      const { url } = await serve();
      const { client, authProvider } = await agentClient(url, mode);
      if (mode === 'auto') expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(authProvider.tokens()?.scope).toBe('mcp:tools');
      const routes = await client.callTool({ name: 'fw/routes/list', arguments: {} });
      expect(routes.structuredContent.routes).toEqual([expect.objectContaining({ method: 'GET', path: '/status' })]);
      expect(authProvider.tokens()?.scope.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools']);
      const prompt = await client.getPrompt({ name: 'fw/analyze-route', arguments: { path: '/status' } });
      expect(prompt.messages[0].content.text).toContain('Route: GET /status');
    });
  }
});

describe('items added while the server is serving', () => {
  it('declare scopes as at construction: 403 for a token without them, and the SDK v2 client steps up', async () => {
    const { url, server } = await serve({});
    const reader = await as.token('reader', url);
    const { client, authProvider } = await agentClient(url, 'auto');
    expect((await client.listTools()).tools.some((tool: { name: string }) => tool.name === 'rotate_keys')).toBe(false);

    server
      .addTool({ name: 'rotate_keys', description: 'Rotates the keys', scopes: ['mcp:admin'], handler: () => 'rotated' })
      .addResource({ uri: 'ops://runbook', name: 'runbook', text: 'step 1', scopes: ['mcp:admin'] })
      .addPrompt({ name: 'postmortem', description: 'Postmortem', scopes: ['mcp:admin'], handler: () => 'Write it' });
    const listed = (await call(url, reader, 'tools/list')).body.result.tools.find((tool: { name: string }) => tool.name === 'rotate_keys');
    expect(listed._meta).toEqual(adminOnly);
    for (const [method, params, what] of [
      ['tools/call', { name: 'rotate_keys', arguments: {} }, "the tool 'rotate_keys'"],
      ['resources/read', { uri: 'ops://runbook' }, "the resource 'ops://runbook'"],
      ['prompts/get', { name: 'postmortem' }, "the prompt 'postmortem'"],
    ] as const) {
      const refused = await call(url, reader, method, params);
      expect(refused.status, method).toBe(403);
      expect(refused.challenge, method).toContain(`error="insufficient_scope", error_description="${what} needs the scope mcp:admin"`);
    }

    expect((await client.callTool({ name: 'rotate_keys', arguments: {} })).content).toEqual([{ type: 'text', text: 'rotated' }]);
    expect(authProvider.tokens()?.scope.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools']);
    expect((await client.readResource({ uri: 'ops://runbook' })).contents[0].text).toBe('step 1');
  });
});

describe('developer mistakes', () => {
  it('a builtinScopes name that is no built-in item, or a malformed entry, fails when the server is made or bound', async () => {
    const app = new Fw();
    expect(() => createMCPServer(app, { builtinScopes: { 'fw/routes/lst': ['mcp:admin'] } })).toThrow(
      'builtinScopes: "fw/routes/lst" is not a built-in tool, workflow or prompt of this server',
    );
    const later = createMCPServer(null, { builtinScopes: { whoami: ['mcp:admin'] } });
    expect(() => later.bind(app)).toThrow('give a tool registered with addTool its own scopes');
    expect(() => createMCPServer(null, { builtinScopes: { 'fw/*/list': ['mcp:admin'] } })).toThrow(
      'builtinScopes: "fw/*/list" must be a tool or prompt name, or a prefix with one * at its end',
    );
    expect(() => createMCPServer(null, { builtinScopes: { 'fw/*': ['mcp admin'] } })).toThrow(
      'builtinScopes["fw/*"]: "mcp admin" is not a valid scope token',
    );
    expect(() => createMCPServer(null, { builtinScopes: ['fw/*'] as never })).toThrow(
      'builtinScopes must map a built-in tool or prompt name',
    );
    expect(() =>
      createMCPServer(app, { builtinScopes: { 'fw/*': ['mcp:admin'], 'fw/workflow/run': ['mcp:admin'], 'fw/http-request': [] } }),
    ).not.toThrow();
  });
});
