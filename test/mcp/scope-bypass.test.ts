/**
 * A route's `mcp.scopes` hold whichever tool reaches the route: `fw/routes/invoke`, `fw/http-request`,
 * `fw/workflow/run` and `fw/chain-requests` call it in process for the client, with the client's principal, scopes and
 * forwarded Authorization header, and the route answers 403 to a token without its scopes, as its own tool does.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve as nodeServe } from 'fw/node';
import { authOf, createMCPPlugin, mcp, oauth } from 'fw-mcp';
import { freePort } from '../targets/worker/helpers';
import { connectHTTP } from './helpers';
import { startAuthServer, type AuthServer } from './oauth-server';

let as: AuthServer;
beforeAll(async () => {
  as = await startAuthServer();
});
afterAll(async () => {
  await as?.stop();
});

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

/** An app with a scoped route and a route echoing who called, behind oauth() for `as`, on fw/node. */
async function serve(): Promise<string> {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const app = new Fw();
  app.get('/admin/secret', () => ({ secret: 'launch-codes' }), { mcp: { scopes: ['mcp:admin'] } });
  app.get('/whoami', (ctx) => ({
    subject: authOf(ctx)?.subject ?? null,
    scopes: authOf(ctx)?.scopes ?? [],
    bearer: ctx.request.headers.get('authorization') !== null,
  }));
  const server = mcp(app, { name: 'scopes', allowMutation: true, forwardHeaders: ['authorization'] });
  const check = oauth({ authorizationServers: [as.issuer], resource, scopeImplies: { 'mcp:root': ['mcp:admin'] } });
  await app.plugin(createMCPPlugin(server, { oauth: check }));
  const running = await nodeServe(app, { port, hostname: '127.0.0.1' });
  stops.push(() => running.stop());
  return resource;
}

async function connect(url: string, token: string): Promise<Client> {
  const client = await connectHTTP(url, { authorization: `Bearer ${token}` });
  stops.push(() => client.close());
  return client;
}

/** The four tools that call a path in process, each asked for `path`. */
function viaTools(path: string): Array<[string, Record<string, unknown>]> {
  return [
    ['fw/routes/invoke', { path }],
    ['fw/http-request', { path }],
    ['fw/workflow/run', { name: 'fw/http-request', input: { path } }],
    ['fw/chain-requests', { requests: [{ path: '/whoami' }, { path }] }],
  ];
}

describe('route scopes through the in-process tools', () => {
  it('a token without the scope gets 403 from the route through every tool, and never its answer', async () => {
    const url = await serve();
    const reader = await connect(url, await as.token('reader', url));
    await expect(reader.callTool({ name: 'get_admin_secret', arguments: {} })).rejects.toThrow(/403|insufficient_scope|Forbidden/);
    for (const [name, args] of viaTools('/admin/secret')) {
      const result = await reader.callTool({ name, arguments: args });
      const text = JSON.stringify(result);
      expect(text, name).not.toContain('launch-codes');
      expect(result.isError || text.includes('"status":403'), name).toBe(true);
      // The chain stops at the failing status; the others show the route's refusal itself.
      if (name !== 'fw/chain-requests') expect(text, name).toContain('needs the scope mcp:admin');
      else expect(text).toContain('request 2 (GET /admin/secret) answered 403');
    }
  });

  it('a token with the scope (or one implying it) gets the answer through every tool', async () => {
    const url = await serve();
    const agent = await connect(url, await as.token('agent', url));
    expect((await agent.callTool({ name: 'get_admin_secret', arguments: {} })).structuredContent).toEqual({ secret: 'launch-codes' });
    for (const [name, args] of viaTools('/admin/secret')) {
      const result = await agent.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      expect(JSON.stringify(result), name).toContain('launch-codes');
    }
    const root = await as.sign({ sub: 'root-user', aud: url, scope: 'mcp:tools mcp:root', client_id: 'agent' }, { typ: 'at+jwt' });
    const invoked = await (await connect(url, root)).callTool({ name: 'fw/routes/invoke', arguments: { path: '/admin/secret' } });
    expect(invoked.structuredContent).toEqual({ secret: 'launch-codes' });
  });

  it("carries the client's principal, scopes and Authorization header into the route, as the route tool does", async () => {
    const url = await serve();
    const reader = await connect(url, await as.token('reader', url));
    const direct = (await reader.callTool({ name: 'get_whoami', arguments: {} })).structuredContent as Record<string, unknown>;
    expect(direct).toMatchObject({ scopes: ['mcp:tools'], bearer: true });
    expect(typeof direct.subject).toBe('string');
    const invoked = await reader.callTool({ name: 'fw/routes/invoke', arguments: { path: '/whoami' } });
    expect(invoked.structuredContent).toEqual(direct);
    const requested = (await reader.callTool({ name: 'fw/http-request', arguments: { path: '/whoami' } })).structuredContent as {
      output: { body: unknown };
    };
    expect(requested.output.body).toEqual(direct);
  });
});
