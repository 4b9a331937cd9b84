/** The core plugin form `fw/mcp`: seven built-in tools, route tools and the auth(ctx) hook, over the real SDK client. */
import { afterAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { mcp, coreToolNames } from 'fw/mcp';
import type { NodeServer } from 'fw/node';
import { connectHTTP, listen, post } from '../mcp/helpers';

function app(auth?: (ctx: import('fw').Context) => boolean | Promise<boolean>): Fw {
  const a = new Fw();
  a.get('/users', () => ({ users: [{ id: '1' }] }));
  a.get('/users/:id', (ctx) => ({ id: ctx.params.id }));
  a.post('/users', () => ({}));
  a.setState('mode', 'demo');
  a.use(
    mcp({
      name: 'core-test',
      auth,
      tools: [{ name: 'ping_app', description: 'Says pong', handler: () => ({ pong: true }) }],
    }),
  );
  return a;
}

const servers: NodeServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('fw/mcp (core plugin)', () => {
  it('lists the seven built-in tools, the extra tools and the read-only route tools', async () => {
    const server = await listen(app());
    servers.push(server);
    const client = await connectHTTP(`${server.url}/mcp`);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(coreToolNames).toEqual([
      'list_routes',
      'get_route_details',
      'get_plugins',
      'get_middleware',
      'get_openapi',
      'get_app_state',
      'suggest_routes',
    ]);
    expect(names).toEqual([...coreToolNames, 'ping_app', 'get_users', 'get_users_by_id']);
    const routes = await client.callTool({ name: 'list_routes', arguments: {} });
    expect((routes.structuredContent as { routes: unknown[] }).routes).toHaveLength(3);
    expect((await client.callTool({ name: 'get_app_state', arguments: { key: 'mode' } })).structuredContent).toMatchObject({
      value: 'demo',
    });
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: '5' } })).structuredContent).toEqual({ id: '5' });
    expect((await client.callTool({ name: 'get_route_details', arguments: { path: '/users/:id' } })).structuredContent).toMatchObject({
      toolName: 'get_users_by_id',
    });
    await client.close();
  });

  it('answers 401 with a JSON-RPC error when auth returns false, before and after compile()', async () => {
    const a = app((ctx) => ctx.header('x-api-key') === 'k');
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const denied = await post(a, list);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('www-authenticate')).toContain('Bearer');
    expect(denied.json.error.code).toBe(-32001);
    a.compile();
    expect((await post(a, list)).status).toBe(401);
    const allowed = await post(a, list, { 'x-api-key': 'k' });
    expect(allowed.status).toBe(200);
    expect(allowed.json.result.tools.length).toBeGreaterThan(7);
  });

  it('keeps async auth behind listen() as well', async () => {
    const server = await listen(app(async (ctx) => ctx.header('x-api-key') === 'k'));
    servers.push(server);
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.status).toBe(401);
    const client = await connectHTTP(`${server.url}/mcp`, { 'x-api-key': 'k' });
    expect((await client.callTool({ name: 'ping_app', arguments: {} })).structuredContent).toEqual({ pong: true });
    await client.close();
  });
});
