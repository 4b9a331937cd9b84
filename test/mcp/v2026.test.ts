/**
 * MCP 2026-07-28 on the wire (issue #21): raw JSON-RPC against fw-mcp in process and over real HTTP on 127.0.0.1,
 * next to the 2025 era on the same endpoint. What a client written elsewhere sees is in clients-v2026.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Fw, MemoryKV } from 'fw';
import type { NodeServer } from 'fw/node';
import { StdioTransport, createMCPPlugin, createMCPServer, type MCPServer } from 'fw-mcp';
import { createApp } from '../../examples/mcp-stdio/app';
import { appWith, initialize, listen, post, sseMessages } from './helpers';
import { stateSecret, v2026App, v2026Server } from './servers/v2026-app';
import { messages, rawPost } from './wire';

const V = '2026-07-28';
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

type Body = { jsonrpc: '2.0'; id?: number | string; method: string; params: Record<string, any> };

/** A 2026-07-28 request: its params with the `_meta` envelope (capabilities and extra `_meta` keys as given). */
function modern(id: number | string, method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): Body {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: { [PV]: V, [CAPS]: {}, ...meta } } };
}

/** The standard request headers a 2026-07-28 client sends with `body`. */
function headersOf(body: Body): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': V, 'mcp-method': body.method };
  const name = body.method === 'resources/read' ? body.params.uri : body.params.name;
  if (typeof name === 'string' && ['tools/call', 'prompts/get', 'resources/read'].includes(body.method)) headers['mcp-name'] = name;
  return headers;
}

/** POSTs a 2026-07-28 request in process with its standard headers (overridden by `headers`). */
function send(app: Fw, body: Body, headers: Record<string, string> = {}) {
  return post(app, body, { ...headersOf(body), ...headers });
}

const elicitation = { elicitation: { form: {} } };
const servers: NodeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function app2026(options: Parameters<typeof v2026App>[0] = {}): Promise<Fw> {
  const app = createApp();
  await app.plugin(createMCPPlugin(v2026Server(app, options)));
  return app;
}

describe('one endpoint, both eras', () => {
  it('answers server/discover with the modern versions, what is registered, instructions, identity and caching hints', async () => {
    const server = createMCPServer(null, { name: 'both', version: '3.1.0', instructions: 'Be brief.' });
    server.addTool({ name: 'noop', description: 'Does nothing', handler: () => 'ok' });
    server.addResource({ uri: 'app://readme', name: 'readme', text: 'hello' });
    server.addPrompt({ name: 'greet', handler: () => 'Hello' });
    const app = await appWith(server);
    const { status, json } = await send(app, modern(1, 'server/discover'));
    expect(status).toBe(200);
    expect(json).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: {
          logging: {},
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: true },
          completions: {},
        },
        instructions: 'Be brief.',
        ttlMs: 60000,
        cacheScope: 'public',
        _meta: { [SERVER_INFO]: { name: 'both', version: '3.1.0' } },
      },
    });
  });

  it('keeps the 2025 era working beside it: initialize negotiates only legacy versions, and its requests stay as they were', async () => {
    const app = await app2026();
    const legacy = await post(app, initialize('2025-11-25'));
    expect(legacy.json.result.protocolVersion).toBe('2025-11-25');
    expect((await post(app, initialize(V), { 'mcp-protocol-version': V })).json.result.protocolVersion).toBe('2025-06-18');
    const old = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2025-11-25' });
    expect(old.json.result.resultType).toBeUndefined();
    expect(old.json.result.ttlMs).toBeUndefined();
    expect(old.json.result.tools.length).toBeGreaterThan(4);
    const now = await send(app, modern(3, 'tools/list'));
    // The bridge's runtime tools are shown to trusted callers only, so a tool list depends on who asks: private.
    expect(now.json.result).toMatchObject({ resultType: 'complete', ttlMs: 60000, cacheScope: 'private' });
    expect(now.json.result.tools.map((t: { name: string }) => t.name)).toEqual(old.json.result.tools.map((t: { name: string }) => t.name));
  });

  it('answers a GET or DELETE that names 2026-07-28 with 405 (no GET stream, no sessions there)', async () => {
    const app = await app2026();
    for (const method of ['GET', 'DELETE']) {
      const response = await app.request('/mcp', { method, headers: { accept: 'text/event-stream', 'mcp-protocol-version': V } });
      expect(response.status).toBe(405);
      expect((await response.json()).error.message).toContain('subscriptions/listen');
    }
  });

  it('ignores Mcp-Session-Id on a 2026-07-28 request, even on a server with sessions', async () => {
    const app = createApp();
    await app.plugin(createMCPPlugin(v2026Server(app), { sessions: { secret: 'sessions-secret-0123456789' } }));
    const body = modern(1, 'tools/call', { name: 'get_users_by_id', arguments: { id: '1' } });
    const { status, json } = await send(app, body, { 'mcp-session-id': 'not-a-session' });
    expect(status).toBe(200);
    expect(json.result.structuredContent).toMatchObject({ name: 'Ada Lovelace' });
  });
});

describe('versions, envelope and headers', () => {
  it('-32022 with the versions it speaks per request for a version it does not speak (in _meta, or in the header alone)', async () => {
    const app = await app2026();
    const body = modern(7, 'tools/list', {}, { [PV]: '2031-01-01' });
    const inMeta = await send(app, body, { 'mcp-protocol-version': '2031-01-01' });
    expect(inMeta.status).toBe(400);
    expect(inMeta.json).toMatchObject({
      id: 7,
      error: {
        code: -32022,
        data: { supported: ['2026-07-28'], requested: '2031-01-01' },
      },
    });
    const legacyInEnvelope = await send(app, modern(8, 'tools/list', {}, { [PV]: '2025-11-25' }), { 'mcp-protocol-version': '2025-11-25' });
    expect(legacyInEnvelope.json.error).toMatchObject({ code: -32022, data: { requested: '2025-11-25' } });
    const headerOnly = await post(app, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-protocol-version': '2099-01-01' });
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.json.error).toMatchObject({ code: -32022, data: { requested: '2099-01-01' } });
  });

  it('-32602 (400, with the id) for a 2026-07-28 request missing its version or capabilities, or with a bad log level', async () => {
    const app = await app2026();
    const noMeta = await post(
      app,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-protocol-version': V, 'mcp-method': 'tools/list' },
    );
    expect(noMeta.status).toBe(400);
    expect(noMeta.json).toMatchObject({ id: 1, error: { code: -32602 } });
    expect(noMeta.json.error.message).toContain(PV);
    const noCaps = { jsonrpc: '2.0' as const, id: 2, method: 'tools/list', params: { _meta: { [PV]: V } } };
    const missing = await send(app, noCaps);
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain(CAPS);
    const level = await send(app, modern(3, 'tools/list', {}, { 'io.modelcontextprotocol/logLevel': 'loud' }));
    expect(level.json.error).toMatchObject({ code: -32602 });
    const badMeta = { jsonrpc: '2.0' as const, id: 4, method: 'server/discover', params: { _meta: 'no' } };
    expect((await send(app, badMeta)).json.error).toMatchObject({ code: -32602, message: 'Invalid "_meta": expected an object' });
  });

  it('-32020 (400) when the headers do not stand for the body, and decodes an Mcp-Name sent in the Base64 sentinel', async () => {
    const app = await app2026();
    const call = modern(5, 'tools/call', { name: 'get_users_by_id', arguments: { id: '1' } });
    const cases: [Record<string, string>, string][] = [
      [{ 'mcp-protocol-version': '' }, 'MCP-Protocol-Version header value "" does not match'],
      [{ 'mcp-protocol-version': '2025-11-25' }, 'does not match body value "2026-07-28"'],
      [{ 'mcp-protocol-version': '2026-07-28' }, 'value "2026-07-28" does not match body value "2099-01-01"'],
      [{ 'mcp-method': 'tools/list' }, 'Mcp-Method header value "tools/list" does not match body value "tools/call"'],
      [{ 'mcp-name': 'get_users' }, 'Mcp-Name header value "get_users" does not match body value "get_users_by_id"'],
      [{ 'mcp-name': '=?base64?***?=' }, 'Mcp-Name header is malformed'],
    ];
    for (const [headers, message] of cases) {
      const body = message.includes('2099') ? modern(5, 'tools/call', call.params, { [PV]: '2099-01-01' }) : call;
      const { status, json } = await send(app, body, headers);
      expect(status).toBe(400);
      expect(json).toMatchObject({ id: 5, error: { code: -32020 } });
      expect(json.error.message).toContain(message);
    }
    const { 'mcp-name': _, ...unnamed } = headersOf(call);
    const withoutName = await post(app, call, unnamed);
    expect(withoutName.json.error).toMatchObject({ code: -32020, message: 'Header mismatch: the required Mcp-Name header is missing' });
    const encoded = `=?base64?${btoa('get_users_by_id')}?=`;
    expect((await send(app, call, { 'mcp-name': encoded })).json.result.structuredContent).toMatchObject({ id: '1' });
  });

  it('matches a non-ASCII resource URI against its Base64-encoded Mcp-Name', async () => {
    const server = createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false });
    server.addResource({ uri: 'app://café/menu', name: 'menu', text: 'croissant' });
    const app = await appWith(server);
    const body = modern(1, 'resources/read', { uri: 'app://café/menu' });
    const utf8 = String.fromCharCode(...new TextEncoder().encode('app://café/menu'));
    const { status, json } = await send(app, body, { 'mcp-name': `=?base64?${btoa(utf8)}?=` });
    expect(status).toBe(200);
    expect(json.result.contents).toEqual([{ uri: 'app://café/menu', text: 'croissant' }]);
  });

  it('checks the Mcp-Param-* headers of arguments a tool marks with x-mcp-header (-32020 when missing, malformed or different)', async () => {
    const server = createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false });
    server.addTool<{ region: string; limits?: { max?: number } }>({
      name: 'query',
      description: 'Runs a query in a region',
      inputSchema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' } as never,
          limits: { type: 'object', properties: { max: { type: 'integer', 'x-mcp-header': 'Max' } as never } },
        },
        required: ['region'],
      },
      handler: ({ region, limits }) => `${region}:${limits?.max ?? '-'}`,
    });
    const app = await appWith(server);
    const call = (args: Record<string, unknown>) => modern(1, 'tools/call', { name: 'query', arguments: args });
    const text = (json: any) => json.result?.content?.[0]?.text ?? json.error;
    expect(text((await send(app, call({ region: 'eu' }), { 'mcp-param-region': 'eu' })).json)).toBe('eu:-');
    expect(
      text((await send(app, call({ region: 'eu', limits: { max: 42 } }), { 'mcp-param-region': 'eu', 'mcp-param-max': '42.0' })).json),
    ).toBe('eu:42');
    expect(text((await send(app, call({ region: ' é ' }), { 'mcp-param-region': `=?base64?${btoa('\x20\xc3\xa9\x20')}?=` })).json)).toBe(
      ' é :-',
    );
    const refusals: [Record<string, unknown>, Record<string, string>, string][] = [
      [{ region: 'eu' }, {}, 'Mcp-Param-Region header is missing'],
      [{ region: 'eu' }, { 'mcp-param-region': 'us' }, 'does not match arguments.region'],
      [{ region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVsbG8?=' }, 'Mcp-Param-Region header is malformed'],
      [{ region: 'eu', limits: { max: 3 } }, { 'mcp-param-region': 'eu' }, 'Mcp-Param-Max header is missing (arguments.limits.max'],
    ];
    for (const [args, headers, message] of refusals) {
      const { status, json } = await send(app, call(args), headers);
      expect(status).toBe(400);
      expect(json.error.code).toBe(-32020);
      expect(json.error.message).toContain(message);
    }
  });

  it('404 -32601 for methods 2026-07-28 removed or never had, saying what replaces them', async () => {
    const app = await app2026();
    const expected: Record<string, string> = {
      ping: 'it has no ping',
      'logging/setLevel': 'io.modelcontextprotocol/logLevel',
      'resources/subscribe': 'subscriptions/listen',
      initialize: 'it has no initialize',
      'tasks/get': 'tasks are an extension',
      'nothing/here': 'Method not found: nothing/here',
    };
    for (const [method, hint] of Object.entries(expected)) {
      const { status, json } = await send(app, modern(1, method, { uri: 'docs://users-guide' }));
      expect(status).toBe(404);
      expect(json.error.code).toBe(-32601);
      expect(json.error.message).toContain(hint);
    }
  });

  it('answers 400 to what is not one JSON-RPC request, and 202 to a notification', async () => {
    const app = await app2026();
    const junk = await post(app, { jsonrpc: '1.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': V });
    expect(junk.status).toBe(400);
    expect(junk.json.error.code).toBe(-32600);
    const note = await post(
      app,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'x', _meta: { [PV]: V } } },
      { 'mcp-protocol-version': V },
    );
    expect(note.status).toBe(202);
  });
});

describe('results', () => {
  function cachingServer(): MCPServer {
    const server = createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false, cacheTtlMs: 5000 });
    server.addResource({ uri: 'app://fixed', name: 'fixed', text: 'same for everyone' });
    server.addResource({ uri: 'app://mine', name: 'mine', handler: (_uri, ctx) => `for ${ctx.headers?.get('authorization') ?? 'nobody'}` });
    server.addResource({
      uri: 'app://clock',
      name: 'clock',
      cache: { ttlMs: 1000, scope: 'public' },
      handler: () => new Date().toISOString(),
    });
    server.addResourceTemplate({ uriTemplate: 'app://users/{id}', name: 'user', handler: (_uri, { id }) => `user ${id}` });
    server.addTool({ name: 'report', description: 'A task tool', execution: { taskSupport: 'optional' }, handler: () => 'done' });
    server.addPrompt({ name: 'hello', handler: () => 'Hello' });
    return server;
  }

  it('carries ttlMs and cacheScope on lists and reads: the configured ttl for lists and constant resources, 0 and private for handlers unless they say', async () => {
    const app = await appWith(cachingServer());
    const hints = async (method: string, params: Record<string, unknown> = {}) => {
      const { result } = (await send(app, modern(1, method, params))).json;
      return { ttlMs: result.ttlMs, cacheScope: result.cacheScope, resultType: result.resultType };
    };
    const listed = { ttlMs: 5000, cacheScope: 'public', resultType: 'complete' };
    for (const method of ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'])
      expect(await hints(method)).toEqual(listed);
    expect(await hints('resources/read', { uri: 'app://fixed' })).toEqual(listed);
    expect(await hints('resources/read', { uri: 'app://mine' })).toEqual({ ttlMs: 0, cacheScope: 'private', resultType: 'complete' });
    expect(await hints('resources/read', { uri: 'app://clock' })).toEqual({ ttlMs: 1000, cacheScope: 'public', resultType: 'complete' });
    expect(await hints('resources/read', { uri: 'app://users/7' })).toEqual({ ttlMs: 0, cacheScope: 'private', resultType: 'complete' });
    const call = (await send(app, modern(2, 'tools/call', { name: 'report' }))).json.result;
    expect(call).toEqual({
      content: [{ type: 'text', text: 'done' }],
      resultType: 'complete',
      _meta: { [SERVER_INFO]: { name: 'fw-mcp', version: '1.0.0' } },
    });
    expect(() => createMCPServer().addResource({ uri: 'a://b', name: 'b', text: '', cache: { ttlMs: -1, scope: 'public' } })).toThrow(
      /cache/,
    );
  });

  it('lists tools without execution (tasks are an extension in 2026-07-28) and runs a task tool as a plain call, even asked for a task', async () => {
    const app = await appWith(cachingServer());
    const { tools } = (await send(app, modern(1, 'tools/list'))).json.result;
    expect(tools).toEqual([{ name: 'report', description: 'A task tool', inputSchema: { type: 'object' } }]);
    const asTask = await send(app, modern(2, 'tools/call', { name: 'report', task: { ttl: 1000 } }));
    expect(asTask.json.result.content).toEqual([{ type: 'text', text: 'done' }]);
  });

  it('answers -32602 for a resource that does not exist (2025 clients still get -32002)', async () => {
    const app = await appWith(cachingServer());
    const { status, json } = await send(app, modern(1, 'resources/read', { uri: 'app://nothing' }));
    expect(status).toBe(200);
    expect(json.error).toEqual({ code: -32602, message: 'Resource not found: app://nothing', data: { uri: 'app://nothing' } });
    const legacy = await post(app, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'app://nothing' } });
    expect(legacy.json.error.code).toBe(-32002);
  });

  it('sends notifications/message only for a request whose _meta sets a log level, at or above it', async () => {
    const server = createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false });
    server.addTool({
      name: 'chatty',
      description: 'Logs at three levels',
      handler: (_args, ctx) => {
        ctx.log('debug', 'fine detail');
        ctx.log('info', 'progressing');
        ctx.log('warning', 'disk almost full');
        return 'ok';
      },
    });
    const app = await appWith(server);
    const quiet = await send(app, modern(1, 'tools/call', { name: 'chatty' }));
    expect(quiet.headers.get('content-type')).toContain('application/json');
    expect(quiet.json.result.content).toEqual([{ type: 'text', text: 'ok' }]);
    const loud = await send(app, modern(2, 'tools/call', { name: 'chatty' }, { 'io.modelcontextprotocol/logLevel': 'info' }));
    expect(loud.headers.get('x-accel-buffering')).toBe('no');
    const frames = sseMessages(loud.text);
    expect(frames.map((m) => m.params?.data ?? m.result?.content[0].text)).toEqual(['progressing', 'disk almost full', 'ok']);
  });
});

describe('multi round-trip requests (elicitation, sampling, roots)', () => {
  const secondAnswer = { action: 'accept', content: { name: 'Ada' } };

  it('asks through InputRequiredResult, keeps nothing between rounds, and finishes on another instance holding the same secret', async () => {
    const [a, b] = [await app2026(), await app2026()];
    const call = (id: number, extra: Record<string, unknown> = {}) =>
      modern(id, 'tools/call', { name: 'delete_user', arguments: { id: '2' }, ...extra }, { [CAPS]: elicitation });
    const first = (await send(a, call(1))).json.result;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { 'ask-0': { method: 'elicitation/create', params: { message: 'Delete user 2?' } } },
      _meta: { [SERVER_INFO]: { name: 'fw-2026', version: '2.0.0' } },
    });
    expect(first.ttlMs).toBeUndefined();
    expect(typeof first.requestState).toBe('string');
    const second = (
      await send(
        b,
        call(2, { requestState: first.requestState, inputResponses: { 'ask-0': { action: 'accept', content: { confirm: true } } } }),
      )
    ).json.result;
    expect(Object.keys(second.inputRequests)).toEqual(['ask-1']);
    expect(second.inputRequests['ask-1'].params.message).toBe('Who confirms?');
    const done = (await send(a, call(3, { requestState: second.requestState, inputResponses: { 'ask-1': secondAnswer } }))).json.result;
    expect(done).toMatchObject({ resultType: 'complete', structuredContent: { deleted: true, id: '2', by: 'Ada' } });
  });

  it('asks again for what a retry left unanswered, and ignores answers it did not ask for', async () => {
    const app = await app2026();
    const call = (id: number, extra: Record<string, unknown> = {}) =>
      modern(id, 'tools/call', { name: 'delete_user', arguments: { id: '2' }, ...extra }, { [CAPS]: elicitation });
    const first = (await send(app, call(1))).json.result;
    const again = (await send(app, call(2, { requestState: first.requestState, inputResponses: { 'ask-7': secondAnswer } }))).json.result;
    expect(again).toMatchObject({ resultType: 'input_required', inputRequests: { 'ask-0': { method: 'elicitation/create' } } });
    const declined = (await send(app, call(3, { requestState: again.requestState, inputResponses: { 'ask-0': { action: 'decline' } } })))
      .json.result;
    expect(declined).toMatchObject({ resultType: 'complete', structuredContent: { deleted: false } });
  });

  it('takes an answer the client brings under the key of an ask before being asked', async () => {
    const app = await app2026();
    const early = modern(
      1,
      'tools/call',
      {
        name: 'delete_user',
        arguments: { id: '2' },
        inputResponses: { 'ask-0': { action: 'accept', content: { confirm: true } }, other: 1 },
      },
      { [CAPS]: elicitation },
    );
    const { result } = (await send(app, early)).json;
    expect(Object.keys(result.inputRequests)).toEqual(['ask-1']);
    const bad = modern(
      2,
      'tools/call',
      { name: 'delete_user', arguments: { id: '2' }, inputResponses: { 'ask-0': 12345 } },
      { [CAPS]: elicitation },
    );
    expect((await send(app, bad)).json.error).toMatchObject({ code: -32602 });
  });

  it('refuses a requestState that was altered, issued for other params or another principal, or sealed with another secret', async () => {
    const app = await app2026();
    const stranger = await app2026({ secret: 'another-secret-0123456789' });
    const call = (id: number, args: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      modern(id, 'tools/call', { name: 'delete_user', arguments: args, ...extra }, { [CAPS]: elicitation });
    const first = (await send(app, call(1, { id: '2' }), { authorization: 'Bearer alice' })).json.result;
    const token: string = first.requestState;
    const answer = { 'ask-0': { action: 'accept', content: { confirm: true } } };
    const refusals: [Fw, Body, Record<string, string>][] = [
      [app, call(2, { id: '2' }, { requestState: `${token.slice(0, -2)}AA`, inputResponses: answer }), { authorization: 'Bearer alice' }],
      [app, call(3, { id: '1' }, { requestState: token, inputResponses: answer }), { authorization: 'Bearer alice' }],
      [app, call(4, { id: '2' }, { requestState: token, inputResponses: answer }), { authorization: 'Bearer mallory' }],
      [stranger, call(5, { id: '2' }, { requestState: token, inputResponses: answer }), { authorization: 'Bearer alice' }],
      [app, call(6, { id: '2' }, { requestState: 42 }), {}],
    ];
    for (const [target, body, headers] of refusals) {
      const { status, json } = await send(target, body, headers);
      expect(status).toBe(200);
      expect(json.error.code).toBe(-32602);
      expect(json.error.message).toContain('requestState');
    }
    const ok = await send(app, call(7, { id: '2' }, { requestState: token, inputResponses: answer }), { authorization: 'Bearer alice' });
    expect(ok.json.result.inputRequests['ask-1']).toBeDefined();
  });

  it('checks the answers it gets (-32602 naming the key) and refuses to ask a client that did not declare the capability (-32021)', async () => {
    const app = await app2026();
    const call = (id: number, extra: Record<string, unknown> = {}, caps: Record<string, unknown> = elicitation) =>
      modern(id, 'tools/call', { name: 'delete_user', arguments: { id: '2' }, ...extra }, { [CAPS]: caps });
    const first = (await send(app, call(1))).json.result;
    const bad = await send(app, call(2, { requestState: first.requestState, inputResponses: { 'ask-0': { action: 'maybe' } } }));
    expect(bad.json.error).toMatchObject({ code: -32602 });
    expect(bad.json.error.message).toContain('inputResponses.ask-0');
    const notAnObject = await send(app, call(3, { requestState: first.requestState, inputResponses: [1] }));
    expect(notAnObject.json.error.message).toContain('Invalid "inputResponses"');
    const undeclared = await send(app, call(4, {}, {}));
    expect(undeclared.status).toBe(400);
    expect(undeclared.json.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
    const sampling = await send(app, modern(5, 'tools/call', { name: 'summarize', arguments: { text: 'x' } }, { [CAPS]: elicitation }));
    expect(sampling.json.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
  });
});

describe('subscriptions/listen', () => {
  it('acknowledges what it honours, then delivers changes published on another instance sharing the store, tagged with its id', async () => {
    const store = new MemoryKV();
    const a = await listen(v2026App({ store, pollIntervalMs: 20 }));
    const b = await listen(v2026App({ store, pollIntervalMs: 20 }));
    servers.push(a, b);
    const stop = new AbortController();
    const body = modern('listen-1', 'subscriptions/listen', {
      notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['app://counter', 'app://nothing'] },
    });
    const response = await rawPost(`${a.url}/mcp`, body, headersOf(body), stop.signal);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const stream = messages(response);
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { [SUBSCRIPTION]: 'listen-1' },
        notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['app://counter'] },
      },
    });
    const bump = modern(1, 'tools/call', { name: 'bump' });
    const bumped = await (await rawPost(`${b.url}/mcp`, bump, headersOf(bump))).json();
    expect(bumped.result.structuredContent).toEqual({ counter: 1, listeners: 1 });
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { _meta: { [SUBSCRIPTION]: 'listen-1' }, uri: 'app://counter' },
    });
    stop.abort();
    const other = v2026Server(createApp(), { store });
    for (let i = 0; i < 100 && (await other.publish({ uri: 'app://counter' })) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await other.publish({ list: 'tools' })).toBe(0);
  });

  it('sends list changes from registrations, and ends a stream gracefully after subscriptions.maxDurationMs', async () => {
    const server = v2026Server(createApp(), { pollIntervalMs: 20, maxDurationMs: 400 });
    const app = new Fw();
    await app.plugin(createMCPPlugin(server));
    const http = await listen(app);
    servers.push(http);
    const body = modern(9, 'subscriptions/listen', { notifications: { toolsListChanged: true, resourcesListChanged: true } });
    const stream = messages(await rawPost(`${http.url}/mcp`, body, headersOf(body)));
    expect((await stream.next()).method).toBe('notifications/subscriptions/acknowledged');
    server.addTool({ name: 'late', description: 'Registered later', handler: () => 'late' });
    expect(await stream.next()).toMatchObject({ method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION]: 9 } } });
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: { resultType: 'complete', _meta: { [SERVER_INFO]: { name: 'fw-2026', version: '2.0.0' }, [SUBSCRIPTION]: 9 } },
    });
    expect(await stream.next()).toBeNull();
  });

  it('refuses a malformed filter (-32602) and a client that does not accept a stream (400)', async () => {
    const app = await app2026();
    const bad = modern(1, 'subscriptions/listen', { notifications: { resourceSubscriptions: 'app://counter' } });
    expect((await send(app, bad)).json.error).toMatchObject({ code: -32602 });
    const missing = modern(2, 'subscriptions/listen');
    expect((await send(app, missing)).json.error).toMatchObject({ code: -32602 });
    const jsonOnly = await send(app, modern(3, 'subscriptions/listen', { notifications: {} }), { accept: 'application/json' });
    expect(jsonOnly.status).toBe(400);
  });
});

describe('stdio', () => {
  function pipes() {
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const writer = input.writable.getWriter();
    const lines: any[] = [];
    let pending = '';
    const output = new WritableStream<Uint8Array>({
      write(chunk) {
        pending += new TextDecoder().decode(chunk);
        for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
          lines.push(JSON.parse(pending.slice(0, nl)));
          pending = pending.slice(nl + 1);
        }
      },
    });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(check()).toBe(true);
    };
    return {
      input: input.readable,
      output,
      lines,
      until,
      write: (m: unknown) => writer.write(new TextEncoder().encode(`${JSON.stringify(m)}\n`)),
      end: () => writer.close(),
    };
  }

  it('serves 2026-07-28 requests, round trips and a listen stream on one connection, and broadcasts nothing to that client', async () => {
    const io = pipes();
    const server = v2026Server(createApp(), { pollIntervalMs: 20 });
    const done = server.start(new StdioTransport({ input: io.input, output: io.output }));
    await io.write(modern(1, 'server/discover'));
    await io.write(modern(2, 'tools/call', { name: 'delete_user', arguments: { id: '1' } }, { [CAPS]: elicitation }));
    await io.write(modern('sub', 'subscriptions/listen', { notifications: { resourceSubscriptions: ['app://counter'] } }));
    await io.until(() => io.lines.length >= 3);
    expect(io.lines.find((l) => l.id === 1).result.supportedVersions).toEqual(['2026-07-28']);
    expect(io.lines.find((l) => l.id === 2).result.resultType).toBe('input_required');
    server.log('error', 'broadcast to 2025 clients only');
    await server.publish({ uri: 'app://counter' });
    await io.until(() => io.lines.some((l) => l.method === 'notifications/resources/updated'));
    await io.write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'sub' } });
    await io.write(modern(3, 'tools/call', { name: 'get_users_by_id', arguments: { id: '1' } }));
    await io.until(() => io.lines.some((l) => l.id === 3));
    await io.end();
    await done;
    const order = io.lines.map((l) => l.method ?? l.id);
    expect(order.slice(0, 3)).toEqual(expect.arrayContaining([1, 2, 'notifications/subscriptions/acknowledged']));
    expect(order.slice(3)).toEqual(['notifications/resources/updated', 3]);
  });

  it('ends listen streams when the input ends, so the server stops', async () => {
    const io = pipes();
    const server = v2026Server(createApp(), { pollIntervalMs: 20 });
    const done = server.start(new StdioTransport({ input: io.input, output: io.output }));
    await io.write(modern('sub', 'subscriptions/listen', { notifications: { toolsListChanged: true } }));
    await io.until(() => io.lines.length === 1);
    await io.end();
    await done;
    expect(io.lines).toHaveLength(1);
  });
});

describe('requestState secret', () => {
  it('refuses a secret shorter than 16 characters at construction', () => {
    expect(() => createMCPServer(null, { requestState: { secret: 'short' } })).toThrow(/requestState.secret/);
    expect(stateSecret.length).toBeGreaterThanOrEqual(16);
  });
});
