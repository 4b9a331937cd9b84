/**
 * Issue #21, the OAuth resource server inside workerd (miniflare, fw/worker): the issuer's metadata, key set and
 * introspection endpoint are fetched from 127.0.0.1 by the worker itself (jose's createRemoteJWKSet on workers), with
 * the same real authorization server (oidc-provider) and the SDK v2 client's client-credentials flow as on Node.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import type { MCPOAuthOptions } from 'fw-mcp';
import { bundleWorker, freePort, runWorker } from '../targets/worker/helpers';
import { ensureInstalled, installs } from './client-matrix';
import { repoRoot } from './helpers';
import { CLIENTS, INTROSPECTOR, startAuthServer, type AuthServer } from './oauth-server';

let as: AuthServer;
let stranger: AuthServer;
let mf: Miniflare;
let url: string;
let sdk: any;
beforeAll(async () => {
  [as, stranger] = await Promise.all([startAuthServer(), startAuthServer(), ensureInstalled('sdkV2')]);
  const port = await freePort();
  url = `http://127.0.0.1:${port}/mcp`;
  const oauth: MCPOAuthOptions = {
    authorizationServers: [as.issuer],
    resource: url,
    scopesSupported: ['mcp:tools'],
    clockToleranceSeconds: 0,
    jwt: { cooldownSeconds: 0 },
    introspection: INTROSPECTOR,
    introspectionCache: false, // so the revocation below shows at once
  };
  mf = await runWorker(await bundleWorker('test/mcp/servers/worker-oauth.ts', { __OAUTH__: JSON.stringify(oauth) }), { port });
  const from = createRequire(`${repoRoot}test/.out/${installs.sdkV2.dir}/`);
  sdk = await import(pathToFileURL(from.resolve('@modelcontextprotocol/client')).href);
}, 240_000);
afterAll(async () => {
  await Promise.all([mf?.dispose(), as?.stop(), stranger?.stop()]);
});

let nextId = 1;
async function call(token: string | undefined, method: string, params: Record<string, unknown> = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }) });
  const text = await response.text();
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: text ? JSON.parse(text) : undefined };
}

describe('fw-mcp in workerd as an OAuth resource server', () => {
  it('the SDK v2 client: discovery from the 401, a client-credentials JWT for this worker, step-up to mcp:admin', async () => {
    const authProvider = new sdk.ClientCredentialsProvider({
      clientId: 'agent',
      clientSecret: CLIENTS.agent.secret,
      expectedIssuer: as.issuer,
    });
    const client = new sdk.Client({ name: 'oauth-worker-test', version: '1.0.0' });
    await client.connect(new sdk.StreamableHTTPClientTransport(new URL(url), { authProvider }));
    try {
      expect((await client.callTool({ name: 'whoami', arguments: {} })).structuredContent).toEqual({
        subject: 'agent',
        clientId: 'agent',
        scopes: ['mcp:tools'],
      });
      expect((await client.callTool({ name: 'get_admin_stats', arguments: {} })).structuredContent).toEqual({ users: 42 });
      expect(authProvider.tokens()?.scope.split(' ').sort()).toEqual(['mcp:admin', 'mcp:tools']);
    } finally {
      await client.close();
    }
  });

  it('no token, wrong audience, wrong issuer, bad signature, unknown key: 401; short of a scope: 403 insufficient_scope', async () => {
    const metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
    const missing = await call(undefined, 'tools/list');
    expect(missing.status).toBe(401);
    expect(missing.challenge).toBe(`Bearer realm="mcp", resource_metadata="${metadata}", scope="mcp:tools"`);

    const good = await as.token('agent', url, 'mcp:tools');
    const [header, payload, signature] = good.split('.');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ iss: as.issuer, aud: url, scope: 'mcp:admin' })
      .setProtectedHeader({ alg: 'ES256', kid: 'stranger-key' })
      .setExpirationTime('5m')
      .sign(privateKey);
    for (const [token, reason] of [
      [await as.token('agent', 'https://elsewhere.example/mcp'), 'was issued for https://elsewhere.example/mcp'],
      [await stranger.token('agent', url), 'is not an authorization server of this resource'],
      [`${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`, 'signature does not verify'],
      [forged, 'unknown kid'],
    ]) {
      const refused = await call(token, 'tools/list');
      expect(refused.status, reason).toBe(401);
      expect(refused.challenge).toContain('error="invalid_token"');
      expect(refused.body.error.message).toContain(reason);
    }

    expect((await call(good, 'tools/call', { name: 'whoami', arguments: {} })).status).toBe(200);
    const short = await call(good, 'tools/call', { name: 'deploy', arguments: {} });
    expect(short.status).toBe(403);
    expect(short.challenge).toBe(
      `Bearer realm="mcp", resource_metadata="${metadata}", scope="mcp:tools mcp:admin", error="insufficient_scope", ` +
        `error_description="the tool 'deploy' needs the scope mcp:admin"`,
    );
  });

  it('expired tokens (no clock skew allowed here) and revoked opaque tokens (RFC 7662 from the worker) get 401', async () => {
    const [expiring, opaque] = await Promise.all([as.token('short', url), as.token('opaque', url)]);
    expect((await call(expiring, 'ping')).status).toBe(200);
    expect((await call(opaque, 'tools/call', { name: 'deploy', arguments: {} })).status).toBe(200);
    await as.revoke('opaque', opaque);
    const revoked = await call(opaque, 'ping');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toContain('the token is not active');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await call(expiring, 'ping');
    expect(expired.status).toBe(401);
    expect(expired.challenge).toContain('error_description="the token has expired"');
  });

  it('key rotation: a token signed with the new key makes the worker fetch the key set again, then passes', async () => {
    const fetches = as.jwksFetches;
    await as.rotate();
    expect((await call(await as.token('agent', url), 'ping')).status).toBe(200);
    expect(as.jwksFetches).toBe(fetches + 1);
  });
});
