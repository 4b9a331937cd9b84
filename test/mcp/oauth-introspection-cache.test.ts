/**
 * Issue #21, the cache of introspection answers (`oauth({ introspectionCache })`): an opaque token is introspected
 * once for many calls, its answer kept until its `exp` but at most `maxAgeSeconds` (so a revoked token stops working
 * by then), an inactive answer `inactiveSeconds`, failures never, at most `maxEntries` tokens. RFC 7662 against
 * oidc-provider on 127.0.0.1 through a counting relay to its introspection endpoint; the `introspect` hook in process.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { createMCPPlugin, createMCPServer, oauth, type MCPOAuthOptions } from 'fw-mcp';
import { freePort } from '../targets/worker/helpers';
import { INTROSPECTOR, startAuthServer, type AuthServer } from './oauth-server';
import { rawPost } from './wire';

let as: AuthServer;
let relay: Server;
let relayURL: string;
/** Introspection requests that reached the authorization server through the relay. */
let introspections = 0;
beforeAll(async () => {
  as = await startAuthServer();
  const endpoint = (await (await fetch(`${as.issuer}/.well-known/openid-configuration`)).json()).introspection_endpoint;
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      introspections++;
      const answer = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: req.headers.authorization!, 'content-type': req.headers['content-type']! },
        body: Buffer.concat(chunks),
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayURL = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/introspect`;
});
afterAll(async () => {
  await Promise.all([as?.stop(), new Promise((resolve) => relay?.close(resolve))]);
});
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mcpServer() {
  return createMCPServer(null, { name: 'cache', builtinTools: false, builtinPrompts: false }).addTool({
    name: 'whoami',
    description: 'Who called',
    handler: (_args, ctx) => ({ clientId: ctx.auth?.clientId }),
  });
}

/** fw/node serving MCP for opaque tokens of `as`, introspected through the relay, with these extra oauth() options. */
async function serve(extra: Partial<MCPOAuthOptions> = {}): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const app = new Fw();
  const protection = oauth({
    authorizationServers: [as.issuer],
    resource: url,
    introspection: { ...INTROSPECTOR, endpoint: relayURL },
    ...extra,
  });
  await app.plugin(createMCPPlugin(mcpServer(), { oauth: protection }));
  const running = await nodeServe(app, { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return url;
}

let nextId = 1;
async function whoami(url: string, token: string) {
  const response = await rawPost(
    url,
    { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
    { authorization: `Bearer ${token}`, accept: 'application/json' },
  );
  return { status: response.status, body: await response.json() };
}

describe('RFC 7662 introspection answers are cached', () => {
  it('N calls with one token introspect it once; another token is introspected on its own', async () => {
    const url = await serve();
    const [first, second] = await Promise.all([as.token('opaque', url), as.token('opaque', url)]);
    const before = introspections;
    for (let i = 0; i < 6; i++) {
      const answer = await whoami(url, first);
      expect(answer.status).toBe(200);
      expect(answer.body.result.structuredContent).toEqual({ clientId: 'opaque' });
    }
    expect(introspections - before).toBe(1);
    for (let i = 0; i < 3; i++) expect((await whoami(url, second)).status).toBe(200);
    expect(introspections - before).toBe(2);
  });

  it('a revoked token works until its answer is maxAgeSeconds old, then gets 401; the inactive answer is kept inactiveSeconds', async () => {
    const url = await serve({ introspectionCache: { maxAgeSeconds: 1, inactiveSeconds: 1 } });
    const token = await as.token('opaque', url);
    const before = introspections;
    expect((await whoami(url, token)).status).toBe(200);
    const answered = Date.now();
    await as.revoke('opaque', token);
    expect((await whoami(url, token)).status).toBe(200); // the bounded window the cache trades for fewer lookups
    expect(introspections - before).toBe(1);
    await pause(1100 - (Date.now() - answered));
    const revoked = await whoami(url, token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.message).toContain('the token is not active');
    expect(introspections - before).toBe(2);
    for (let i = 0; i < 3; i++) expect((await whoami(url, token)).status).toBe(401);
    expect(introspections - before).toBe(2);
    await pause(1100);
    expect((await whoami(url, token)).status).toBe(401);
    expect(introspections - before).toBe(3);
  });

  it('maxEntries bounds the cache (the oldest token goes first); introspectionCache: false asks every time', async () => {
    const bounded = await serve({ introspectionCache: { maxEntries: 1 } });
    const [a, b] = await Promise.all([as.token('opaque', bounded), as.token('opaque', bounded)]);
    let before = introspections;
    for (const token of [a, a, b, b, a]) expect((await whoami(bounded, token)).status).toBe(200);
    expect(introspections - before).toBe(3);

    const uncached = await serve({ introspectionCache: false });
    const token = await as.token('opaque', uncached);
    before = introspections;
    for (let i = 0; i < 3; i++) expect((await whoami(uncached, token)).status).toBe(200);
    expect(introspections - before).toBe(3);
  });
});

describe('the introspect hook through the same cache', () => {
  /** An in-process app whose introspect hook answers `answer(token)` and counts its calls. */
  async function hookApp(answer: (token: string) => Record<string, unknown> | null, extra: Partial<MCPOAuthOptions> = {}) {
    const calls: string[] = [];
    const app = new Fw();
    await app.plugin(
      createMCPPlugin(mcpServer(), {
        oauth: oauth({
          authorizationServers: ['https://auth.example.com'],
          resource: 'http://localhost/mcp',
          clockToleranceSeconds: 0,
          introspect: (token) => {
            calls.push(token);
            return answer(token);
          },
          ...extra,
        }),
      }),
    );
    const ping = (token: string) =>
      app.request('/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    return { calls, ping };
  }

  it("keeps an answer only until the token's exp, even when maxAgeSeconds is longer", async () => {
    const exp = Math.ceil(Date.now() / 1000) + 1;
    const { calls, ping } = await hookApp(() => ({ sub: 'ci', exp }), { introspectionCache: { maxAgeSeconds: 600 } });
    expect((await ping('soon-expired')).status).toBe(200);
    expect((await ping('soon-expired')).status).toBe(200);
    expect(calls).toHaveLength(1);
    await pause(exp * 1000 - Date.now() + 50);
    const expired = await ping('soon-expired');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error_description="the token has expired"');
    expect(calls).toHaveLength(2);
  });

  it('never caches a failure (503): the next request asks again', async () => {
    let down = true;
    const { calls, ping } = await hookApp(() => {
      if (down) throw new Error('token store down');
      return { sub: 'ci' };
    });
    expect((await ping('t')).status).toBe(503);
    down = false;
    expect((await ping('t')).status).toBe(200);
    expect((await ping('t')).status).toBe(200);
    expect(calls).toEqual(['t', 't']);
  });

  it('bad introspectionCache options fail at once, naming the field', () => {
    const base = { authorizationServers: ['https://auth.example.com'], resource: 'https://mcp.example.com/mcp' };
    expect(() => oauth({ ...base, introspectionCache: { maxEntries: -1 } })).toThrow(
      'oauth.introspectionCache.maxEntries must be a whole number, 0 or more, got -1',
    );
    expect(() => oauth({ ...base, introspectionCache: { maxAgeSeconds: Number.NaN } })).toThrow(
      'oauth.introspectionCache.maxAgeSeconds must be a number of seconds, 0 or more',
    );
    expect(() => oauth({ ...base, introspectionCache: { ttl: 5 } as never })).toThrow(
      'oauth.introspectionCache: unknown option "ttl"; the options are maxEntries, maxAgeSeconds, inactiveSeconds',
    );
    expect(() => oauth({ ...base, introspectionCache: true as never })).toThrow(
      'oauth.introspectionCache must be { maxEntries?, maxAgeSeconds?, inactiveSeconds? } or false, got true',
    );
  });
});
