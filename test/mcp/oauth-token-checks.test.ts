/**
 * What fw-mcp's resource server takes for an access token, against oidc-provider on 127.0.0.1 (test/mcp/oauth-server.ts)
 * and fw/node over real HTTP: an ID token or logout token the same issuer signs is refused (by `typ` and by its
 * claims), `JWT`-typed access tokens as Keycloak and Entra ID issue them pass unless `jwt.requireAccessTokenType`;
 * claims of the wrong type (a numeric `sub`) are refused, never read as one shared identity; audiences are compared
 * exactly in RFC 3986 normal form, and one with user information, a fragment or a non-URI character never matches.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { Fw } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { createMCPPlugin, oauth, type MCPOAuthOptions } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { freePort } from '../targets/worker/helpers';
import { INTROSPECTOR, startAuthServer, type AuthServer } from './oauth-server';
import { oauthApp } from './servers/oauth-app';

let as: AuthServer;
beforeAll(async () => {
  as = await startAuthServer();
});
afterAll(async () => {
  await as?.stop();
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** The OAuth test app on fw/node, protected for tokens from `as`; `url` is its MCP endpoint and resource identifier. */
async function serve(extra: Partial<MCPOAuthOptions> = {}): Promise<{ url: string; port: number }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const protection = oauth({ authorizationServers: [as.issuer], resource: url, ...extra });
  const running = await nodeServe(oauthApp({ oauth: protection }), { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return { url, port };
}

/** Calls the `whoami` tool with a bearer token: the status, the `error_description`, and who the server saw. */
async function whoami(url: string, token: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
  });
  const body = await response.json();
  const description = /error_description="([^"]*)"/.exec(response.headers.get('www-authenticate') ?? '')?.[1];
  return { status: response.status, description, who: body.result?.structuredContent, error: body.error?.message as string | undefined };
}

/** Expects a 401 whose error message contains `reason`, as does the challenge's description (with `"` written `'`). */
async function expectRefused(url: string, token: string, reason: string) {
  const answer = await whoami(url, token);
  expect(answer.status, reason).toBe(401);
  expect(answer.description, reason).toContain(reason.replace(/"/g, "'"));
  expect(answer.error).toContain(reason);
}

/** Access-token claims as Keycloak or Entra ID put them, for `aud`. */
const accessClaims = (aud: unknown) => ({ sub: 'alice', client_id: 'agent', scope: 'mcp:tools', aud });

describe('the typ of a JWT: access tokens pass, ID tokens and other JWTs the issuer signs do not', () => {
  it("refuses oidc-provider's own ID token (nonce, aud = the resource), though its signature, issuer and audience are good", async () => {
    const { url } = await serve();
    const idToken = await as.idToken(url, 'alice', { nonce: 'n-0S6_WzA2Mj' });
    expect(decodeProtectedHeader(idToken).typ).toBeUndefined();
    expect(decodeJwt(idToken)).toMatchObject({ aud: url, sub: 'alice', nonce: 'n-0S6_WzA2Mj', iss: as.issuer });
    await expectRefused(url, idToken, 'the token is an ID token (it has the nonce claim), not an access token');
    await expectRefused(url, await as.idToken(url, 'alice', { at_hash: 'token' }), 'it has the at_hash claim');
    expect((await whoami(url, await as.token('agent', url))).status).toBe(200);
  });

  it('refuses an ID token of the app whose client id is the configured audience (Entra ID: API and client share an id)', async () => {
    const { url } = await serve({ audience: 'agent' });
    await expectRefused(url, await as.idToken('agent', 'alice', { nonce: 'n-1' }), 'it has the nonce claim');
    expect((await whoami(url, await as.sign(accessClaims('agent'), { typ: 'JWT' }))).status).toBe(200);
  });

  it('refuses a logout token and any typ that is not at+jwt, JWT or absent, naming the typ', async () => {
    const { url } = await serve();
    const logout = await as.idToken(url, 'alice', {}, 'logout');
    expect(decodeProtectedHeader(logout).typ).toBe('logout+jwt');
    await expectRefused(url, logout, `the token's typ header "logout+jwt" says it is not an access token`);
    for (const typ of ['id_token+jwt', 'secevent+jwt', 'token-introspection+jwt', 'application/jose', 'dpop+jwt'])
      await expectRefused(url, await as.sign(accessClaims(url), { typ }), `the token's typ header "${typ}" says it is not an access token`);
    await expectRefused(url, await as.sign(accessClaims(url), { typ: 1 as never }), "the token's typ header is not a string");
  });

  it('accepts at+jwt in any case and with application/, and JWT or no typ (Keycloak, Entra ID, Auth0)', async () => {
    const { url } = await serve();
    expect(decodeProtectedHeader(await as.token('agent', url)).typ).toBe('at+jwt');
    for (const typ of ['at+jwt', 'AT+JWT', 'application/at+jwt', 'JWT', 'jwt', 'application/jwt', undefined]) {
      const token = await as.sign(accessClaims(url), typ === undefined ? {} : { typ });
      const answer = await whoami(url, token);
      expect(answer.status, String(typ)).toBe(200);
      expect(answer.who).toEqual({ subject: 'alice', clientId: 'agent', scopes: ['mcp:tools'] });
    }
  });

  it("Keycloak's typ claim: Bearer passes even with a nonce (Keycloak before 25 copied it into access tokens), ID does not", async () => {
    const { url } = await serve();
    const bearer = await as.sign({ ...accessClaims(url), typ: 'Bearer', nonce: 'n-2', azp: 'agent' }, { typ: 'JWT' });
    expect((await whoami(url, bearer)).status).toBe(200);
    const id = await as.sign({ ...accessClaims(url), typ: 'ID', azp: 'agent' }, { typ: 'JWT' });
    await expectRefused(url, id, `the token's typ claim "ID" says it is not an access token`);
  });

  it("Cognito's token_use: access passes, id does not", async () => {
    const { url } = await serve();
    expect((await whoami(url, await as.sign({ ...accessClaims(url), token_use: 'access' }, { typ: 'JWT' }))).status).toBe(200);
    await expectRefused(
      url,
      await as.sign({ ...accessClaims(url), token_use: 'id' }),
      `the token's token_use claim "id" says it is not an access token`,
    );
  });

  it('jwt.requireAccessTokenType accepts only at+jwt (RFC 9068 section 4), naming what the token had', async () => {
    const { url } = await serve({ jwt: { requireAccessTokenType: true } });
    expect((await whoami(url, await as.token('agent', url))).status).toBe(200);
    expect((await whoami(url, await as.sign(accessClaims(url), { typ: 'application/at+jwt' }))).status).toBe(200);
    await expectRefused(
      url,
      await as.sign(accessClaims(url), { typ: 'JWT' }),
      `the token's typ header is "JWT", and this server accepts only at+jwt access tokens (RFC 9068)`,
    );
    await expectRefused(url, await as.sign(accessClaims(url)), "the token's typ header is absent, and this server accepts only at+jwt");
  });
});

describe('claims of the wrong type are refused, never read as a shared identity', () => {
  it('a sub that is a number, empty, a list or an object gets 401 saying sub must be a non-empty string', async () => {
    const { url } = await serve();
    for (const sub of [1, 2, 0, '', ['alice'], { id: 'alice' }, true])
      await expectRefused(
        url,
        await as.sign({ ...accessClaims(url), sub }, { typ: 'at+jwt' }),
        `the token's sub claim must be a non-empty string (RFC 7519 section 4.1), got ${JSON.stringify(sub)}`,
      );
  });

  it('client_id and azp must be non-empty strings; scope and scp a string or a list of strings; aud a string or a non-empty list', async () => {
    const { url } = await serve();
    const cases: [Record<string, unknown>, string][] = [
      [{ client_id: 7 }, "the token's client_id claim must be a non-empty string"],
      [{ client_id: undefined, azp: ['agent'] }, "the token's azp claim must be a non-empty string"],
      [{ scope: 7 }, "the token's scope claim must be a space-separated string of scopes or a list of them, got 7"],
      [{ scope: { 'mcp:tools': true } }, "the token's scope claim must be"],
      [{ scope: undefined, scp: ['mcp:tools', 1] }, "the token's scp claim must be"],
      [{ aud: [] }, "the token's aud claim must be a string or a non-empty list of strings"],
      [{ aud: [url, 5] }, "the token's aud claim must be"],
      [{ sub: undefined, client_id: undefined }, 'the token names neither a subject (sub) nor a client (client_id or azp)'],
    ];
    for (const [claims, reason] of cases)
      await expectRefused(url, await as.sign({ ...accessClaims(url), ...claims }, { typ: 'at+jwt' }), reason);
  });

  it('a huge claim is quoted cut to 100 characters, so the challenge header stays small', async () => {
    const { url } = await serve();
    const sub = 'x'.repeat(4000);
    const answer = await whoami(url, await as.sign({ ...accessClaims(url), sub: [sub] }, { typ: 'at+jwt' }));
    expect(answer.status).toBe(401);
    expect(answer.description).toBe(`the token's sub claim must be a non-empty string (RFC 7519 section 4.1), got ['${'x'.repeat(98)}...`);
    const aud = `${url}/${'y'.repeat(4000)}`;
    const wrong = await whoami(url, await as.sign(accessClaims(aud), { typ: 'at+jwt' }));
    expect(wrong.description).toBe(`the token was issued for ${aud.slice(0, 100)}..., not for this resource (${url})`);
  });

  it('scopes as a list (PingFederate, Okta scp) and azp for the client (Entra ID) are read', async () => {
    const { url } = await serve();
    const listed = await as.sign({ sub: 'bob', azp: 'app-1', scope: ['mcp:tools', 'mcp:admin'], aud: url }, { typ: 'JWT' });
    expect((await whoami(url, listed)).who).toEqual({ subject: 'bob', clientId: 'app-1', scopes: ['mcp:tools', 'mcp:admin'] });
    const scp = await as.sign({ sub: 'bob', azp: 'app-1', scp: 'mcp:tools', aud: url }, { typ: 'JWT' });
    expect((await whoami(url, scp)).who).toEqual({ subject: 'bob', clientId: 'app-1', scopes: ['mcp:tools'] });
  });
});

describe('the audience, compared exactly in RFC 3986 normal form', () => {
  it('tokens from the authorization server for URIs equal after normalization pass; a trailing slash, userinfo or another path do not', async () => {
    const { url, port } = await serve();
    const same = [url, `HTTP://127.0.0.1:${port}/mcp`, `http://127.0.0.1:${port}/other/../mcp`, `http://127.0.0.1:${port}/./%6Dcp`];
    for (const resource of same) expect((await whoami(url, await as.token('agent', resource))).status, resource).toBe(200);
    const refused: [string, string][] = [
      [`${url}/`, `the token was issued for ${url}/, not for this resource (${url})`],
      [`${url}/x/..`, 'not for this resource'],
      [`http://127.0.0.1:${port}/MCP`, 'not for this resource'],
      [`http://evil.example@127.0.0.1:${port}/mcp`, 'it holds user information'],
      [`http://127.0.0.1:${port}/mcp?`, 'not for this resource'],
    ];
    for (const [resource, reason] of refused) await expectRefused(url, await as.token('agent', resource), reason);
  });

  it('signed audiences the authorization server would not issue: a fragment, a backslash, a numeric host, an empty user', async () => {
    const { url, port } = await serve();
    const cases: [string, string][] = [
      [`${url}#frag`, 'it has a fragment'],
      [`${url}#`, 'it has a fragment'],
      [`http://@127.0.0.1:${port}/mcp`, 'it holds user information'],
      [`http://127.0.0.1:${port}\\mcp`, 'it holds characters a URI cannot'],
      [`http://127.0.0.1:${port}/mcp\t`, 'it holds characters a URI cannot'],
      [`http://2130706433:${port}/mcp`, 'its host is not in normal form'],
      [`http://127.0.0.1:${port}/m%zzcp`, 'that is not followed by two hex digits'],
    ];
    for (const [aud, reason] of cases) await expectRefused(url, await as.sign(accessClaims(aud), { typ: 'at+jwt' }), reason);
    const listed = await as.sign(accessClaims([`${url}#frag`, 'https://other.example/mcp', url]), { typ: 'at+jwt' });
    expect((await whoami(url, listed)).status).toBe(200);
  });

  it('a resource configured with a trailing slash takes only tokens for that slash; aud lists match on any one entry', async () => {
    const port = await freePort();
    const slashed = `http://127.0.0.1:${port}/mcp/`;
    const running = await nodeServe(oauthApp({ oauth: oauth({ authorizationServers: [as.issuer], resource: slashed }) }), {
      port,
      hostname: '127.0.0.1',
    });
    stops.push(() => running.stop());
    const url = `http://127.0.0.1:${port}/mcp`;
    expect((await whoami(url, await as.token('agent', slashed))).status).toBe(200);
    await expectRefused(url, await as.token('agent', url), `the token was issued for ${url}, not for this resource (${slashed})`);
    const both = await as.sign(accessClaims(['https://other.example/mcp', `HTTP://127.0.0.1:${port}/mcp/`]), { typ: 'at+jwt' });
    expect((await whoami(url, both)).status).toBe(200);
    await expectRefused(url, await as.sign(accessClaims(['https://other.example/mcp', url]), { typ: 'at+jwt' }), 'not for this resource');
  });

  it('the audience option is compared exactly, as written: no normalization, no URI rules', async () => {
    const { url } = await serve({ audience: ['api://mcp-tools', 'https://API.example.com/mcp'] });
    for (const aud of ['api://mcp-tools', 'https://API.example.com/mcp'])
      expect((await whoami(url, await as.sign(accessClaims(aud), { typ: 'at+jwt' }))).status, aud).toBe(200);
    for (const aud of ['API://mcp-tools', 'https://api.example.com/mcp', url])
      await expectRefused(
        url,
        await as.sign(accessClaims(aud), { typ: 'at+jwt' }),
        'not for this resource (api://mcp-tools, https://API.example.com/mcp)',
      );
  });

  it('RFC 7662 introspection answers follow the same rules: an audience with userinfo is refused, a normalized one passes', async () => {
    const { url, port } = await serve({ introspection: INTROSPECTOR, introspectionCache: false });
    const normal = await as.token('opaque', `http://127.0.0.1:${port}/a/../mcp`);
    expect((await whoami(url, normal)).who).toEqual({ clientId: 'opaque', scopes: ['mcp:tools', 'mcp:admin'] });
    await expectRefused(url, await as.token('opaque', `http://user@127.0.0.1:${port}/mcp`), 'it holds user information');
  });
});

describe('introspect hook answers', () => {
  /** An in-process app at http://localhost/mcp (or `resource`) whose introspect hook answers `claims` for every token. */
  async function hookApp(claims: Record<string, unknown>, resource = 'http://localhost/mcp') {
    const app = new Fw();
    await app.plugin(
      createMCPPlugin(demoServer(), {
        oauth: oauth({ authorizationServers: ['https://auth.example.com'], resource, introspect: () => claims, introspectionCache: false }),
      }),
    );
    const response = await app.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer opaque-token' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    return { status: response.status, challenge: response.headers.get('www-authenticate') ?? '' };
  }

  it('are checked like JWT claims: sub, client_id, times and aud of the wrong type get 401 saying which', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sub: 42 }, "the token's sub claim must be a non-empty string"],
      [{ client_id: ['a'] }, "the token's client_id claim must be a non-empty string"],
      [{ sub: 'ci', exp: 'tomorrow' }, "the token's exp claim must be a number of seconds since the epoch"],
      [{ sub: 'ci', nbf: null }, "the token's nbf claim must be a number"],
      [{ sub: 'ci', aud: 'http://user@localhost/mcp' }, 'it holds user information'],
      [{ sub: 'ci', aud: 'http://localhost/mcp#x' }, 'it has a fragment'],
      [{ scope: 'mcp:tools' }, 'the token names neither a subject (sub) nor a client'],
    ];
    for (const [claims, reason] of cases) {
      const answer = await hookApp(claims);
      expect(answer.status, reason).toBe(401);
      expect(answer.challenge).toContain('error="invalid_token", error_description="');
      expect(answer.challenge).toContain(reason);
    }
  });

  it('normal form: scheme and host case, the default port, percent-encoding case; the query kept, compared exactly', async () => {
    expect((await hookApp({ sub: 'ci', aud: 'HTTPS://MCP.Example.com:443/mcp' }, 'https://mcp.example.com/mcp')).status).toBe(200);
    expect((await hookApp({ sub: 'ci', aud: 'https://mcp.example.com/a%2fb' }, 'https://mcp.example.com/a%2Fb')).status).toBe(200);
    expect((await hookApp({ sub: 'ci', aud: 'https://x.example/mcp?t=%61' }, 'https://x.example/mcp?t=a')).status).toBe(200);
    expect((await hookApp({ sub: 'ci', aud: 'https://x.example/mcp?t=b' }, 'https://x.example/mcp?t=a')).status).toBe(401);
    expect((await hookApp({ sub: 'ci', aud: 'https://x.example/' }, 'https://x.example')).status).toBe(200);
    expect((await hookApp({ sub: 'ci', aud: 'https://x.example:8443/mcp' }, 'https://x.example/mcp')).status).toBe(401);
  });
});

describe('the configured resource and options', () => {
  it('a resource with user information, a fragment, dot-segments or non-URI characters fails at startup, saying what to write', () => {
    const base = { authorizationServers: ['https://auth.example.com'] };
    const bad: [unknown, RegExp][] = [
      ['https://user@mcp.example.com/mcp', /oauth.resource must be .* but it holds user information/],
      ['https://mcp.example.com/mcp#top', /oauth.resource must be .* but it has a fragment/],
      ['https://mcp.example.com/a/../mcp', /oauth.resource has "." or ".." path segments: write it as "https:\/\/mcp.example.com\/mcp"/],
      ['https://mcp.example.com/%2e/mcp', /write it as "https:\/\/mcp.example.com\/mcp"/],
      ['https://mcp.example.com/m cp', /but it holds characters a URI cannot/],
      ['mcp.example.com/mcp', /but it is not an absolute http\(s\) URL/],
      [42, /but it is not a string/],
    ];
    for (const [resource, message] of bad) expect(() => oauth({ ...base, resource } as MCPOAuthOptions)).toThrow(message);
    expect(() => oauth({ ...base, resource: 'https://mcp.example.com/mcp', jwt: { requireAccessTokenType: 'yes' as never } })).toThrow(
      /oauth.jwt.requireAccessTokenType must be true or false/,
    );
    expect(() => oauth({ ...base, resource: 'HTTPS://MCP.example.com:443/mcp/' })).not.toThrow();
  });
});
