/**
 * 2025-11-25 task-augmented tools/call driven through the server's own entry (`server.handle`) on an in-process
 * client link: status changes and their notifications, input_required while the task waits on the client, results
 * and errors as `tasks/result` gives them back, cancellation, paging of `tasks/list`, and the refusals of bad input.
 */
import { describe, expect, it } from 'vitest';
import { MemoryKV } from 'fw';
import { createMCPServer, RpcError, type ClientLink, type JSONRPCMessage, type MCPServer } from 'fw-mcp';
import { tasksExtension } from 'fw-mcp/tasks';
import { newPeer } from '../../mcp/src/peer';

/** A client link that keeps what the server sends; `key` is its session (empty: a sessionless client). */
function clientLink(key: string, capabilities: Record<string, unknown> = {}): ClientLink & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    peer: newPeer(key, '2025-11-25', capabilities),
    canRequest: true,
    sent,
    send: (message) => {
      sent.push(message);
      return true;
    },
  };
}

let nextId = 1;
/** Sends one request through the server and returns its answer. */
async function call(server: MCPServer, link: ClientLink, method: string, params?: Record<string, unknown>) {
  const answer = await server.handle({ jsonrpc: '2.0', id: nextId++, method, params }, link);
  return answer as { result?: any; error?: { code: number; message: string; data?: unknown } };
}

/** Waits until `check` holds, polling every 5 ms (at most 2 s). */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The statuses announced for a task, in order. */
function statuses(link: { sent: JSONRPCMessage[] }, taskId: string): string[] {
  return (link.sent as { method?: string; params?: { taskId?: string; status?: string } }[])
    .filter((m) => m.method === 'notifications/tasks/status' && m.params?.taskId === taskId)
    .map((m) => m.params?.status ?? '');
}

/** A server with task tools that answer, ask the client, wait, report an error, throw, or return what JSON cannot store. */
function taskServer(): MCPServer {
  const server = createMCPServer(null, {
    name: 'tasks',
    tasks: { store: new MemoryKV(), pollIntervalMs: 20 },
    extensions: [tasksExtension],
  });
  server.addTool({ name: 'quick', description: 'Answers at once', execution: { taskSupport: 'optional' }, handler: () => ({ ok: 1 }) });
  server.addTool({
    name: 'ask',
    description: 'Asks the user, then answers',
    execution: { taskSupport: 'required' },
    handler: async (_args, ctx) => {
      const answer = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: {} } });
      return `hello ${(answer.content as { name?: string } | undefined)?.name}`;
    },
  });
  server.addTool({
    name: 'slow',
    description: 'Waits until cancelled',
    execution: { taskSupport: 'optional' },
    handler: (_args, ctx) => new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve('stopped'))),
  });
  server.addTool({
    name: 'refuses',
    description: 'Reports a tool error',
    execution: { taskSupport: 'optional' },
    handler: () => ({ content: [{ type: 'text', text: 'no stock' }], isError: true }),
  });
  server.addTool({
    name: 'throws',
    description: 'Throws',
    execution: { taskSupport: 'optional' },
    handler: () => {
      throw new TypeError('broken');
    },
  });
  server.addTool({
    name: 'bigint',
    description: 'Returns a BigInt',
    execution: { taskSupport: 'optional' },
    handler: () => ({ content: [{ type: 'text', text: 'x', _meta: { n: 1n } }] }) as never,
  });
  server.addTool({
    name: 'rpc',
    description: 'Fails the request itself',
    execution: { taskSupport: 'optional' },
    handler: () => {
      throw new RpcError(-32010, 'quota reached', { retryAfter: 60 });
    },
  });
  server.addTool({ name: 'plain', description: 'Takes no tasks', handler: () => 'plain' });
  return server;
}

describe('2025-11-25 tasks over a client link', () => {
  it('creates a task, reports working then completed, and tasks/result answers what the call would have', async () => {
    const server = taskServer();
    const link = clientLink('session-a');
    const created = await call(server, link, 'tools/call', { name: 'quick', arguments: {}, task: { ttl: 60_000 } });
    const task = created.result.task;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 20 });
    expect(task.taskId).toMatch(/^[0-9a-f-]{36}$/);
    const result = await call(server, link, 'tasks/result', { taskId: task.taskId });
    expect(result.result).toEqual({
      content: [{ type: 'text', text: '{"ok":1}' }],
      structuredContent: { ok: 1 },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
    });
    expect((await call(server, link, 'tasks/get', { taskId: task.taskId })).result.status).toBe('completed');
    expect(statuses(link, task.taskId)).toEqual(['completed']);
  });

  it('is input_required while it waits on the client, and the request it sends names its task', async () => {
    const server = taskServer();
    const link = clientLink('session-b', { elicitation: {} });
    const { taskId } = (await call(server, link, 'tools/call', { name: 'ask', arguments: {}, task: {} })).result.task;
    await until(() => link.sent.some((m) => 'method' in m && m.method === 'elicitation/create'));
    const ask = link.sent.find((m) => 'method' in m && m.method === 'elicitation/create') as any;
    expect(ask.params._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId });
    await until(() => statuses(link, taskId).includes('input_required'));
    expect((await call(server, link, 'tasks/get', { taskId })).result.status).toBe('input_required');
    await server.handle({ jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { name: 'Ada' } } }, link);
    const result = await call(server, link, 'tasks/result', { taskId });
    expect(result.result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    expect(statuses(link, taskId)).toEqual(['input_required', 'working', 'completed']);
  });

  it('fails with the tool error text, a thrown error, an RpcError, or a result JSON cannot store', async () => {
    const server = taskServer();
    const link = clientLink('session-c');
    const refused = (await call(server, link, 'tools/call', { name: 'refuses', arguments: {}, task: {} })).result.task.taskId;
    expect((await call(server, link, 'tasks/result', { taskId: refused })).result.isError).toBe(true);
    expect((await call(server, link, 'tasks/get', { taskId: refused })).result).toMatchObject({
      status: 'failed',
      statusMessage: 'no stock',
    });

    const thrown = (await call(server, link, 'tools/call', { name: 'throws', arguments: {}, task: {} })).result.task.taskId;
    // A handler's throw is the tool's own failure (isError), so the task failed with its message.
    expect((await call(server, link, 'tasks/result', { taskId: thrown })).result).toMatchObject({
      content: [{ type: 'text', text: 'broken' }],
      isError: true,
    });
    expect((await call(server, link, 'tasks/get', { taskId: thrown })).result).toMatchObject({ status: 'failed', statusMessage: 'broken' });

    const rpc = (await call(server, link, 'tools/call', { name: 'rpc', arguments: {}, task: {} })).result.task.taskId;
    expect((await call(server, link, 'tasks/result', { taskId: rpc })).error).toEqual({
      code: -32010,
      message: 'quota reached',
      data: { retryAfter: 60 },
    });
    expect((await call(server, link, 'tasks/get', { taskId: rpc })).result).toMatchObject({
      status: 'failed',
      statusMessage: 'quota reached',
    });

    const big = (await call(server, link, 'tools/call', { name: 'bigint', arguments: {}, task: {} })).result.task.taskId;
    const bigResult = await call(server, link, 'tasks/result', { taskId: big });
    expect(bigResult.error).toMatchObject({ code: -32603, message: expect.stringMatching(/cannot be stored as JSON/) });
    expect((await call(server, link, 'tasks/get', { taskId: big })).result.status).toBe('failed');
  });

  it('cancels a running task (its handler sees the abort), then refuses to cancel it again', async () => {
    const server = taskServer();
    const link = clientLink('session-d');
    const { taskId } = (await call(server, link, 'tools/call', { name: 'slow', arguments: {}, task: {} })).result.task;
    const cancelled = await call(server, link, 'tasks/cancel', { taskId });
    expect(cancelled.result).toMatchObject({ taskId, status: 'cancelled', statusMessage: 'The task was cancelled by request.' });
    const result = await call(server, link, 'tasks/result', { taskId });
    expect(result.error).toMatchObject({ code: -32000 });
    expect(result.error!.message).toMatch(/cancelled before it produced a result/);
    const again = await call(server, link, 'tasks/cancel', { taskId });
    expect(again.error).toMatchObject({ code: -32602 });
    expect(again.error!.message).toMatch(/terminal status 'cancelled'/);
    expect((await call(server, link, 'tasks/get', { taskId })).result.status).toBe('cancelled');
  });

  it('stops a task whose record another instance cancelled, at its next poll', async () => {
    const store = new MemoryKV();
    const running = createMCPServer(null, { tasks: { store, pollIntervalMs: 20 }, extensions: [tasksExtension] });
    const other = createMCPServer(null, { tasks: { store, pollIntervalMs: 20 }, extensions: [tasksExtension] });
    let aborted = false;
    for (const server of [running, other])
      server.addTool({
        name: 'slow',
        description: 'Waits until cancelled',
        execution: { taskSupport: 'optional' },
        handler: (_args, ctx) =>
          new Promise((resolve) =>
            ctx.signal.addEventListener('abort', () => {
              aborted = true;
              resolve('stopped');
            }),
          ),
      });
    const link = clientLink('session-e');
    const { taskId } = (await call(running, link, 'tools/call', { name: 'slow', arguments: {}, task: {} })).result.task;
    expect((await call(other, link, 'tasks/cancel', { taskId })).result.status).toBe('cancelled');
    await until(() => aborted);
    expect((await call(running, link, 'tasks/get', { taskId })).result.status).toBe('cancelled');
  });

  it('keeps each session to its own tasks and pages tasks/list with cursors it issued', async () => {
    const server = createMCPServer(null, { pageSize: 2, tasks: { pollIntervalMs: 20 }, extensions: [tasksExtension] });
    server.addTool({ name: 'quick', description: 'Answers at once', execution: { taskSupport: 'optional' }, handler: () => 'done' });
    const mine = clientLink('session-f');
    const theirs = clientLink('session-g');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call(server, mine, 'tools/call', { name: 'quick', arguments: {}, task: {} })).result.task.taskId);
    const first = (await call(server, mine, 'tasks/list', {})).result;
    expect(first.tasks).toHaveLength(2);
    expect(typeof first.nextCursor).toBe('string');
    const second = (await call(server, mine, 'tasks/list', { cursor: first.nextCursor })).result;
    expect(second.nextCursor).toBeUndefined();
    expect([...first.tasks, ...second.tasks].map((t: { taskId: string }) => t.taskId).sort()).toEqual([...ids].sort());

    expect((await call(server, theirs, 'tasks/list', {})).result.tasks).toEqual([]);
    expect((await call(server, theirs, 'tasks/get', { taskId: ids[0] })).error).toMatchObject({ code: -32602 });
    expect((await call(server, theirs, 'tasks/result', { taskId: ids[0] })).error).toMatchObject({ code: -32602 });
    expect((await call(server, theirs, 'tasks/cancel', { taskId: ids[0] })).error).toMatchObject({ code: -32602 });
    for (const cursor of ['nope', 42, btoa('t:not-a-uuid'), ''])
      expect((await call(server, mine, 'tasks/list', { cursor })).error).toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Invalid cursor/),
      });
  });

  it('refuses tasks/list to a client without a session, and bad task params or modes', async () => {
    const server = taskServer();
    const sessionless = clientLink('');
    const list = await call(server, sessionless, 'tasks/list', {});
    expect(list.error).toMatchObject({ code: -32601, message: expect.stringMatching(/needs a session/) });
    // A sessionless task is still reachable by its id.
    const { taskId } = (await call(server, sessionless, 'tools/call', { name: 'quick', arguments: {}, task: {} })).result.task;
    expect((await call(server, sessionless, 'tasks/result', { taskId })).result.structuredContent).toEqual({ ok: 1 });

    const link = clientLink('session-h');
    for (const ttl of [0, -5, 'soon', Number.POSITIVE_INFINITY])
      expect((await call(server, link, 'tools/call', { name: 'quick', arguments: {}, task: { ttl } })).error).toMatchObject({
        code: -32602,
      });
    expect((await call(server, link, 'tools/call', { name: 'quick', arguments: {}, task: 'yes' })).error).toMatchObject({ code: -32602 });
    const forbidden = await call(server, link, 'tools/call', { name: 'plain', arguments: {}, task: {} });
    expect(forbidden.error).toMatchObject({ code: -32601, message: expect.stringMatching(/cannot be called as a task/) });
    const required = await call(server, link, 'tools/call', { name: 'ask', arguments: {} });
    expect(required.error).toMatchObject({ code: -32601, message: expect.stringMatching(/must be called as a task/) });
    expect((await call(server, link, 'tasks/get', { taskId: 'no-such-task' })).error).toMatchObject({ code: -32602 });
    expect((await call(server, link, 'tasks/get', {})).error).toMatchObject({ code: -32602 });
  });

  it('a server with no task tool declares no tasks and runs a call with params.task as a plain call', async () => {
    const server = createMCPServer(null, { name: 'no-tasks' });
    server.addTool({ name: 'plain', description: 'Takes no tasks', handler: () => 'plain' });
    const link = clientLink('session-i');
    const init = await call(server, link, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(init.result.capabilities.tasks).toBeUndefined();
    const answer = await call(server, link, 'tools/call', { name: 'plain', arguments: {}, task: {} });
    expect(answer.result).toEqual({ content: [{ type: 'text', text: 'plain' }] });
  });
});
