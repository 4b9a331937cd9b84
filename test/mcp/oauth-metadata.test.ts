/**
 * Issue #18, OAuth protected-resource metadata (RFC 9728, 2025-11-25 authorization): the well-known documents,
 * `resource_metadata` in the 401 challenge, and the SDK 1.32 client finding the authorization server through them.
 * The token checks behind them (issue #21) are in oauth-resource-server.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { Fw } from 'fw';
import { oauth, type MCPOAuthOptions } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { appWith, listen, post } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';

/** Tokens name the API as `api://demo-tools` (as Entra ID does), so the metadata names the endpoint as reached. */
const options: MCPOAuthOptions = {
  authorizationServers: ['https://auth.example.com'],
  audience: 'api://demo-tools',
  scopesSupported: ['mcp:tools', 'mcp:read'],
  resourceName: 'Demo tools',
};
const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

describe('the metadata documents', () => {
  it('are served at the root and path-suffixed well-known URLs, without a token, for the endpoint as reached', async () => {
    const app = await appWith(demoServer(), { oauth: oauth(options) });
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await app.fetch(new Request(`https://mcp.example.com${path}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        resource: 'https://mcp.example.com/mcp',
        authorization_servers: ['https://auth.example.com'],
        scopes_supported: ['mcp:tools', 'mcp:read'],
        bearer_methods_supported: ['header'],
        resource_name: 'Demo tools',
      });
    }
  });

  it('follow a configured resource (its path gives the suffixed URL) and another endpoint path', async () => {
    const app = await appWith(demoServer(), {
      path: '/tools/mcp',
      oauth: oauth({ authorizationServers: ['https://auth.example.com/tenant'], resource: 'https://public.example.com/api/mcp' }),
    });
    const suffixed = await app.request('/.well-known/oauth-protected-resource/api/mcp');
    expect(await suffixed.json()).toEqual({
      resource: 'https://public.example.com/api/mcp',
      authorization_servers: ['https://auth.example.com/tenant'],
      bearer_methods_supported: ['header'],
    });
    expect((await app.request('/.well-known/oauth-protected-resource')).status).toBe(200);
    expect((await app.request('/.well-known/oauth-protected-resource/tools/mcp')).status).toBe(404);
  });

  it('are not served without the oauth option', async () => {
    const app = await appWith(demoServer());
    expect((await app.request('/.well-known/oauth-protected-resource')).status).toBe(404);
  });

  it('oauth() refuses bad options at once, naming the field', () => {
    const bad: [unknown, RegExp][] = [
      [{ authorizationServers: [] }, /at least one/],
      [{}, /at least one/],
      [{ authorizationServers: ['not a url'] }, /authorizationServers\[\]/],
      [{ authorizationServers: ['ftp://auth.example.com'] }, /absolute http\(s\) URL/],
      [{ authorizationServers: ['https://auth.example.com'], resource: 'https://x.example/mcp#frag' }, /oauth.resource/],
      [{ authorizationServers: ['https://auth.example.com'], scopesSupported: ['two words'] }, /scope token/],
      [{ authorizationServers: ['https://auth.example.com'] }, /oauth.resource is required/],
    ];
    for (const [given, message] of bad) expect(() => oauth(given as MCPOAuthOptions)).toThrow(message);
  });
});

describe('the 401 challenge', () => {
  const metadataURL = 'http://localhost/.well-known/oauth-protected-resource/mcp';

  it('names the metadata URL and the scopes for a missing or wrong token, and for authorize() refusing', async () => {
    const introspect = (token: string) => (token === 'good' ? { sub: 'someone' } : null);
    const app = await appWith(demoServer(), { oauth: oauth({ ...options, introspect }) });
    expect((await post(app, ping)).headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${metadataURL}", scope="mcp:tools mcp:read"`,
    );
    expect((await post(app, ping, { authorization: 'Bearer wrong' })).headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp", resource_metadata="${metadataURL}", scope="mcp:tools mcp:read", error="invalid_token", ` +
        'error_description="the token is not active (revoked, expired or unknown to the authorization server)"',
    );
    const refusing = await appWith(demoServer(), {
      authorize: () => false,
      oauth: oauth({ authorizationServers: ['https://auth.example.com'], audience: 'api://demo-tools', introspect }),
    });
    const refused = await post(refusing, ping, { authorization: 'Bearer good' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer realm="mcp", resource_metadata="${metadataURL}"`);
  });

  it('is read by the SDK client helpers, which then load the metadata from fw/node', async () => {
    const running = await listen(await appWith(demoServer(), { oauth: oauth(options) }));
    stops.push(() => running.stop());
    const refused = await fetch(`${running.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ping),
    });
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(refused);
    expect(resourceMetadataUrl?.href).toBe(`${running.url}/.well-known/oauth-protected-resource/mcp`);
    expect(scope).toBe('mcp:tools mcp:read');
    const metadata = await discoverOAuthProtectedResourceMetadata(new URL(`${running.url}/mcp`), { resourceMetadataUrl });
    expect(metadata.resource).toBe(`${running.url}/mcp`);
    const probed = await discoverOAuthProtectedResourceMetadata(new URL(`${running.url}/mcp`));
    expect(probed.authorization_servers).toEqual(['https://auth.example.com']);
  });

  it('leads the SDK client to the authorization server, asking for this resource and its scopes', async () => {
    const as = new Fw();
    const issuer: { url?: string } = {};
    as.get('/.well-known/oauth-authorization-server', () => ({
      issuer: issuer.url,
      authorization_endpoint: `${issuer.url}/authorize`,
      token_endpoint: `${issuer.url}/token`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    }));
    const authServer = await listen(as);
    stops.push(() => authServer.stop());
    issuer.url = authServer.url;
    const running = await listen(
      await appWith(demoServer(), {
        oauth: oauth({ authorizationServers: [authServer.url], audience: 'api://demo', scopesSupported: ['mcp:tools'] }),
      }),
    );
    stops.push(() => running.stop());

    let redirected: URL | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: 'http://localhost:9/callback',
      clientMetadata: { redirect_uris: ['http://localhost:9/callback'], client_name: 'fw-mcp test' },
      clientInformation: () => ({ client_id: 'test-client' }),
      tokens: () => undefined,
      saveTokens: () => undefined,
      redirectToAuthorization: (url) => {
        redirected = url;
      },
      saveCodeVerifier: () => undefined,
      codeVerifier: () => 'verifier',
    };
    const client = new Client({ name: 'oauth-test', version: '1.0.0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(`${running.url}/mcp`), { authProvider: provider })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    expect(redirected?.origin + redirected!.pathname).toBe(`${authServer.url}/authorize`);
    expect(redirected!.searchParams.get('resource')).toBe(`${running.url}/mcp`);
    expect(redirected!.searchParams.get('scope')).toBe('mcp:tools');
    expect(redirected!.searchParams.get('client_id')).toBe('test-client');
  });
});

describe('on serverless targets', () => {
  it('inside workerd: metadata and challenge for the host the request reached', async () => {
    const mf = await runWorker(await bundleWorker('test/mcp/servers/worker-oauth.ts', { __OAUTH__: JSON.stringify(options) }), {
      upstream: 'https://mcp.example.com',
    });
    stops.push(() => mf.dispose());
    const base = (await mf.ready).origin;
    const metadata = await fetch(`${base}/.well-known/oauth-protected-resource/mcp`);
    expect((await metadata.json()).resource).toBe('https://mcp.example.com/mcp');
    const refused = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ping),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain(
      'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('behind fw/lambda', async () => {
    const invoke = lambdaInstance(await appWith(demoServer(), { oauth: oauth(options) }));
    const metadata = await invoke(v2Event({ method: 'GET', path: '/.well-known/oauth-protected-resource' }));
    expect(JSON.parse(metadata.body).resource).toBe('https://id.execute-api.us-east-1.amazonaws.com/mcp');
    const refused = await invoke(v2Event({ body: ping }));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain(
      'resource_metadata="https://id.execute-api.us-east-1.amazonaws.com/.well-known/oauth-protected-resource/mcp"',
    );
  });
});
