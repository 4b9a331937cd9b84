/**
 * Issue #21, fw-mcp as an OAuth 2.1 resource server on fw/node, against a real authorization server (oidc-provider on
 * 127.0.0.1: client credentials, resource indicators, JWT and opaque access tokens, introspection, revocation, key
 * rotation) and the official SDK v2 client's own OAuth flow (ClientCredentialsProvider, step-up on 403).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { Fw } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { authOf, createMCPPlugin, createMCPServer, oauth, type MCPHTTPOptions, type MCPOAuthOptions } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { freePort } from '../targets/worker/helpers';
import { ensureInstalled, installs } from './client-matrix';
import { listen, repoRoot } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';
import { CLIENTS, INTROSPECTOR, startAuthServer, type AuthServer } from './oauth-server';
import { oauthApp } from './servers/oauth-app';

let as: AuthServer;
let stranger: AuthServer;
let sdk: any;
beforeAll(async () => {
  [as, stranger] = await Promise.all([startAuthServer(), startAuthServer(), ensureInstalled('sdkV2')]);
  const from = createRequire(`${repoRoot}test/.out/${installs.sdkV2.dir}/`);
  sdk = await import(pathToFileURL(from.resolve('@modelcontextprotocol/client')).href);
}, 240_000);
afterAll(async () => {
  await Promise.all([as?.stop(), stranger?.stop()]);
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/**
 * The test app on fw/node at 127.0.0.1, a resource server for tokens from `as` (`mcp:tools` the scope to start with);
 * `url` is its MCP endpoint, the resource identifier, known before it listens.
 */
async function serve(extra: Partial<MCPOAuthOptions> = {}, http: MCPHTTPOptions = {}): Promise<{ url: string; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const protection = oauth({ authorizationServers: [as.issuer], scopesSupported: ['mcp:tools'], resource: `${base}/mcp`, ...extra });
  const running = await nodeServe(oauthApp({ ...http, oauth: protection }), { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return { url: `${base}/mcp`, base };
}

let nextId = 1;
/** POSTs one JSON-RPC request with a bearer token (none when undefined). */
async function call(url: string, token: string | undefined, method: string, params: Record<string, unknown> = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }) });
  const text = await response.text();
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: text ? JSON.parse(text) : undefined };
}

/** A JWT signed by a key the authorization server never published. */
async function forged(claims: Record<string, unknown>, kid = 'stranger-key'): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

/** The SDK v2 client, authenticating with the client credentials grant as `client` (2025-11-25, or 2026-07-28 in auto mode). */
async function sdkClient(url: string, client: keyof typeof CLIENTS, mode: 'legacy' | 'auto' = 'legacy') {
  const authProvider = new sdk.ClientCredentialsProvider({
    clientId: client,
    clientSecret: CLIENTS[client].secret,
    expectedIssuer: as.issuer,
  });
  const options = mode === 'auto' ? { versionNegotiation: { mode: 'auto' } } : {};
  const mcp = new sdk.Client({ name: 'oauth-test', version: '1.0.0' }, options);
  await mcp.connect(new sdk.StreamableHTTPClientTransport(new URL(url), { authProvider }));
  stops.push(() => mcp.close());
  return { mcp, authProvider };
}

describe('discovery', () => {
  it('refuses a request without a token: 401 naming the metadata and the scope, the metadata naming the authorization server', async () => {
    const { url, base } = await serve();
    const refused = await call(url, undefined, 'tools/list');
    expect(refused.status).toBe(401);
    expect(refused.challenge).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="mcp:tools"`,
    );
    expect(refused.body.error).toMatchObject({ code: -32001, message: expect.stringContaining('Authorization: Bearer') });
    const metadata = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toEqual({
      resource: url,
      authorization_servers: [as.issuer],
      scopes_supported: ['mcp:tools'],
      bearer_methods_supported: ['header'],
    });
  });
});

describe('the SDK v2 client (client credentials, its own OAuth flow)', () => {
  it('finds the authorization server, gets a JWT bound to this server, calls tools as itself, and steps up to mcp:admin on 403', async () => {
    const { url } = await serve();
    const { mcp, authProvider } = await sdkClient(url, 'agent');
    expect(authProvider.tokens()?.scope).toBe('mcp:tools');
    const listed = await mcp.listTools();
    const deploy = listed.tools.find((tool: { name: string }) => tool.name === 'deploy');
    expect(deploy._meta).toEqual({ securitySchemes: [{ type: 'oauth2', scopes: ['mcp:admin'] }] });
    const stats = listed.tools.find((tool: { name: string }) => tool.name === 'get_admin_stats');
    expect(stats._meta).toEqual({ securitySchemes: [{ type: 'oauth2', scopes: ['mcp:admin'] }] });
    expect((await mcp.callTool({ name: 'whoami', arguments: {} })).structuredContent).toEqual({
      subject: 'agent',
      clientId: 'agent',
      scopes: ['mcp:tools'],
    });
    expect((await mcp.callTool({ name: 'deploy', arguments: {} })).content).toEqual([{ type: 'text', text: 'deployed' }]);
    expect(authProvider.tokens()?.scope.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools']);
    expect((await mcp.callTool({ name: 'get_admin_stats', arguments: {} })).structuredContent).toEqual({ users: 42 });
  });

  it('speaking 2026-07-28 (auto mode): each request carries its token, handlers see who called, step-up works the same', async () => {
    const { url } = await serve();
    const { mcp, authProvider } = await sdkClient(url, 'agent', 'auto');
    expect(mcp.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await mcp.callTool({ name: 'whoami', arguments: {} })).structuredContent).toEqual({
      subject: 'agent',
      clientId: 'agent',
      scopes: ['mcp:tools'],
    });
    expect((await mcp.callTool({ name: 'deploy', arguments: {} })).content).toEqual([{ type: 'text', text: 'deployed' }]);
    expect(authProvider.tokens()?.scope.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools']);
  });

  it('a client the authorization server will not give mcp:admin stays refused (the step-up token request fails)', async () => {
    const { url } = await serve();
    const { mcp } = await sdkClient(url, 'reader');
    expect((await mcp.callTool({ name: 'whoami', arguments: {} })).structuredContent).toMatchObject({ clientId: 'reader' });
    await expect(mcp.callTool({ name: 'deploy', arguments: {} })).rejects.toMatchObject({ code: 'invalid_scope' });
  });
});

describe('scopes per tool, resource and prompt', () => {
  it('lists everything with the scopes each item needs; calls short of a scope get 403 insufficient_scope naming it', async () => {
    const { url, base } = await serve();
    const tools = await as.token('agent', url, 'mcp:tools');
    const listed = await call(url, tools, 'tools/list');
    expect(listed.body.result.tools.map((tool: { name: string }) => tool.name).sort()).toEqual([
      'deploy',
      'get_admin_stats',
      'get_status',
      'whoami',
    ]);
    const marked = (await call(url, tools, 'resources/list')).body.result.resources;
    expect(marked).toEqual([
      { uri: 'notes://public', name: 'public notes' },
      { uri: 'notes://secret', name: 'secret notes', _meta: { securitySchemes: [{ type: 'oauth2', scopes: ['mcp:admin'] }] } },
    ]);
    const refused = await call(url, tools, 'tools/call', { name: 'deploy', arguments: {} });
    expect(refused.status).toBe(403);
    expect(refused.challenge).toBe(
      `Bearer realm="mcp", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="mcp:tools mcp:admin", ` +
        `error="insufficient_scope", error_description="the tool 'deploy' needs the scope mcp:admin"`,
    );
    expect(refused.body.error).toEqual({
      code: -32001,
      message: expect.stringContaining('Forbidden: the tool "deploy" needs the scope mcp:admin'),
      data: { requiredScopes: ['mcp:admin'], missingScopes: ['mcp:admin'] },
    });
    for (const [method, params] of [
      ['tools/call', { name: 'get_admin_stats', arguments: {} }],
      ['resources/read', { uri: 'notes://secret' }],
      ['resources/read', { uri: 'vault://alpha' }],
      ['prompts/get', { name: 'incident' }],
      ['completion/complete', { ref: { type: 'ref/resource', uri: 'vault://{key}' }, argument: { name: 'key', value: 'a' } }],
    ] as const) {
      const answer = await call(url, tools, method, params);
      expect(answer.status, `${method} ${JSON.stringify(params)}`).toBe(403);
      expect(answer.challenge).toContain('error="insufficient_scope"');
    }
    expect((await call(url, tools, 'resources/read', { uri: 'notes://public' })).body.result.contents[0].text).toBe('hello');

    const admin = await as.token('agent', url, 'mcp:tools mcp:admin');
    expect((await call(url, admin, 'tools/call', { name: 'deploy', arguments: {} })).body.result.content[0].text).toBe('deployed');
    expect((await call(url, admin, 'resources/read', { uri: 'vault://alpha' })).body.result.contents[0].text).toBe('secret alpha');
    expect((await call(url, admin, 'prompts/get', { name: 'incident' })).status).toBe(200);
  });

  it('requiredScopes guard every request (and are the 401 scope); scopeImplies lets a broader scope grant narrower ones', async () => {
    const { url } = await serve({ requiredScopes: ['mcp:admin'] });
    expect((await call(url, undefined, 'ping')).challenge).toContain('scope="mcp:admin"');
    const refused = await call(url, await as.token('agent', url, 'mcp:tools'), 'ping');
    expect(refused.status).toBe(403);
    expect(refused.challenge).toContain('scope="mcp:tools mcp:admin", error="insufficient_scope"');
    expect((await call(url, await as.token('agent', url, 'mcp:admin'), 'ping')).status).toBe(200);

    const implied = await serve({ scopeImplies: { 'mcp:tools': ['mcp:admin'] } });
    const tools = await as.token('agent', implied.url, 'mcp:tools');
    expect((await call(implied.url, tools, 'tools/call', { name: 'deploy', arguments: {} })).status).toBe(200);
  });

  it('hands authorize(ctx) the accepted token (authOf)', async () => {
    const { url } = await serve({}, { authorize: (ctx) => authOf(ctx)?.clientId !== 'reader' });
    expect((await call(url, await as.token('agent', url), 'ping')).status).toBe(200);
    const refused = await call(url, await as.token('reader', url), 'ping');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain('refused');
  });
});

describe('tokens that are not valid for this server', () => {
  it('401 invalid_token, saying why: wrong audience, wrong issuer, bad signature, unknown key, not a Bearer token, not a JWT', async () => {
    const { url } = await serve();
    const good = await as.token('agent', url);
    const [header, payload, signature] = good.split('.');
    const cases: [string | undefined, string][] = [
      [await as.token('agent', 'http://127.0.0.1:1/other'), 'was issued for http://127.0.0.1:1/other, not for this resource'],
      [await stranger.token('agent', url), 'is not an authorization server of this resource'],
      [`${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, 'signature does not verify'],
      [await forged({ iss: as.issuer, aud: url, scope: 'mcp:tools mcp:admin' }), 'unknown kid'],
      ['not-a-jwt', 'not a JWT'],
    ];
    for (const [token, reason] of cases) {
      const refused = await call(url, token, 'tools/list');
      expect(refused.status, reason).toBe(401);
      expect(refused.challenge).toMatch(/, error="invalid_token", error_description="[^"]+"$/);
      expect(refused.body.error.message).toContain(reason);
    }
    const basic = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Basic YTpi' },
      body: '{}',
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('an expired token is refused once it is older than the allowed clock skew', async () => {
    const strict = await serve({ clockToleranceSeconds: 0 });
    const lenient = await serve();
    const [forStrict, forLenient] = await Promise.all([as.token('short', strict.url), as.token('short', lenient.url)]);
    expect((await call(strict.url, forStrict, 'ping')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await call(strict.url, forStrict, 'ping');
    expect(expired.status).toBe(401);
    expect(expired.challenge).toContain('error_description="the token has expired"');
    expect((await call(lenient.url, forLenient, 'ping')).status).toBe(200);
  });

  it('key rotation: a token signed with a new key is accepted once the key set is fetched again (not during the cooldown)', async () => {
    const patient = await serve();
    const eager = await serve({ jwt: { cooldownSeconds: 0 } });
    expect((await call(patient.url, await as.token('agent', patient.url), 'ping')).status).toBe(200);
    expect((await call(eager.url, await as.token('agent', eager.url), 'ping')).status).toBe(200);
    const fetches = as.jwksFetches;
    await as.rotate();
    const rotatedEager = await call(eager.url, await as.token('agent', eager.url), 'ping');
    expect(rotatedEager.status).toBe(200);
    expect(as.jwksFetches).toBe(fetches + 1);
    const rotatedPatient = await call(patient.url, await as.token('agent', patient.url), 'ping');
    expect(rotatedPatient.status).toBe(401);
    expect(rotatedPatient.body.error.message).toContain('unknown kid');
    expect(as.jwksFetches).toBe(fetches + 1);
  });

  it('503 (not 401) when the authorization server cannot be reached', async () => {
    const { url } = await serve({ authorizationServers: ['http://127.0.0.1:1'] });
    const answer = await call(url, await forged({ iss: 'http://127.0.0.1:1', aud: url }), 'ping');
    expect(answer.status).toBe(503);
    expect(answer.body.error.message).toContain('no authorization server metadata found for http://127.0.0.1:1');
  });

  it('503 when the metadata found for an issuer names another issuer (RFC 8414 section 3.3): its keys are not used', async () => {
    const impostor = new Fw();
    impostor.get('/.well-known/oauth-authorization-server', () => ({ issuer: as.issuer, jwks_uri: `${as.issuer}/jwks` }));
    const running = await listen(impostor);
    stops.push(() => running.stop());
    const { url } = await serve({ authorizationServers: [running.url] });
    const answer = await call(url, await forged({ iss: running.url, aud: url }), 'ping');
    expect(answer.status).toBe(503);
    expect(answer.body.error.message).toContain(`is for issuer "${as.issuer}", not ${running.url}`);
  });
});

describe('opaque tokens', () => {
  it('RFC 7662 introspection at the authorization server: active tokens pass, revoked ones get 401', async () => {
    // Uncached, so the revocation shows at once (the cache's own tests: oauth-introspection-cache.test.ts).
    const { url } = await serve({ introspection: INTROSPECTOR, introspectionCache: false });
    const token = await as.token('opaque', url);
    expect((await call(url, token, 'tools/call', { name: 'whoami', arguments: {} })).body.result.structuredContent).toEqual({
      clientId: 'opaque',
      scopes: ['mcp:tools', 'mcp:admin'],
    });
    expect((await call(url, token, 'tools/call', { name: 'deploy', arguments: {} })).status).toBe(200);
    await as.revoke('opaque', token);
    const revoked = await call(url, token, 'ping');
    expect(revoked.status).toBe(401);
    expect(revoked.challenge).toContain('error_description="the token is not active');
    const elsewhere = await call(url, await as.token('opaque', 'http://127.0.0.1:1/other'), 'ping');
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.message).toContain('was issued for http://127.0.0.1:1/other');
  });

  it('the introspect hook: its claims are checked like any, null is 401, a failure is 503', async () => {
    const app = new Fw();
    const server = demoServer();
    await app.plugin(
      createMCPPlugin(server, {
        oauth: oauth({
          authorizationServers: ['https://auth.example.com'],
          resource: 'http://localhost/mcp',
          introspect: (token) => {
            if (token === 'ci-token') return { sub: 'ci', scope: 'mcp:tools' };
            if (token === 'old-token') return { sub: 'ci', exp: 1 };
            if (token === 'broken') throw new Error('token store down');
            return null;
          },
        }),
      }),
    );
    const ping = (token: string) =>
      app.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    expect((await ping('ci-token')).status).toBe(200);
    expect((await ping('unknown')).status).toBe(401);
    expect((await ping('old-token')).headers.get('www-authenticate')).toContain('error_description="the token has expired"');
    const broken = await ping('broken');
    expect(broken.status).toBe(503);
    expect((await broken.json()).error.message).toContain('oauth.introspect threw: token store down');
  });
});

describe('behind fw/lambda', () => {
  it('checks the token of each API Gateway event against the resource the event reached', async () => {
    const resource = 'https://id.execute-api.us-east-1.amazonaws.com/mcp';
    const invoke = lambdaInstance(oauthApp({ oauth: oauth({ authorizationServers: [as.issuer], resource }) }));
    const rpc = (id: number, method: string, params = {}) => ({ jsonrpc: '2.0', id, method, params });
    const missing = await invoke(v2Event({ body: rpc(1, 'ping') }));
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toContain(`resource_metadata="https://id.execute-api.us-east-1.amazonaws.com/.well-known`);
    const token = await as.token('agent', resource, 'mcp:tools');
    const whoami = await invoke(v2Event({ headers: { authorization: `Bearer ${token}` }, body: rpc(2, 'tools/call', { name: 'whoami' }) }));
    expect(JSON.parse(whoami.body).result.structuredContent).toEqual({ subject: 'agent', clientId: 'agent', scopes: ['mcp:tools'] });
    const deploy = await invoke(v2Event({ headers: { authorization: `Bearer ${token}` }, body: rpc(3, 'tools/call', { name: 'deploy' }) }));
    expect(deploy.statusCode).toBe(403);
    const elsewhere = await as.token('agent', 'http://127.0.0.1:1/mcp');
    expect((await invoke(v2Event({ headers: { authorization: `Bearer ${elsewhere}` }, body: rpc(4, 'ping') }))).statusCode).toBe(401);
  });
});

describe('developer mistakes', () => {
  it('bad oauth() options fail at once, naming the field and what to do; so do plugin options that misuse it', () => {
    const base = { authorizationServers: ['https://auth.example.com'], resource: 'https://mcp.example.com/mcp' };
    const bad: [unknown, RegExp][] = [
      [{ ...base, introspectt: () => null }, /oauth: unknown option "introspectt"; the options are/],
      [{ ...base, jwt: false }, /oauth.jwt is false, so tokens can only be checked by introspection/],
      [
        { authorizationServers: [...base.authorizationServers, 'https://b.example.com'], jwt: { jwksUri: 'https://a/jwks' } },
        /jwksUri names one key set/,
      ],
      [{ ...base, introspection: { clientId: 'x' } }, /oauth.introspection.clientSecret must be/],
      [{ ...base, clockToleranceSeconds: -1 }, /clockToleranceSeconds must be a number of seconds/],
      [{ ...base, requiredScopes: ['a b'] }, /oauth.requiredScopes: "a b" is not a valid scope token/],
      [{ ...base, scopeImplies: { admin: 'read' } }, /scopeImplies\["admin"\]: scopes must be a list/],
      [{ ...base, audience: [] }, /oauth.audience must be a non-empty string/],
      [{ authorizationServers: base.authorizationServers }, /oauth.resource is required: this MCP endpoint's public URL/],
    ];
    for (const [options, message] of bad) expect(() => oauth(options as MCPOAuthOptions)).toThrow(message);
    expect(() => createMCPPlugin(demoServer(), { authToken: 'x', oauth: oauth(base) })).toThrow(
      /authToken and oauth both check the Bearer token/,
    );
    expect(() => createMCPPlugin(demoServer(), { oauth: base as never })).toThrow(/The oauth option takes oauth\(\{ authorizationServers/);
    expect(() => demoServer().addTool({ name: 'x', description: 'x', scopes: ['a"b'], handler: () => '' })).toThrow(
      /The tool "x": "a\\"b" is not a valid scope token/,
    );
  });

  it('a route with malformed mcp.scopes is named in a 500 on the first MCP request, not a crash', async () => {
    const app = new Fw();
    app.get('/bad', () => 'x', { mcp: { scopes: ['two words'] } });
    await app.plugin(
      createMCPPlugin(createMCPServer(app), {
        oauth: oauth({
          authorizationServers: ['https://auth.example.com'],
          resource: 'http://localhost/mcp',
          introspect: () => ({ sub: 'x' }),
        }),
      }),
    );
    const answer = await app.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(500);
    expect((await answer.json()).error.message).toContain('Route GET /bad: the option mcp.scopes: "two words" is not a valid scope token');
  });
});
