/**
 * Capabilities both ways (issue #18): the server announces list changes and subscriptions only where it can deliver
 * them (stateless: no; a session with a GET stream on Node: yes; Lambda and workers: no GET stream, so no), and
 * refuses at once a URL-mode elicitation or a sampling request with tools the client did not declare
 * (`elicitation.url`, `sampling.tools`), in sessions (across instances), over stdio, and not when unknown (stateless).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV } from 'fw';
import { lambda } from 'fw/lambda';
import { createMCPServer, StdioTransport, type MCPServer } from 'fw-mcp';
import { lambdaContext } from '../fixtures/lambda/context';
import { appWith, connectHTTP, listen, post } from './helpers';
import { messages, rawPost, until } from './wire';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** A server with a tool, a resource and a prompt, and tools that need the finer client capabilities. */
function server(): MCPServer {
  return createMCPServer(null, { name: 'caps', exposeRoutes: false, builtinTools: false, builtinPrompts: false })
    .addTool({
      name: 'connect_account',
      description: 'Sends the user to a URL (URL-mode elicitation)',
      handler: async (_args, ctx) =>
        (await ctx.elicit({ mode: 'url', message: 'Connect your account', elicitationId: 'e-1', url: 'https://example.com/connect' }))
          .action,
    })
    .addTool({
      name: 'ask_form',
      description: 'Asks a form question',
      handler: async (_args, ctx) =>
        (await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } })).action,
    })
    .addTool({
      name: 'plan_with_tools',
      description: 'Samples with tools',
      handler: async (_args, ctx) => {
        const answer = await ctx.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'plan' } }],
          maxTokens: 10,
          tools: [{ name: 'search', inputSchema: { type: 'object' } }],
          toolChoice: { mode: 'auto' },
        });
        return `model: ${answer.content?.text}`;
      },
    })
    .addResource({ uri: 'caps://status', name: 'status', text: 'ok' })
    .addPrompt({ name: 'hello', handler: () => 'hello' });
}

const init = (capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1' } },
});
const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
const pushed = { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true } };
const silent = { tools: {}, resources: {}, prompts: {} };

describe('what the server announces', () => {
  it('stateless HTTP: no listChanged and no resources.subscribe (no channel to push on)', async () => {
    const { json } = await post(await appWith(server()), init(), { accept: 'application/json' });
    expect(json.result.capabilities).toEqual({ logging: {}, completions: {}, ...silent });
  });

  it('sessions on Node: listChanged and subscribe, and the GET stream really carries a list change', async () => {
    const mcp = server();
    const http = await listen(await appWith(mcp, { sessions: { store: new MemoryKV() } }));
    stops.push(() => http.stop());
    const client = await connectHTTP(`${http.url}/mcp`);
    stops.push(() => client.close());
    expect(client.getServerCapabilities()).toMatchObject(pushed);
    const heard = new Promise((resolve) => client.setNotificationHandler(ToolListChangedNotificationSchema, resolve));
    await until(() => mcp.sendNotification('notifications/message', { level: 'info', data: 'GET stream open' }) > 0); // the SDK opens its GET stream after connecting
    mcp.addTool({ name: 'late', description: 'Added later', handler: () => 'late' });
    expect(await heard).toMatchObject({ method: 'notifications/tools/list_changed' });
  });

  it('sessions on Lambda: no GET stream there, so neither listChanged nor subscribe', async () => {
    const handler = lambda(await appWith(server(), { sessions: { secret: 'capabilities-test-secret-01' } }));
    const template = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/lambda/apigw-v2.json', import.meta.url)), 'utf8'));
    const body = JSON.stringify(init());
    const event = {
      ...template,
      rawPath: '/mcp',
      rawQueryString: '',
      cookies: [],
      queryStringParameters: {},
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        host: template.headers.host,
        'content-length': String(body.length),
      },
      requestContext: { ...template.requestContext, http: { ...template.requestContext.http, method: 'POST', path: '/mcp' } },
      body,
    };
    const result = (await handler(event, lambdaContext())) as { headers: Record<string, string>; body: string };
    expect(result.headers['mcp-session-id']).toBeTruthy();
    expect(JSON.parse(result.body).result.capabilities).toMatchObject(silent);
  });

  it('stdio: the connection is the channel, so listChanged and subscribe', async () => {
    const lines = await stdio(server(), [init()], 1);
    expect(lines[0].result.capabilities).toMatchObject(pushed);
  });
});

/** Runs `messages` through a stdio transport and returns the first `count` output lines. */
async function stdio(mcp: MCPServer, input: unknown[], count: number, answer?: (line: any) => unknown): Promise<any[]> {
  const stream = new TransformStream<Uint8Array, Uint8Array>();
  const writer = stream.writable.getWriter();
  const lines: any[] = [];
  const write = (message: unknown) => writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
  const done = mcp.start(
    new StdioTransport({
      input: stream.readable,
      output: {
        write: (text: string) => {
          const line = JSON.parse(text);
          lines.push(line);
          const reply = answer?.(line);
          if (reply !== undefined) void write(reply);
        },
      },
    }),
  );
  for (const message of input) await write(message);
  await until(() => lines.length >= count);
  await writer.close();
  await done;
  return lines;
}

describe('server-to-client requests the client did not declare are refused at once', () => {
  it('sessions (signed, read on a second instance): URL elicitation without elicitation.url, sampling with tools without sampling.tools', async () => {
    const secret = 'capabilities-test-secret-02';
    const first = await appWith(server(), { sessions: { secret } });
    const second = await appWith(server(), { sessions: { secret } });
    const id = (await post(first, init({ elicitation: {}, sampling: {} }))).headers.get('mcp-session-id')!;
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const url = (await post(second, call(1, 'connect_account'), headers)).json;
    expect(url.error).toEqual({
      code: -32000,
      message: 'The client did not declare the "elicitation.url" capability, so the server cannot send a URL-mode elicitation/create',
    });
    const tools = (await post(second, call(2, 'plan_with_tools'), headers)).json;
    expect(tools.error).toEqual({
      code: -32000,
      message: 'The client did not declare the "sampling.tools" capability, so the server cannot send sampling/createMessage with tools',
    });

    const urlOnly = (await post(first, init({ elicitation: { url: {} } }))).headers.get('mcp-session-id')!;
    const form = (await post(second, call(3, 'ask_form'), { 'mcp-session-id': urlOnly })).json;
    expect(form.error.message).toContain('declared only URL-mode elicitation');
  });

  it('sends them to an SDK client that declared elicitation.url and sampling.tools (session)', async () => {
    const http = await listen(await appWith(server(), { sessions: { store: new MemoryKV() } }));
    stops.push(() => http.stop());
    const client = new Client(
      { name: 'capable', version: '1' },
      { capabilities: { elicitation: { form: {}, url: {} }, sampling: { tools: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => ({ action: request.params.mode === 'url' ? 'accept' : 'decline' }));
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      model: 'm',
      content: { type: 'text', text: `${request.params.tools?.length} tool(s)` },
    }));
    await client.connect(new StreamableHTTPClientTransport(new URL(`${http.url}/mcp`)));
    stops.push(() => client.close());
    expect((await client.callTool({ name: 'connect_account', arguments: {} })).content).toEqual([{ type: 'text', text: 'accept' }]);
    expect((await client.callTool({ name: 'plan_with_tools', arguments: {} })).content).toEqual([
      { type: 'text', text: 'model: 1 tool(s)' },
    ]);
  });

  it('stdio: refused for a client that declared plain sampling only', async () => {
    const lines = await stdio(server(), [init({ sampling: {} }), call(1, 'plan_with_tools'), call(2, 'connect_account')], 3);
    expect(lines.find((l) => l.id === 1).error.message).toContain('"sampling.tools"');
    expect(lines.find((l) => l.id === 2).error.message).toContain('"elicitation.url"');
  });

  it('stateless: capabilities are unknown, so the request goes out and the client decides', async () => {
    const http = await listen(await appWith(server()));
    stops.push(() => http.stop());
    const stream = messages(await rawPost(`${http.url}/mcp`, call(1, 'connect_account')));
    const asked = await stream.next();
    expect(asked).toMatchObject({ method: 'elicitation/create', params: { mode: 'url', url: 'https://example.com/connect' } });
    await rawPost(`${http.url}/mcp`, { jsonrpc: '2.0', id: asked.id, result: { action: 'decline' } });
    expect(await stream.next()).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'decline' }] } });
  });
});
