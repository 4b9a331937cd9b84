/**
 * Task-augmented tools/call (MCP 2025-11-25): tasks/get, tasks/result, tasks/list, tasks/cancel, status notifications,
 * kept in a KVStore so one instance starts a task and another reads, awaits or cancels it. Raw JSON-RPC in process and
 * over real HTTP, the official SDK client with sessions, stdio, the Lambda handler and workerd.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { MemoryKV, type Fw, type KVStore } from 'fw';
import { lambda } from 'fw/lambda';
import { createMCPServer, RpcError, StdioTransport, type MCPHTTPOptions } from 'fw-mcp';
import { tasksExtension } from 'fw-mcp/tasks';
import { lambdaContext } from '../fixtures/lambda/context';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { appWith, connectHTTP, listen, post } from './helpers';
import { until, UUID } from './wire';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A server whose tools take tasks in every mode; `aborted` lists tools whose handler saw its signal fire. */
function taskServer(store: KVStore = new MemoryKV(), maxTtlMs?: number) {
  const aborted: string[] = [];
  const server = createMCPServer(null, {
    name: 'tasks',
    exposeRoutes: false,
    builtinTools: false,
    builtinPrompts: false,
    pageSize: 2,
    tasks: { store, pollIntervalMs: 20, maxTtlMs },
    extensions: [tasksExtension],
  });
  server
    .addTool<{ a: number; b: number; ms?: number }>({
      name: 'slow_sum',
      description: 'Adds after a while',
      execution: { taskSupport: 'optional' },
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' }, ms: { type: 'integer' } },
        required: ['a', 'b'],
      },
      handler: async ({ a, b, ms = 60 }, ctx) => {
        await pause(ms, ctx.signal);
        ctx.notifyProgress(1, 1, 'added');
        return { sum: a + b };
      },
    })
    .addTool({
      name: 'must_be_task',
      description: 'Only as a task',
      execution: { taskSupport: 'required' },
      handler: () => 'ran as a task',
    })
    .addTool({ name: 'plain', description: 'Never as a task', handler: () => 'plain' })
    .addTool({
      name: 'broken',
      description: 'Throws',
      execution: { taskSupport: 'optional' },
      handler: () => {
        throw new Error('exploded');
      },
    })
    .addTool({
      name: 'invocation',
      description: 'Reports the Lambda invocation the task was started from (ctx.env)',
      execution: { taskSupport: 'optional' },
      handler: (_args, ctx) => ({
        awsRequestId: (ctx.env as { context?: { awsRequestId?: string } } | undefined)?.context?.awsRequestId ?? null,
      }),
    })
    .addTool({
      name: 'unstorable',
      description: 'Returns a result JSON cannot hold',
      execution: { taskSupport: 'optional' },
      handler: () => ({ content: [{ type: 'text', text: 'big', _meta: { n: 1n } }] }),
    })
    .addTool({
      name: 'refusing',
      description: 'Fails the request itself',
      execution: { taskSupport: 'optional' },
      handler: () => {
        throw new RpcError(-32602, 'no such order', { order: 7 });
      },
    })
    .addTool({
      name: 'ask',
      description: 'Elicits a name',
      execution: { taskSupport: 'optional' },
      handler: async (_args, ctx) =>
        `hello ${(await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } })).content?.name}`,
    })
    .addTool({
      name: 'forever',
      description: 'Runs until cancelled',
      execution: { taskSupport: 'optional' },
      handler: (_args, ctx) =>
        new Promise((resolve) =>
          ctx.signal.addEventListener('abort', () => {
            aborted.push('forever');
            resolve('stopped');
          }),
        ),
    });
  return { server, aborted };
}

const rpc = (id: number, method: string, params?: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method, params });
const callAsTask = (id: number, name: string, args: Record<string, unknown> = {}, task: unknown = {}) =>
  rpc(id, 'tools/call', { name, arguments: args, task });

async function answer(app: Fw, body: unknown, headers: Record<string, string> = {}) {
  const { json } = await post(app, body, { accept: 'application/json', ...headers });
  return json;
}

async function instances(options: MCPHTTPOptions = {}) {
  const store = new MemoryKV();
  const first = taskServer(store);
  const second = taskServer(store);
  return { store, a: await appWith(first.server, options), b: await appWith(second.server, options), aborted: first.aborted };
}

describe('declaring tasks', () => {
  it("lists each tool's execution.taskSupport and declares tasks (tasks.list only where a session identifies the client)", async () => {
    const { server } = taskServer();
    const stateless = await appWith(server);
    const init = rpc(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect((await answer(stateless, init)).result.capabilities.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    const tools: { name: string; execution?: unknown }[] = [];
    for (
      let page = (await answer(stateless, rpc(1, 'tools/list'))).result;
      ;
      page = (await answer(stateless, rpc(1, 'tools/list', { cursor: page.nextCursor }))).result
    ) {
      tools.push(...page.tools);
      if (page.nextCursor === undefined) break;
    }
    const execution = Object.fromEntries(tools.map((t) => [t.name, t.execution ?? 'absent']));
    expect(execution).toMatchObject({ slow_sum: { taskSupport: 'optional' }, must_be_task: { taskSupport: 'required' }, plain: 'absent' });
    const withSessions = await appWith(taskServer().server, { sessions: { store: new MemoryKV() } });
    expect((await answer(withSessions, init)).result.capabilities.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    const none = await appWith(
      createMCPServer(null, {
        exposeRoutes: false,
        builtinTools: false,
        builtinPrompts: false,
        tools: [{ name: 't', description: 'd', handler: () => 'x' }],
      }),
    );
    expect((await answer(none, init)).result.capabilities.tasks).toBeUndefined();
  });

  it('refuses a bad execution.taskSupport or tasks option at registration', () => {
    expect(() =>
      createMCPServer().addTool({ name: 'x', description: 'd', execution: { taskSupport: 'sometimes' as never }, handler: () => '' }),
    ).toThrow(/"x" needs "execution"/);
    expect(() => createMCPServer(null, { tasks: { pollIntervalMs: 0 }, extensions: [tasksExtension] })).toThrow(
      /tasks.pollIntervalMs must be a positive number/,
    );
    expect(() => createMCPServer(null, { tasks: { maxTtlMs: Number.NaN }, extensions: [tasksExtension] })).toThrow(/tasks.maxTtlMs/);
  });
});

describe('a server without the tasks extension', () => {
  const plainServer = () =>
    createMCPServer(null, { exposeRoutes: false, builtinTools: false, builtinPrompts: false })
      .addTool({ name: 'maybe', description: 'd', execution: { taskSupport: 'optional' }, handler: () => 'ran plainly' })
      .addTool({ name: 'only_task', description: 'd', execution: { taskSupport: 'required' }, handler: () => 'x' })
      .addTool({ name: 'plain', description: 'd', handler: () => 'plain' });
  const named = /tasksExtension from 'fw-mcp\/tasks'/;

  it('declares no tasks, runs task tools plainly and names the import where a 2025-11-25 client needs tasks', async () => {
    const app = await appWith(plainServer());
    const init = rpc(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect((await answer(app, init)).result.capabilities.tasks).toBeUndefined();
    expect((await answer(app, rpc(2, 'tools/call', { name: 'maybe', arguments: {} }))).result.content).toEqual([
      { type: 'text', text: 'ran plainly' },
    ]);
    const asTask = (await answer(app, rpc(3, 'tools/call', { name: 'maybe', arguments: {}, task: {} }))).error;
    expect(asTask.code).toBe(-32602);
    expect(asTask.message).toMatch(named);
    const required = (await answer(app, rpc(4, 'tools/call', { name: 'only_task', arguments: {} }))).error;
    expect(required.code).toBe(-32601);
    expect(required.message).toMatch(named);
    expect((await answer(app, rpc(5, 'tools/call', { name: 'plain', arguments: {}, task: {} }))).result.content).toEqual([
      { type: 'text', text: 'plain' },
    ]);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/list', 'tasks/cancel']) {
      const error = (await answer(app, rpc(6, method, { taskId: 'x' }))).error;
      expect(error.code).toBe(-32601);
      expect(error.message).toMatch(named);
    }
  });

  it('refuses the tasks option at startup, naming the import', () => {
    expect(() => createMCPServer(null, { tasks: { pollIntervalMs: 20 } })).toThrow(named);
  });
});

describe('tasks across instances sharing one store (stateless)', () => {
  it('starts on one instance; another polls it, waits for it with tasks/result and reads the result', async () => {
    const { a, b } = await instances();
    const created = (await answer(a, callAsTask(1, 'slow_sum', { a: 2, b: 40, ms: 150 }, { ttl: 60_000 }))).result.task;
    expect(created).toEqual({
      taskId: expect.stringMatching(UUID),
      status: 'working',
      createdAt: expect.any(String),
      lastUpdatedAt: expect.any(String),
      ttl: 60_000,
      pollInterval: 20,
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    expect((await answer(b, rpc(2, 'tasks/get', { taskId: created.taskId }))).result).toMatchObject({
      taskId: created.taskId,
      status: 'working',
    });
    const result = (await answer(b, rpc(3, 'tasks/result', { taskId: created.taskId }))).result;
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"sum":42}' }],
      structuredContent: { sum: 42 },
      _meta: { 'io.modelcontextprotocol/related-task': { taskId: created.taskId } },
    });
    expect((await answer(b, rpc(4, 'tasks/get', { taskId: created.taskId }))).result).toMatchObject({ status: 'completed' });
  });

  it('tasks/cancel on another instance stops the running handler (at its next poll) and the task stays cancelled', async () => {
    const { a, b, aborted } = await instances();
    const { taskId } = (await answer(a, callAsTask(1, 'forever'))).result.task;
    const cancelled = (await answer(b, rpc(2, 'tasks/cancel', { taskId }))).result;
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled', statusMessage: 'The task was cancelled by request.' });
    await until(() => aborted.length === 1);
    await pause(50);
    expect((await answer(a, rpc(3, 'tasks/get', { taskId }))).result.status).toBe('cancelled');
    expect((await answer(b, rpc(4, 'tasks/result', { taskId }))).error).toEqual({
      code: -32000,
      message: `Task ${taskId} was cancelled before it produced a result`,
    });
    expect((await answer(b, rpc(5, 'tasks/cancel', { taskId }))).error).toEqual({
      code: -32602,
      message: "Cannot cancel task: already in terminal status 'cancelled'",
    });
  });

  it('fails the task when the tool fails: isError result and statusMessage; an RpcError comes back from tasks/result as that error', async () => {
    const { a, b } = await instances();
    const broken = (await answer(a, callAsTask(1, 'broken'))).result.task.taskId;
    expect((await answer(b, rpc(2, 'tasks/result', { taskId: broken }))).result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'exploded' }],
    });
    expect((await answer(b, rpc(3, 'tasks/get', { taskId: broken }))).result).toMatchObject({
      status: 'failed',
      statusMessage: 'exploded',
    });
    const refusing = (await answer(a, callAsTask(4, 'refusing'))).result.task.taskId;
    expect((await answer(b, rpc(5, 'tasks/result', { taskId: refusing }))).error).toEqual({
      code: -32602,
      message: 'no such order',
      data: { order: 7 },
    });
    const invalid = (await answer(a, callAsTask(6, 'slow_sum', { a: 'one', b: 2 }))).result.task.taskId;
    expect((await answer(b, rpc(7, 'tasks/result', { taskId: invalid }))).result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('/a') }],
    });
  });

  it('fails a task whose result JSON cannot hold (a BigInt) instead of leaving it working', async () => {
    const { a, b } = await instances();
    const taskId = (await answer(a, callAsTask(1, 'unstorable'))).result.task.taskId;
    const error = (await answer(b, rpc(2, 'tasks/result', { taskId }))).error;
    expect(error).toMatchObject({ code: -32603, message: expect.stringContaining('cannot be stored as JSON') });
    expect((await answer(b, rpc(3, 'tasks/get', { taskId }))).result).toMatchObject({ status: 'failed' });
  });

  it('forgets a task after its ttl, and cuts a requested ttl to maxTtlMs', async () => {
    const { a } = await instances();
    const { taskId } = (await answer(a, callAsTask(1, 'slow_sum', { a: 1, b: 1, ms: 0 }, { ttl: 80 }))).result.task;
    await pause(150);
    expect((await answer(a, rpc(2, 'tasks/get', { taskId }))).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('expired'),
    });
    const capped = await appWith(taskServer(new MemoryKV(), 5000).server);
    expect((await answer(capped, callAsTask(3, 'slow_sum', { a: 1, b: 1 }, { ttl: 10 ** 9 }))).result.task.ttl).toBe(5000);
  });

  it('answers bad task requests with clear JSON-RPC errors', async () => {
    const { a } = await instances();
    const errors = await Promise.all([
      answer(a, callAsTask(1, 'slow_sum', { a: 1, b: 1 }, 'soon')),
      answer(a, callAsTask(2, 'slow_sum', { a: 1, b: 1 }, { ttl: -5 })),
      answer(a, callAsTask(3, 'plain')),
      answer(a, rpc(4, 'tools/call', { name: 'must_be_task', arguments: {} })),
      answer(a, rpc(5, 'tasks/get', { taskId: '00000000-0000-4000-8000-000000000000' })),
      answer(a, rpc(6, 'tasks/get', {})),
      answer(a, rpc(7, 'tasks/result', { taskId: 'not-a-task' })),
      answer(a, rpc(8, 'tasks/list')),
      answer(a, callAsTask(9, 'nope')),
    ]);
    expect(errors.map((e) => e.error.code)).toEqual([-32602, -32602, -32601, -32601, -32602, -32602, -32602, -32601, -32602]);
    expect(errors[2].error.message).toContain('"plain" cannot be called as a task');
    expect(errors[3].error.message).toContain('must be called as a task');
    expect(errors[7].error.message).toContain('tasks/list needs a session');
    const required = (await answer(a, callAsTask(10, 'must_be_task'))).result.task.taskId;
    expect((await answer(a, rpc(11, 'tasks/result', { taskId: required }))).result.content).toEqual([
      { type: 'text', text: 'ran as a task' },
    ]);
  });

  it('ignores "task" on a server without task tools (processes the call normally) and has no tasks/* methods', async () => {
    const app = await appWith(
      createMCPServer(null, {
        exposeRoutes: false,
        builtinTools: false,
        builtinPrompts: false,
        tools: [{ name: 'echo', description: 'd', handler: () => 'plain answer' }],
      }),
    );
    expect((await answer(app, callAsTask(1, 'echo', {}, 'anything'))).result).toEqual({
      content: [{ type: 'text', text: 'plain answer' }],
    });
    expect((await answer(app, rpc(2, 'tasks/get', { taskId: 'x' }))).error.code).toBe(-32601);
  });
});

describe('tasks with sessions', () => {
  it('binds tasks to their session: another cannot get, await, cancel or list them; tasks/list pages with cursors', async () => {
    const { a, b } = await instances({ sessions: { store: new MemoryKV() } });
    const open = async () =>
      (
        await post(a, rpc(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
      ).headers.get('mcp-session-id')!;
    const [mine, theirs] = [await open(), await open()];
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++)
      ids.push((await answer(a, callAsTask(i, 'slow_sum', { a: i, b: 0, ms: 0 }), { 'mcp-session-id': mine })).result.task.taskId);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      expect((await answer(b, rpc(9, method, { taskId: ids[0] }), { 'mcp-session-id': theirs })).error.code).toBe(-32602);
    }
    expect((await answer(b, rpc(10, 'tasks/list'), { 'mcp-session-id': theirs })).result).toEqual({ tasks: [] });
    expect((await answer(b, rpc(11, 'tasks/list', { cursor: 'bogus' }), { 'mcp-session-id': mine })).error.code).toBe(-32602);
    const listed: string[] = [];
    let cursor: string | undefined;
    const pageSizes: number[] = [];
    do {
      const page = (await answer(b, rpc(12, 'tasks/list', cursor === undefined ? {} : { cursor }), { 'mcp-session-id': mine })).result;
      pageSizes.push(page.tasks.length);
      listed.push(...page.tasks.map((t: { taskId: string }) => t.taskId));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(pageSizes).toEqual([2, 1]);
    expect(listed.sort()).toEqual([...ids].sort());
  });

  it('runs a task with the official SDK client: callToolStream, getTask, listTasks', async () => {
    const { server } = taskServer();
    const http = await listen(await appWith(server, { sessions: { store: new MemoryKV() } }));
    stops.push(() => http.stop());
    const client = await connectHTTP(`${http.url}/mcp`);
    stops.push(() => client.close());
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    await client.listTools();
    const kinds: string[] = [];
    let taskId = '';
    let result: unknown;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: 'slow_sum', arguments: { a: 20, b: 22 } },
      CallToolResultSchema,
      { task: { ttl: 30_000 } },
    )) {
      kinds.push(message.type);
      if (message.type === 'taskCreated') taskId = message.task.taskId;
      if (message.type === 'result') result = message.result;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds.at(-1)).toBe('result');
    expect(result).toMatchObject({ structuredContent: { sum: 42 } });
    expect((await client.experimental.tasks.getTask(taskId)).status).toBe('completed');
    expect((await client.experimental.tasks.listTasks()).tasks.map((t) => t.taskId)).toEqual([taskId]);
  });
});

describe('tasks over stdio', () => {
  it('sends status notifications, and an elicitation tagged with the task while it is input_required', async () => {
    const { server } = taskServer();
    const input = new TransformStream<Uint8Array, Uint8Array>();
    const writer = input.writable.getWriter();
    const lines: any[] = [];
    const done = server.start(
      new StdioTransport({ input: input.readable, output: { write: (line: string) => lines.push(JSON.parse(line)) } }),
    );
    const send = (message: unknown) => writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
    await send(
      rpc(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 't', version: '1' } }),
    );
    await send(callAsTask(2, 'ask'));
    await until(() => lines.some((m) => m.method === 'elicitation/create'));
    const taskId = lines.find((m) => m.id === 2).result.task.taskId;
    const asked = lines.find((m) => m.method === 'elicitation/create');
    expect(asked.params._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId } });
    await until(() => lines.some((m) => m.method === 'notifications/tasks/status' && m.params.status === 'input_required'));
    await send(rpc(3, 'tasks/get', { taskId }));
    await until(() => lines.some((m) => m.id === 3));
    expect(lines.find((m) => m.id === 3).result.status).toBe('input_required');
    await send({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } });
    await send(rpc(4, 'tasks/result', { taskId }));
    await until(() => lines.some((m) => m.id === 4));
    expect(lines.find((m) => m.id === 4).result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    const statuses = lines.filter((m) => m.method === 'notifications/tasks/status').map((m) => m.params.status);
    expect(statuses).toEqual(['input_required', 'working', 'completed']);
    for (const m of lines.filter((line) => line.method === 'notifications/tasks/status')) expect(m.params._meta).toBeUndefined();
    await writer.close();
    await done;
  });
});

describe('tasks on serverless targets', () => {
  const template = JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/lambda/apigw-v2.json', import.meta.url)), 'utf8'));
  const event = (body: unknown) => {
    const text = JSON.stringify(body);
    return {
      ...template,
      rawPath: '/mcp',
      rawQueryString: '',
      cookies: [],
      queryStringParameters: {},
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        host: template.headers.host,
        'content-length': String(text.length),
      },
      requestContext: { ...template.requestContext, http: { ...template.requestContext.http, method: 'POST', path: '/mcp' } },
      body: text,
    };
  };

  it('Lambda: the invocation lasts until the task ends (waitUntil), so the next one reads it completed', async () => {
    const handler = lambda(await appWith(taskServer().server));
    const created = (await handler(event(callAsTask(1, 'slow_sum', { a: 1, b: 2, ms: 80 })), lambdaContext())) as { body: string };
    const { taskId } = JSON.parse(created.body).result.task;
    const got = (await handler(event(rpc(2, 'tasks/get', { taskId })), lambdaContext())) as { body: string };
    expect(JSON.parse(got.body).result.status).toBe('completed');
  });

  it("Lambda: a task's tool sees the invocation that started it (ctx.env through the task's link)", async () => {
    const handler = lambda(await appWith(taskServer().server));
    const started = (await handler(event(callAsTask(1, 'invocation')), { ...lambdaContext(), awsRequestId: 'aws-task-start' })) as {
      body: string;
    };
    const { taskId } = JSON.parse(started.body).result.task;
    const result = (await handler(event(rpc(2, 'tasks/result', { taskId })), lambdaContext())) as { body: string };
    expect(JSON.parse(result.body).result.structuredContent).toEqual({ awsRequestId: 'aws-task-start' });
  });

  it('workerd: the task keeps running after the answer (waitUntil) and tasks/result reads it', async () => {
    const mf = await runWorker(await bundleWorker('test/mcp/servers/worker-tasks.ts'));
    stops.push(() => mf.dispose());
    const url = new URL('/mcp', await mf.ready).href;
    const send = async (body: unknown) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const { taskId } = (await send(callAsTask(1, 'slow_echo', { ms: 1500 }))).result.task;
    expect((await send(rpc(2, 'tasks/get', { taskId }))).result.status).toBe('working');
    expect((await send(rpc(3, 'tasks/result', { taskId }))).result.content).toEqual([{ type: 'text', text: 'waited 1500 ms' }]);
  });
});
