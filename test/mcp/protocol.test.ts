import { describe, expect, it } from 'vitest';
import { createMCPServer } from 'fw-mcp';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, initialize, post, sseMessages } from './helpers';

const call = (id: number, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params });
const jsonOnly = { accept: 'application/json' };

describe('initialize', () => {
  it('answers with our latest version, capabilities of what is registered (no list changes or subscriptions without a channel), and instructions', async () => {
    const app = await appWith(demoServer());
    const { status, json } = await post(app, initialize('2025-06-18'));
    expect(status).toBe(200);
    expect(json.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { logging: {}, tools: {}, resources: {}, prompts: {}, completions: {} },
      serverInfo: { name: 'fw-mcp-demo', version: '1.0.0' },
      instructions: 'Demo tools: add numbers, echo text, report progress.',
    });
  });

  it('keeps the older versions it speaks and counter-offers its latest for anything else', async () => {
    const app = await appWith(demoServer());
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])
      expect((await post(app, initialize(version))).json.result.protocolVersion).toBe(version);
    expect((await post(app, initialize('1999-01-01'))).json.result.protocolVersion).toBe('2025-06-18');
  });

  it('counter-offers the configured protocolVersion', async () => {
    const app = await appWith(createMCPServer(null, { protocolVersion: '2025-03-26' }));
    expect((await post(app, initialize('2031-01-01'))).json.result.protocolVersion).toBe('2025-03-26');
    expect((await post(app, initialize('2025-06-18'))).json.result.protocolVersion).toBe('2025-06-18');
  });

  it('declares only what is registered, with default name and version', async () => {
    const app = await appWith(createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false }));
    const { json } = await post(app, initialize());
    expect(json.result.capabilities).toEqual({ logging: {} });
    expect(json.result.serverInfo).toEqual({ name: 'fw-mcp', version: '1.0.0' });
    expect(json.result.instructions).toBeUndefined();
  });

  it('rejects initialize without a protocol version with -32602', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    expect(json.error.code).toBe(-32602);
  });

  it('answers any request on a fresh instance without initialize (stateless)', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(3, 'tools/call', { name: 'add', arguments: { a: 2, b: 3 } }), jsonOnly);
    expect(json.result.structuredContent).toEqual({ sum: 5 });
  });
});

describe('JSON-RPC errors', () => {
  it('-32700 with 400 for a body that is not JSON', async () => {
    const app = await appWith(demoServer());
    const { status, json } = await post(app, '{"jsonrpc": "2.0", "id": 1, ');
    expect(status).toBe(400);
    expect(json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') } });
  });

  it('-32600 for messages that are not JSON-RPC 2.0', async () => {
    const app = await appWith(demoServer());
    expect((await post(app, { id: 1, method: 'ping' })).json.error.code).toBe(-32600);
    expect((await post(app, { jsonrpc: '2.0', id: 1, method: 42 })).json.error.code).toBe(-32600);
    expect((await post(app, { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] })).json.error.code).toBe(-32600);
    expect((await post(app, { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' })).json.error.code).toBe(-32600);
    expect((await post(app, 42)).json.error.code).toBe(-32600);
    expect((await post(app, [])).status).toBe(400);
  });

  it('-32601 for an unknown method', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'tools/destroy'));
    expect(json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: tools/destroy' } });
  });

  it('-32602 for an unknown tool, prompt, bad log level, bad cursor and missing prompt argument', async () => {
    const app = await appWith(demoServer());
    const codes = await Promise.all([
      post(app, call(1, 'tools/call', { name: 'nope' })),
      post(app, call(2, 'tools/call', {})),
      post(app, call(3, 'prompts/get', { name: 'nope' })),
      post(app, call(4, 'logging/setLevel', { level: 'verbose' })),
      post(app, call(5, 'tools/list', { cursor: 'garbage!' })),
      post(app, call(6, 'tools/list', { cursor: 42 })),
      post(app, call(7, 'prompts/get', { name: 'greet', arguments: {} })),
      post(app, call(8, 'prompts/get', { name: 'greet', arguments: { name: 5 } })),
      post(app, call(9, 'completion/complete', { ref: { type: 'ref/other' }, argument: { name: 'x', value: '' } })),
      post(app, call(10, 'tools/call', { name: 'add', arguments: 'a=1' })),
    ]);
    for (const { json } of codes) expect(json.error.code).toBe(-32602);
    expect(codes[6].json.error.message).toBe('Missing required argument for prompt "greet": name');
  });

  it('answers tool arguments that fail the input schema with an isError result naming the path (SEP-1303); the handler never runs', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'tools/call', { name: 'add', arguments: { a: 'one', b: 2 } }), jsonOnly);
    expect(json.result).toEqual({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('Invalid arguments for tool "add": /a: ') }],
    });
    const missing = await post(app, call(2, 'tools/call', { name: 'add', arguments: { a: 1 } }), jsonOnly);
    expect(missing.json.result.isError).toBe(true);
    expect(missing.json.result.content[0].text).toContain('b');
  });

  it('-32002 for an unknown resource', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'resources/read', { uri: 'demo://nothing' }));
    expect(json.error).toMatchObject({ code: -32002, data: { uri: 'demo://nothing' } });
  });

  it('checks structured output against outputSchema (-32603 when it does not match)', async () => {
    const server = createMCPServer().addTool({
      name: 'bad_output',
      description: 'returns the wrong shape',
      outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      handler: () => ({ n: 'not a number' }),
    });
    const app = await appWith(server);
    const { json } = await post(app, call(1, 'tools/call', { name: 'bad_output' }), jsonOnly);
    expect(json.error.code).toBe(-32603);
    expect(json.error.message).toContain('/n');
  });

  it('reports a failing tool as isError, not as a protocol error', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'tools/call', { name: 'fail' }), jsonOnly);
    expect(json.result).toEqual({ content: [{ type: 'text', text: 'this tool always fails' }], isError: true });
  });
});

describe('HTTP rules of streamable HTTP', () => {
  it('answers ping with {} and notifications and responses with 202 and no body', async () => {
    const app = await appWith(demoServer());
    expect((await post(app, call(1, 'ping'))).json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const note = await post(app, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(note.text).toBe('');
    const reply = await post(app, { jsonrpc: '2.0', id: 'nobody-waits', result: {} });
    expect(reply.status).toBe(202);
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400 and accepts a missing one', async () => {
    const app = await appWith(demoServer());
    const bad = await post(app, call(1, 'ping'), { 'mcp-protocol-version': '2030-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('2030-01-01');
    expect((await post(app, call(1, 'ping'), { 'mcp-protocol-version': '2025-06-18' })).status).toBe(200);
  });

  it('answers GET and DELETE with 405 when stateless', async () => {
    const app = await appWith(demoServer());
    expect((await app.request('/mcp', { headers: { accept: 'text/event-stream' } })).status).toBe(405);
    expect((await app.request('/mcp', { method: 'DELETE' })).status).toBe(405);
  });

  it('accepts a batch (older versions) and answers in order', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(
      app,
      [call(1, 'ping'), { jsonrpc: '2.0', method: 'notifications/initialized' }, call(2, 'tools/list')],
      jsonOnly,
    );
    expect(json.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    expect(json[1].result.tools).toHaveLength(7);
  });

  it('switches to SSE when the handler notifies: progress and logs first, the answer last', async () => {
    const app = await appWith(demoServer());
    const response = await post(app, call(7, 'tools/call', { name: 'count', arguments: { steps: 3 }, _meta: { progressToken: 'p1' } }));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const messages = sseMessages(response.text);
    const progress = messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params.progress);
    expect(progress).toEqual([1, 2, 3]);
    expect(messages.filter((m) => m.method === 'notifications/message')).toHaveLength(3);
    expect(messages.at(-1)).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'counted to 3' }] } });
  });

  it('stays plain JSON for a client that accepts only JSON (notifications are dropped, not queued)', async () => {
    const app = await appWith(demoServer());
    const { headers, json } = await post(
      app,
      call(7, 'tools/call', { name: 'count', arguments: { steps: 2 }, _meta: { progressToken: 'p' } }),
      jsonOnly,
    );
    expect(headers.get('content-type')).toBe('application/json');
    expect(json.result.content[0].text).toBe('counted to 2');
  });

  it('fails a sampling request at once when the answer goes out as plain JSON (no channel)', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'tools/call', { name: 'ask_model', arguments: { question: 'hi' } }), jsonOnly);
    expect(json.error.code).toBe(-32000);
    expect(json.error.message).toContain('No channel to send sampling/createMessage');
  });

  it('streams async-iterable tool content block by block, then the full result', async () => {
    const app = await appWith(demoServer());
    const { text } = await post(app, call(2, 'tools/call', { name: 'stream_words', _meta: { progressToken: 9 } }));
    const messages = sseMessages(text);
    expect(messages.filter((m) => m.method === 'notifications/content').map((m) => m.params.content.text)).toEqual(['one', 'two', 'three']);
    expect(messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params.message)).toEqual(['one', 'two', 'three']);
    expect(messages.at(-1).result.content.map((b: { text: string }) => b.text)).toEqual(['one', 'two', 'three']);
  });
});

describe('resources, templates, prompts, completion', () => {
  it('reads text, binary and templated resources', async () => {
    const app = await appWith(demoServer());
    expect((await post(app, call(1, 'resources/read', { uri: 'demo://readme' }))).json.result.contents).toEqual([
      { uri: 'demo://readme', mimeType: 'text/markdown', text: '# Demo\nA demo resource.' },
    ]);
    expect((await post(app, call(2, 'resources/read', { uri: 'demo://logo' }))).json.result.contents[0]).toEqual({
      uri: 'demo://logo',
      mimeType: 'image/png',
      blob: 'iVBORw==',
    });
    expect((await post(app, call(3, 'resources/read', { uri: 'demo://users/42' }))).json.result.contents[0].text).toBe(
      '{"id":"42","name":"user 42"}',
    );
    expect((await post(app, call(4, 'resources/templates/list'))).json.result.resourceTemplates).toEqual([
      { uriTemplate: 'demo://users/{id}', name: 'user', mimeType: 'application/json' },
    ]);
  });

  it('completes prompt arguments and template variables (at most 100 values)', async () => {
    const many = createMCPServer().addPrompt({
      name: 'p',
      arguments: [{ name: 'x' }],
      complete: { x: () => Array.from({ length: 150 }, (_, i) => `v${i}`) },
      handler: () => 'p',
    });
    const app = await appWith(demoServer());
    const lang = await post(
      app,
      call(1, 'completion/complete', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'language', value: 'f' } }),
    );
    expect(lang.json.result.completion).toEqual({ values: ['french', 'finnish'], total: 2, hasMore: false });
    const id = await post(
      app,
      call(2, 'completion/complete', { ref: { type: 'ref/resource', uri: 'demo://users/{id}' }, argument: { name: 'id', value: '1' } }),
    );
    expect(id.json.result.completion.values).toEqual(['1', '10', '11']);
    const capped = await post(
      await appWith(many),
      call(3, 'completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'x', value: '' } }),
    );
    expect(capped.json.result.completion).toMatchObject({ total: 150, hasMore: true });
    expect(capped.json.result.completion.values).toHaveLength(100);
  });

  it('renders a prompt with its arguments', async () => {
    const app = await appWith(demoServer());
    const { json } = await post(app, call(1, 'prompts/get', { name: 'greet', arguments: { name: 'Ada', language: 'french' } }));
    expect(json.result).toEqual({
      description: 'Greets someone in a language',
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to Ada in french.' } }],
    });
  });

  it('serves docs as docs://<slug> resources', async () => {
    const server = createMCPServer(null, { docs: { 'guide/Getting Started.md': '# Getting started\nInstall it.' } });
    const app = await appWith(server);
    const list = await post(app, call(1, 'resources/list'));
    expect(list.json.result.resources).toEqual([
      { uri: 'docs://guide-getting-started', name: 'guide-getting-started', title: 'Getting started', mimeType: 'text/markdown' },
    ]);
    const read = await post(app, call(2, 'resources/read', { uri: 'docs://guide-getting-started' }));
    expect(read.json.result.contents[0].text).toBe('# Getting started\nInstall it.');
  });
});
