/**
 * Isolation between clients (issue #18): a server-to-client request is answered only by the client that was asked
 * (its session; without one, only the reader of the asking stream knows the random id); cancellation, progress tokens
 * and log levels stay with their client; a cancelled request gets no response. Two SDK clients and raw HTTP on a real
 * fw/node server, stdio in process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV } from 'fw';
import { createMCPServer, StdioTransport, type MCPHTTPOptions, type MCPServer, type RequestId } from 'fw-mcp';
import { appWith, connectHTTP, listen } from './helpers';
import { messages, rawPost, until, UUID } from './wire';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** A server with the tools the attacks need; `started` and `aborted` collect the ids of `wait` calls. */
function isolationServer() {
  const started: RequestId[] = [];
  const aborted: RequestId[] = [];
  const server = createMCPServer(null, { name: 'isolation', exposeRoutes: false, builtinTools: false, builtinPrompts: false });
  server
    .addTool({
      name: 'ask_name',
      description: 'Elicits a name',
      handler: async (_args, ctx) => {
        const answer = await ctx.elicit({
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        });
        return { action: answer.action, name: answer.content?.name ?? null };
      },
    })
    .addTool<{ ms?: number }>({
      name: 'wait',
      description: 'Waits `ms` (default 400) unless cancelled',
      inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
      handler: ({ ms = 400 }, ctx) =>
        new Promise((resolve) => {
          started.push(ctx.requestId);
          const timer = setTimeout(() => resolve('finished'), ms);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            aborted.push(ctx.requestId);
            resolve('aborted');
          });
        }),
    })
    .addTool({
      name: 'chatty',
      description: 'Logs at info',
      handler: (_args, ctx) => {
        ctx.log('info', 'hello');
        return 'done';
      },
    });
  return { server, started, aborted };
}

async function serve(server: MCPServer, options: MCPHTTPOptions = {}): Promise<string> {
  const http = await listen(await appWith(server, options));
  stops.push(() => http.stop());
  return `${http.url}/mcp`;
}

const call = (id: RequestId, name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: meta === undefined ? { name, arguments: args } : { name, arguments: args, _meta: meta },
});
const cancel = (requestId: RequestId) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'stop' } });
const jsonOnly = { accept: 'application/json' };

describe('server-to-client requests are answered only by the client that was asked', () => {
  it('ignores an elicitation answer injected by another session, even one that learnt the id (two SDK clients)', async () => {
    const { server } = isolationServer();
    const url = await serve(server, { sessions: { store: new MemoryKV() } });
    const alice = await connectHTTP(url);
    const mallory = await connectHTTP(url);
    stops.push(
      () => alice.close(),
      () => mallory.close(),
    );
    let askedId: RequestId | undefined;
    let release!: () => void;
    alice.setRequestHandler(ElicitRequestSchema, async (_request, extra) => {
      askedId = extra.requestId;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { action: 'accept', content: { name: 'alice' } };
    });
    const result = alice.callTool({ name: 'ask_name', arguments: {} });
    await until(() => askedId !== undefined);
    expect(String(askedId)).toMatch(UUID);

    const malloryId = (mallory.transport as StreamableHTTPClientTransport).sessionId!;
    const injected = await rawPost(
      url,
      { jsonrpc: '2.0', id: askedId, result: { action: 'accept', content: { name: 'injected' } } },
      { 'mcp-session-id': malloryId, 'mcp-protocol-version': '2025-06-18' },
    );
    expect(injected.status).toBe(202);
    release();
    expect((await result).structuredContent).toEqual({ action: 'accept', name: 'alice' });
  });

  it('sends stateless requests with random ids that a raw client answers on a new POST; a wrong id is ignored', async () => {
    const { server } = isolationServer();
    const url = await serve(server);
    const ids: string[] = [];
    for (const name of ['ada', 'grace']) {
      const stream = messages(await rawPost(url, call(1, 'ask_name')));
      const asked = await stream.next();
      expect(asked).toMatchObject({ method: 'elicitation/create', params: { message: 'Your name?' } });
      ids.push(asked.id);
      const wrong = await rawPost(url, {
        jsonrpc: '2.0',
        id: `${asked.id.slice(0, -1)}${asked.id.endsWith('0') ? '1' : '0'}`,
        result: { action: 'accept', content: { name: 'guess' } },
      });
      expect(wrong.status).toBe(202);
      expect((await rawPost(url, { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name } } })).status).toBe(202);
      expect(await stream.next()).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: expect.objectContaining({ structuredContent: { action: 'accept', name } }),
      });
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('fails the handler with a clear error (no crash, no hang) when the client answers with a malformed result or error', async () => {
    const { server } = isolationServer();
    const url = await serve(server);
    for (const [answer, message] of [
      [{ result: 'yes' }, 'a "result" that is not an object'],
      [{ error: null }, 'malformed error'],
      [{ error: { code: 'x', message: 1 } }, 'malformed error'],
    ] as const) {
      const stream = messages(await rawPost(url, call(2, 'ask_name')));
      const asked = await stream.next();
      expect((await rawPost(url, { jsonrpc: '2.0', id: asked.id, ...answer })).status).toBe(202);
      const final = await stream.next();
      expect(final).toMatchObject({ id: 2, error: { code: -32000 } });
      expect(final.error.message).toContain(message);
    }
  });
});

describe("cancellation reaches only the client's own request, and a cancelled request gets no response", () => {
  it("stateless: another caller's notifications/cancelled (another credential) does not abort a request with the same id", async () => {
    const { server, started, aborted } = isolationServer();
    const url = await serve(server);
    const victim = rawPost(url, call(1, 'wait', { ms: 300 }), { ...jsonOnly, authorization: 'Bearer alice' });
    await until(() => started.length === 1);
    expect((await rawPost(url, cancel(1), { authorization: 'Bearer mallory' })).status).toBe(202);
    expect((await rawPost(url, cancel(1))).status).toBe(202);
    const answer = await (await victim).json();
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'finished' }] } });
    expect(aborted).toEqual([]);
  });

  it("stateless: the same caller's notifications/cancelled on another POST aborts the request, which gets no response", async () => {
    const { server, started, aborted } = isolationServer();
    const url = await serve(server);
    const victim = rawPost(url, call(1, 'wait', { ms: 5000 }), { ...jsonOnly, authorization: 'Bearer alice' });
    await until(() => started.length === 1);
    expect((await rawPost(url, cancel(1), { authorization: 'Bearer alice' })).status).toBe(202);
    const answer = await victim;
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('');
    expect(aborted).toEqual([1]);
  });

  it('stateless: a cancellation in the same POST (a batch, 2025-03-26) aborts the request, which gets no response', async () => {
    const { server, aborted } = isolationServer();
    const url = await serve(server);
    const response = await rawPost(url, [call(1, 'wait', { ms: 5000 }), cancel(1), { jsonrpc: '2.0', id: 2, method: 'ping' }], {
      ...jsonOnly,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(await response.json()).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    expect(aborted).toEqual([1]);
  });

  it('sessions: another session cannot cancel; the own session can, and the cancelled POST carries no response', async () => {
    const { server, started, aborted } = isolationServer();
    const url = await serve(server, { sessions: { store: new MemoryKV() } });
    const session = async () =>
      (
        await rawPost(url, {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        })
      ).headers.get('mcp-session-id')!;
    const [mine, theirs] = [await session(), await session()];
    const victim = rawPost(url, call(7, 'wait', { ms: 5000 }), { ...jsonOnly, 'mcp-session-id': mine });
    await until(() => started.length === 1);
    await rawPost(url, cancel(7), { 'mcp-session-id': theirs });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(aborted).toEqual([]);
    await rawPost(url, cancel(7), { 'mcp-session-id': mine });
    const answer = await victim;
    expect(aborted).toEqual([7]);
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('');
  });

  it("sessions: the SDK client's abort cancels its running call (notifications/cancelled aborts the handler signal)", async () => {
    const { server, started, aborted } = isolationServer();
    const client = await connectHTTP(await serve(server, { sessions: { secret: 'isolation-test-secret-0123' } }));
    stops.push(() => client.close());
    const controller = new AbortController();
    const pending = client.callTool({ name: 'wait', arguments: { ms: 5000 } }, CallToolResultSchema, { signal: controller.signal });
    await until(() => started.length === 1);
    controller.abort('changed my mind');
    await expect(pending).rejects.toThrow();
    await until(() => aborted.length === 1);
    expect((await client.callTool({ name: 'chatty', arguments: {} })).content).toEqual([{ type: 'text', text: 'done' }]);
  });

  it('stdio: a cancelled request gets no line at all', async () => {
    const { server, started, aborted } = isolationServer();
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const writer = input.writable.getWriter();
    const lines: string[] = [];
    const done = server.start(new StdioTransport({ input: input.readable, output: { write: (line: string) => lines.push(line) } }));
    const send = (message: unknown) => writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
    await send(call(3, 'wait', { ms: 5000 }));
    await until(() => started.length === 1);
    await send(cancel(3));
    await send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    await until(() => lines.length === 1 && aborted.length === 1);
    await writer.close();
    await done;
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ jsonrpc: '2.0', id: 4, result: {} }]);
  });
});

describe('progress tokens and log levels stay with their client', () => {
  it("server.notifyProgress refuses a token two clients use at once instead of handing one client's progress to the other", async () => {
    const { server, started } = isolationServer();
    const url = await serve(server);
    const first = rawPost(url, call(1, 'wait', { ms: 1500 }, { progressToken: 'shared' }));
    await until(() => started.length === 1);
    const second = rawPost(url, call(1, 'wait', { ms: 300 }, { progressToken: 'shared' }));
    await until(() => started.length === 2);
    expect(server.notifyProgress('shared', 1)).toBe(false);
    expect(await messages(await second).rest()).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'finished' }] } },
    ]);
    expect(server.notifyProgress('shared', 2, 10, 'half')).toBe(true);
    expect(await messages(await first).rest()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'shared', progress: 2, total: 10, message: 'half' } },
      { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'finished' }] } },
    ]);
  });

  it("stateless: one client's logging/setLevel emergency does not silence another; a level travels with its request", async () => {
    const { server } = isolationServer();
    const url = await serve(server);
    expect(
      await (await rawPost(url, { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'emergency' } })).json(),
    ).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(await messages(await rawPost(url, call(2, 'chatty'))).rest()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hello' } },
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
    const quiet = await rawPost(url, call(3, 'chatty', {}, { 'io.modelcontextprotocol/logLevel': 'warning' }));
    expect(await messages(quiet).rest()).toEqual([{ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'done' }] } }]);
    const batch = await rawPost(
      url,
      [{ jsonrpc: '2.0', id: 4, method: 'logging/setLevel', params: { level: 'error' } }, call(5, 'chatty')],
      { 'mcp-protocol-version': '2025-03-26' },
    );
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 4, result: {} },
      { jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
  });

  it('refuses a request whose _meta is not an object or carries an unknown log level, with -32602', async () => {
    const { server } = isolationServer();
    const url = await serve(server);
    const badLevel = await (await rawPost(url, call(1, 'chatty', {}, { 'io.modelcontextprotocol/logLevel': 'loud' }), jsonOnly)).json();
    expect(badLevel.error).toEqual({ code: -32602, message: expect.stringContaining('"loud"') });
    const badMeta = await (
      await rawPost(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'chatty', _meta: 5 } }, jsonOnly)
    ).json();
    expect(badMeta.error).toEqual({ code: -32602, message: 'Invalid "_meta": expected an object' });
  });

  it('sessions: a level set by one session applies to its own requests only', async () => {
    const { server } = isolationServer();
    const url = await serve(server, { sessions: { store: new MemoryKV() } });
    const quiet = await connectHTTP(url);
    const loud = await connectHTTP(url);
    stops.push(
      () => quiet.close(),
      () => loud.close(),
    );
    const heard: string[] = [];
    loud.fallbackNotificationHandler = async (n) => {
      if (n.method === 'notifications/message') heard.push(String(n.params?.data));
    };
    await quiet.setLoggingLevel('emergency');
    await loud.callTool({ name: 'chatty', arguments: {} });
    expect(heard).toEqual(['hello']);
  });
});
