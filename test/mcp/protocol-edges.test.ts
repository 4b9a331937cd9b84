/**
 * Edges of fw-mcp's protocol layer, in process: provider-safe tool names (collisions, long and non-ASCII names, the
 * registration warning), what handlers may return and what a malformed return becomes, answers JSON cannot hold,
 * startup checks of the batch and body limits, list pagination at its edges, version negotiation, and
 * server-to-client requests a client cannot take.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMCPServer,
  createMCPPlugin,
  decodeCursor,
  paginate,
  providerSafeNames,
  PROVIDER_TOOL_NAME,
  safeToolName,
  StdioTransport,
  type ClientLink,
  type JSONRPCMessage,
  type MCPServer,
} from 'fw-mcp';
import { newPeer } from '../../mcp/src/peer';
import { appWith, initialize, post } from './helpers';

/** A client link that keeps what the server sends. */
function clientLink(options: { key?: string; version?: string; capabilities?: Record<string, unknown> | null; canRequest?: boolean } = {}) {
  const sent: JSONRPCMessage[] = [];
  const link: ClientLink & { sent: JSONRPCMessage[] } = {
    peer: newPeer(
      options.key ?? 'session',
      options.version ?? '2025-11-25',
      options.capabilities === undefined ? {} : options.capabilities,
    ),
    canRequest: options.canRequest ?? true,
    sent,
    send: (message) => {
      sent.push(message);
      return true;
    },
  };
  return link;
}

let nextId = 1;
async function call(server: MCPServer, link: ClientLink, method: string, params?: Record<string, unknown>) {
  return (await server.handle({ jsonrpc: '2.0', id: nextId++, method, params }, link)) as {
    result?: any;
    error?: { code: number; message: string; data?: any };
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('provider-safe tool names', () => {
  it('keeps a name already in the pattern, replaces other characters, and fingerprints names over 64 characters', () => {
    expect(safeToolName('get_users_by_id')).toBe('get_users_by_id');
    expect(safeToolName('fw/routes/list')).toBe('fw_routes_list');
    expect(safeToolName('météo')).toBe('m_t_o');
    expect(safeToolName('🙂x')).toBe('_x');
    const long = `fw/${'a'.repeat(80)}`;
    const safe = safeToolName(long);
    expect(safe).toHaveLength(64);
    expect(safe).toMatch(/^fw_a{52}_[0-9a-f]{8}$/);
    expect(safeToolName(long)).toBe(safe);
    expect(safeToolName(`fw/${'a'.repeat(81)}`)).not.toBe(safe);
    expect(safeToolName('x'.repeat(70))).toMatch(/^x{55}_[0-9a-f]{8}$/); // the right characters, but too long
  });

  it('resolves collisions by the set of names alone: a name already in its form keeps it, the others get a suffix', () => {
    const names = ['fw/routes/list', 'fw_routes_list', 'deploy/app', 'deploy.app', 'plain'];
    const forward = providerSafeNames(names);
    const backward = providerSafeNames([...names].reverse());
    expect([...forward].sort()).toEqual([...backward].sort());
    expect(forward.get('fw_routes_list')).toBe('fw_routes_list');
    expect(forward.get('fw/routes/list')).toMatch(/^fw_routes_list_[0-9a-f]{8}$/);
    expect(forward.get('deploy/app')).toMatch(/^deploy_app_[0-9a-f]{8}$/);
    expect(forward.get('deploy.app')).toMatch(/^deploy_app_[0-9a-f]{8}$/);
    expect(forward.get('deploy/app')).not.toBe(forward.get('deploy.app'));
    expect(forward.get('plain')).toBe('plain');
    const all = [...forward.values()];
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(name).toMatch(PROVIDER_TOOL_NAME);
    expect(providerSafeNames(['a', 'a']).size).toBe(1);
  });

  it('lists and calls tools by their safe names, and the registered name is then unknown', async () => {
    const server = createMCPServer(null, { toolNameStyle: 'provider-safe' });
    server.addTool({ name: 'deploy/app', description: 'Deploys', handler: () => 'deployed' });
    server.addTool({ name: 'deploy_app', description: 'Also deploys', handler: () => 'other' });
    server.addTool({
      name: 'add',
      description: 'Adds',
      inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
      handler: () => 'sum',
    });
    const link = clientLink();
    const names = (await call(server, link, 'tools/list')).result.tools.map((t: { name: string }) => t.name);
    const slashed = names.find((n: string) => n.startsWith('deploy_app_'));
    expect(names.sort()).toEqual(['add', 'deploy_app', slashed].sort());
    expect((await call(server, link, 'tools/call', { name: slashed, arguments: {} })).result.content[0].text).toBe('deployed');
    expect((await call(server, link, 'tools/call', { name: 'deploy_app', arguments: {} })).result.content[0].text).toBe('other');
    const unknown = await call(server, link, 'tools/call', { name: 'deploy/app', arguments: {} });
    expect(unknown.error).toMatchObject({ code: -32602 });
    const bad = await call(server, link, 'tools/call', { name: 'add', arguments: { a: 'one' } });
    expect(bad.result.isError).toBe(true);
    expect(bad.result.content[0].text).toMatch(/Invalid arguments for tool "add"/);
  });

  it('warns once about a name providers refuse (unless the option is on), and refuses an unknown style at startup', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = createMCPServer();
    server.addTool({ name: 'ops/restart', description: 'Restarts', handler: () => 'ok' });
    server.addTool({ name: 'ops/restart', description: 'Restarts again', handler: () => 'ok' });
    server.addTool({ name: 'fine_name', description: 'Fine', handler: () => 'ok' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/"ops\/restart".*toolNameStyle: 'provider-safe'.*"ops_restart"/);
    createMCPServer(null, { toolNameStyle: 'provider-safe' }).addTool({ name: 'a/b', description: 'x', handler: () => 'ok' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(() => createMCPServer(null, { toolNameStyle: 'openai' as never })).toThrow(
      /toolNameStyle must be 'mcp' \(the default\) or 'provider-safe', got "openai"/,
    );
  });
});

describe('what handlers return', () => {
  function returning(value: () => unknown): MCPServer {
    return createMCPServer().addTool({ name: 't', description: 'returns a value', handler: value as never });
  }

  it('turns every accepted tool return into a result', async () => {
    const link = clientLink();
    const cases: [unknown, unknown][] = [
      [undefined, { content: [] }],
      [null, { content: [] }],
      ['hi', { content: [{ type: 'text', text: 'hi' }] }],
      [42, { content: [{ type: 'text', text: '42' }] }],
      [true, { content: [{ type: 'text', text: 'true' }] }],
      [
        [
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'a://b', name: 'b' },
        ],
        {
          content: [
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'resource_link', uri: 'a://b', name: 'b' },
          ],
        },
      ],
      [[1, 2], { content: [{ type: 'text', text: '[1,2]' }] }],
      [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }],
      [
        { type: 'resource', resource: { uri: 'a://c', text: 'c' } },
        { content: [{ type: 'resource', resource: { uri: 'a://c', text: 'c' } }] },
      ],
      [
        { type: 'image', data: 'AAAA' },
        { content: [{ type: 'text', text: '{"type":"image","data":"AAAA"}' }], structuredContent: { type: 'image', data: 'AAAA' } },
      ],
      [
        { content: [{ type: 'text', text: 'done' }], isError: false },
        { content: [{ type: 'text', text: 'done' }], isError: false },
      ],
      [
        { content: ['not a block'] },
        { content: [{ type: 'text', text: '{"content":["not a block"]}' }], structuredContent: { content: ['not a block'] } },
      ],
    ];
    for (const [value, expected] of cases)
      expect(
        (
          await call(
            returning(() => value),
            link,
            'tools/call',
            { name: 't' },
          )
        ).result,
      ).toEqual(expected);
  });

  it('streams yielded strings and blocks, and a yield that is no content block fails the tool naming it', async () => {
    const link = clientLink();
    const good = returning(async function* () {
      yield 'one';
      yield { type: 'text', text: 'two' };
    });
    expect((await call(good, link, 'tools/call', { name: 't' })).result.content).toEqual([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
    ]);
    const bad = returning(async function* () {
      yield 'one';
      yield { kind: 'nonsense' };
    });
    const answer = await call(bad, link, 'tools/call', { name: 't' });
    const text = answer.result?.content?.[0]?.text ?? answer.error?.message;
    expect(text).toMatch(/not a content block: \{"kind":"nonsense"\}/);
  });

  it('turns resource returns into contents, and refuses a return that is none of them', async () => {
    const bytes = new Uint8Array([104, 105]);
    const server = createMCPServer()
      .addResource({ uri: 'r://bytes', name: 'bytes', mimeType: 'application/octet-stream', handler: () => bytes })
      .addResource({ uri: 'r://buffer', name: 'buffer', handler: () => bytes.buffer })
      .addResource({ uri: 'r://record', name: 'record', mimeType: 'text/plain', handler: () => ({ text: 'from a record' }) })
      .addResource({
        uri: 'r://list',
        name: 'list',
        handler: () => [
          { uri: 'r://list', text: 'a' },
          { uri: 'r://list#2', blob: 'Yg==' },
        ],
      })
      .addResource({ uri: 'r://bad', name: 'bad', handler: () => ({ neither: true }) as never })
      .addResourceTemplate({ uriTemplate: 'r://items/{id}', name: 'item', handler: (_uri, { id }) => `item ${id}` });
    const link = clientLink();
    const read = async (uri: string) => call(server, link, 'resources/read', { uri });
    expect((await read('r://bytes')).result.contents).toEqual([{ uri: 'r://bytes', mimeType: 'application/octet-stream', blob: 'aGk=' }]);
    expect((await read('r://buffer')).result.contents).toEqual([{ uri: 'r://buffer', blob: 'aGk=' }]);
    expect((await read('r://record')).result.contents).toEqual([{ uri: 'r://record', mimeType: 'text/plain', text: 'from a record' }]);
    expect((await read('r://list')).result.contents).toHaveLength(2);
    expect((await read('r://items/a%20b')).result.contents).toEqual([{ uri: 'r://items/a%20b', text: 'item a b' }]);
    const bad = await read('r://bad');
    expect(bad.error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/r:\/\/bad returned neither text, bytes nor contents/),
    });
    expect((await read('r://missing')).error).toMatchObject({ code: -32002 });
    expect((await call(server, link, 'resources/read', {})).error).toMatchObject({ code: -32602 });
  });

  it('turns prompt returns into messages, keeps the prompt description, and refuses other returns', async () => {
    const message = { role: 'user', content: { type: 'text', text: 'hello' } };
    const server = createMCPServer()
      .addPrompt({ name: 'list', description: 'a list', handler: () => [message] as never })
      .addPrompt({ name: 'object', description: 'the prompt', handler: () => ({ messages: [message] }) as never })
      .addPrompt({ name: 'own', description: 'the prompt', handler: () => ({ description: 'its own', messages: [message] }) as never })
      .addPrompt({ name: 'bad', handler: () => 42 as never })
      .addPrompt({ name: 'needs', arguments: [{ name: 'topic', required: true }], handler: ({ topic }) => `about ${topic}` });
    const link = clientLink();
    const get = async (name: string, args?: Record<string, unknown>) => call(server, link, 'prompts/get', { name, arguments: args });
    expect((await get('list')).result).toEqual({ description: 'a list', messages: [message] });
    expect((await get('object')).result).toEqual({ description: 'the prompt', messages: [message] });
    expect((await get('own')).result).toEqual({ description: 'its own', messages: [message] });
    expect((await get('bad')).error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/string, a list of messages, or \{ messages \}/),
    });
    expect((await get('needs')).error).toMatchObject({ code: -32602 });
    expect((await get('needs', { topic: 7 })).error).toMatchObject({ code: -32602 });
    expect((await get('needs', { topic: 'cats' })).result.messages[0].content.text).toBe('about cats');
    expect((await get('nope')).error).toMatchObject({ code: -32602 });
  });
});

describe('answers JSON cannot hold', () => {
  it('answer that one request with -32603 over HTTP, alone and in a batch, and the server goes on', async () => {
    const server = createMCPServer();
    server.addTool({
      name: 'big',
      description: 'A BigInt in a block',
      handler: () => ({ content: [{ type: 'text', text: 'x', _meta: { n: 1n } }] }) as never,
    });
    server.addTool({ name: 'ok', description: 'Fine', handler: () => 'fine' });
    const app = await appWith(server);
    const headers = { 'mcp-protocol-version': '2025-03-26' };
    const alone = await post(app, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'big' } }, headers);
    expect(alone.json).toMatchObject({ id: 7, error: { code: -32603, message: expect.stringMatching(/cannot be sent as JSON/) } });
    const batch = await post(
      app,
      [
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ok' } },
        { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'big' } },
      ],
      headers,
    );
    expect(batch.status).toBe(200);
    expect(batch.json[0]).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'fine' }] } });
    expect(batch.json[1]).toMatchObject({ id: 2, error: { code: -32603 } });
    const after = await post(app, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ok' } }, headers);
    expect(after.json.result.content[0].text).toBe('fine');
  });

  it('leave a notification JSON cannot hold unsent over stdio (sendNotification says false)', async () => {
    const server = createMCPServer();
    let sent: boolean | undefined;
    server.addTool({
      name: 'notify',
      description: 'Sends a notification it cannot serialize',
      handler: (_args, ctx) => {
        sent = ctx.sendNotification('notifications/custom', { n: 1n } as never);
        return 'done';
      },
    });
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const writer = input.writable.getWriter();
    const lines: string[] = [];
    const output = { write: (text: string) => void lines.push(...text.split('\n').filter(Boolean)) };
    const done = server.start(new StdioTransport({ input: input.readable, output }));
    await writer.write(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notify"}}\n'));
    await writer.close();
    await done;
    expect(sent).toBe(false);
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } }]);
  });
});

describe('limits checked at startup', () => {
  it('refuses a bad maxBatchSize or maxBodySize, naming the option and what to give', async () => {
    for (const bad of [0, -1, 1.5, '10', Number.NaN])
      expect(() => new StdioTransport({ maxBatchSize: bad as never })).toThrow(
        /maxBatchSize must be a whole number of messages >= 1 \(or Infinity\)/,
      );
    expect(() => new StdioTransport({ maxBatchSize: Infinity })).not.toThrow();
    for (const bad of [-1, 0.5, '1mb'])
      expect(() => createMCPPlugin(createMCPServer(), { maxBodySize: bad as never })).toThrow(
        /maxBodySize must be whole bytes >= 0.*leave it out to use the app's maxBodySize/,
      );
    expect(() => createMCPPlugin(createMCPServer(), { maxBatchSize: 0 })).toThrow(/maxBatchSize/);
  });

  it('refuses a batch over maxBatchSize whole, before any message runs', async () => {
    let runs = 0;
    const server = createMCPServer().addTool({ name: 'count', description: 'Counts calls', handler: () => String(++runs) });
    const app = await appWith(server, { maxBatchSize: 2 });
    const message = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'count' } });
    const over = await post(app, [message(1), message(2), message(3)], { 'mcp-protocol-version': '2025-03-26' });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batch of 3 messages is over the limit of 2/) },
    });
    expect(runs).toBe(0);
    const within = await post(app, [message(4), message(5)], { 'mcp-protocol-version': '2025-03-26' });
    expect(within.json).toHaveLength(2);
    expect(runs).toBe(2);
  });
});

describe('pagination edges', () => {
  it('pages exactly: no nextCursor on a full last page, and refuses cursors it did not issue', async () => {
    expect(paginate([1, 2, 3, 4], undefined, 2)).toEqual({ items: [1, 2], nextCursor: expect.any(String) });
    const second = paginate([1, 2, 3, 4], paginate([1, 2, 3, 4], undefined, 2).nextCursor, 2);
    expect(second).toEqual({ items: [3, 4] });
    expect(paginate([], undefined, 2)).toEqual({ items: [] });
    for (const bad of ['', 'garbage', btoa('-1'), btoa('abc'), 12, {}]) expect(() => decodeCursor(bad as never)).toThrow();

    const server = createMCPServer(null, { pageSize: 2 });
    for (const name of ['a', 'b', 'c', 'd']) server.addTool({ name, description: name, handler: () => name });
    const link = clientLink();
    const first = (await call(server, link, 'tools/list')).result;
    expect(first.tools.map((t: { name: string }) => t.name)).toEqual(['a', 'b']);
    const last = (await call(server, link, 'tools/list', { cursor: first.nextCursor })).result;
    expect(last.tools.map((t: { name: string }) => t.name)).toEqual(['c', 'd']);
    expect(last.nextCursor).toBeUndefined();
    for (const cursor of ['not-ours', 5, { offset: 2 }])
      expect((await call(server, link, 'tools/list', { cursor })).error).toMatchObject({ code: -32602 });
    expect((await call(server, link, 'prompts/list', { cursor: 'not-ours' })).error).toMatchObject({ code: -32602 });
    expect((await call(server, link, 'resources/list', { cursor: 'not-ours' })).error).toMatchObject({ code: -32602 });
    expect((await call(server, link, 'resources/templates/list', { cursor: 'not-ours' })).error).toMatchObject({ code: -32602 });
  });
});

describe('version negotiation', () => {
  it('answers each version it speaks with that version, and anything else with the counter-offer', async () => {
    const server = createMCPServer().addTool({ name: 't', description: 'x', handler: () => 'x' });
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']) {
      const init = await call(server, clientLink({ key: '' }), 'initialize', initialize(version).params);
      expect(init.result.protocolVersion).toBe(version);
    }
    for (const version of ['2099-01-01', '2026-07-28', 'latest']) {
      const init = await call(server, clientLink({ key: '' }), 'initialize', initialize(version).params);
      expect(init.result.protocolVersion).toBe('2025-06-18');
    }
    const own = createMCPServer(null, { protocolVersion: '2025-11-25' });
    expect((await call(own, clientLink({ key: '' }), 'initialize', initialize('1999-01-01').params)).result.protocolVersion).toBe(
      '2025-11-25',
    );
  });

  it('refuses an unknown MCP-Protocol-Version header with -32022 naming the versions it speaks', async () => {
    const app = await appWith(createMCPServer().addTool({ name: 't', description: 'x', handler: () => 'x' }));
    const old = await post(app, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-protocol-version': '2024-01-01' });
    expect(old.status).toBe(400);
    expect(old.json.error).toMatchObject({ code: -32022, data: { requested: '2024-01-01' } });
    expect([...old.json.error.data.supported].sort()).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    // A 2026-era header is a 2026-07-28 request: told only the versions usable per request.
    const future = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2030-01-01' });
    expect(future.status).toBe(400);
    expect(future.json.error).toMatchObject({ code: -32022, data: { requested: '2030-01-01', supported: ['2026-07-28'] } });
    const init = await post(app, initialize('2030-01-01'), { 'mcp-protocol-version': '2030-01-01' });
    expect(init.status).toBe(200);
    expect(init.json.result.protocolVersion).toBe('2025-06-18');
  });
});

describe('server-to-client requests a client cannot take', () => {
  function asking(ask: (ctx: any) => Promise<unknown>): MCPServer {
    return createMCPServer(null, { requestTimeoutMs: 100 }).addTool({
      name: 'ask',
      description: 'Asks the client',
      handler: async (_args, ctx) => {
        try {
          return JSON.stringify(await ask(ctx));
        } catch (error) {
          return `refused: ${(error as Error).message}`;
        }
      },
    });
  }
  const text = async (server: MCPServer, link: ClientLink) =>
    (await call(server, link, 'tools/call', { name: 'ask' })).result.content[0].text as string;

  it('fail at once without the capability, naming the finer one a request needs', async () => {
    const plain = clientLink({ capabilities: { sampling: {}, elicitation: { url: {} } } });
    const roots = await text(
      asking((ctx) => ctx.listRoots()),
      plain,
    );
    const tools = await text(
      asking((ctx) => ctx.createMessage({ messages: [], maxTokens: 5, tools: [] })),
      plain,
    );
    const form = await text(
      asking((ctx) => ctx.elicit({ message: 'x', requestedSchema: { type: 'object', properties: {} } })),
      plain,
    );
    expect(roots).toBe('refused: The client did not declare the "roots" capability, so the server cannot send roots/list');
    expect(tools).toMatch(/did not declare the "sampling\.tools" capability.*sampling\/createMessage with tools/);
    expect(form).toMatch(/declared only URL-mode elicitation \("elicitation\.url"\).*form-mode elicitation\/create/);
    expect(plain.sent).toEqual([]);
  });

  it('fail at once when the link cannot carry a request, and after requestTimeoutMs when the client never answers', async () => {
    const closed = clientLink({ capabilities: { roots: {} }, canRequest: false });
    expect(
      await text(
        asking((ctx) => ctx.listRoots()),
        closed,
      ),
    ).toMatch(/^refused: No channel to send roots\/list to the client/);
    const dropped = { ...clientLink({ capabilities: { roots: {} } }), send: () => false };
    expect(
      await text(
        asking((ctx) => ctx.listRoots()),
        dropped,
      ),
    ).toBe('refused: The channel to the client closed before roots/list could be sent');
    const silent = clientLink({ capabilities: { roots: {} } });
    expect(
      await text(
        asking((ctx) => ctx.listRoots()),
        silent,
      ),
    ).toBe('refused: The client did not answer roots/list within 100 ms');
    expect(silent.sent).toHaveLength(1);
  });

  /** Starts the asking tool, waits for its request to the client, and returns that request's id and the pending answer. */
  async function askedOnce(server: MCPServer, link: ClientLink & { sent: JSONRPCMessage[] }, id: number) {
    const pending = server.handle({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'ask' } }, link) as Promise<any>;
    while (link.sent.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    return { asked: (link.sent[0] as { id: string }).id, pending };
  }

  it('fail the handler with -32000 when the answer is malformed, and ignore an answer nobody waits for', async () => {
    const server = asking((ctx) => ctx.listRoots());
    const first = clientLink({ capabilities: { roots: {} } });
    const one = await askedOnce(server, first, 501);
    expect(await server.handle({ jsonrpc: '2.0', id: 'nobody-waits', result: {} }, first)).toBeNull();
    await server.handle({ jsonrpc: '2.0', id: one.asked, result: 'not an object' } as never, first);
    expect((await one.pending).result.content[0].text).toBe('refused: The client answered with a "result" that is not an object');

    const second = clientLink({ capabilities: { roots: {} } });
    const two = await askedOnce(server, second, 502);
    await server.handle({ jsonrpc: '2.0', id: two.asked, error: { code: 'bad' } } as never, second);
    expect((await two.pending).result.content[0].text).toMatch(/malformed error \(it needs a numeric "code" and a string "message"\)/);
  });

  it('abandon the request to the client when the client cancels the call, which then gets no answer', async () => {
    let seen = '';
    const server = asking(async (ctx) => {
      try {
        return await ctx.listRoots();
      } catch (error) {
        seen = (error as Error).message;
        throw error;
      }
    });
    const link = clientLink({ capabilities: { roots: {} } });
    const { pending } = await askedOnce(server, link, 503);
    await server.handle({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 503 } }, link);
    expect(await pending).toBeNull();
    expect(seen).toBe('roots/list was abandoned: the request was cancelled');
  });
});
