/**
 * The 2026-07-28 tasks extension (io.modelcontextprotocol/tasks, SEP-2663) over fw's HTTP endpoint in process: what
 * discover declares, the gate on the request's declared extension, CreateTaskResult and DetailedTask shapes, input
 * inside a task through tasks/update, cancellation, input gathered before a task, two instances that share only
 * the task store answering for each other's tasks, and the opt-in: without `extensions: [tasksExtension]` a server
 * offers no tasks to 2026-07-28 clients, and a bad `extensions` option fails at startup.
 */
import { describe, expect, it } from 'vitest';
import { Fw, MemoryKV, type KVStore } from 'fw';
import {
  ErrorCode,
  RpcError,
  StdioTransport,
  createMCPServer,
  inputBeforeTask,
  type MCPExtension,
  type MCPServer,
  type RequestContext,
} from 'fw-mcp';
import { tasksExtension } from 'fw-mcp/tasks';
import { appWith, post } from './helpers';
import { UUID, until } from './wire';

const V = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const withTasks = { elicitation: {}, extensions: { [TASKS]: {} } };

let nextId = 1;

/** POSTs a 2026-07-28 request declaring `capabilities`, with the standard headers (`Mcp-Name` as given). */
async function call(
  app: Fw,
  method: string,
  params: Record<string, unknown>,
  capabilities: Record<string, unknown> = withTasks,
  name?: string,
) {
  const headers: Record<string, string> = { 'mcp-protocol-version': V, 'mcp-method': method };
  const named = name ?? (method.startsWith('tasks/') ? params.taskId : params.name);
  if (typeof named === 'string') headers['mcp-name'] = named;
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': capabilities },
    },
  };
  const { json } = await post(app, body, headers);
  return json as { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
}

async function result(app: Fw, method: string, params: Record<string, unknown>, capabilities?: Record<string, unknown>) {
  const answer = await call(app, method, params, capabilities);
  expect(answer.error).toBeUndefined();
  return answer.result!;
}

/** Polls tasks/get until `done` holds for the task (by default: it is final). */
async function settled(
  app: Fw,
  taskId: string,
  done = (task: Record<string, any>) => ['completed', 'failed', 'cancelled'].includes(task.status),
) {
  for (let i = 0; i < 200; i++) {
    const task = await result(app, 'tasks/get', { taskId });
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`task ${taskId} never got there`);
}

const askingTwo = (task: Record<string, any>) => task.status === 'input_required' && Object.keys(task.inputRequests ?? {}).length === 2;

/** A server with task tools (the extension opted in unless `extensions` says otherwise); `aborted` records the task handlers that saw their signal abort. */
function taskServer(store?: KVStore, aborted: string[] = [], extensions: MCPExtension[] = [tasksExtension]): MCPServer {
  const server = createMCPServer(null, {
    name: 'tasks',
    version: '1.0.0',
    requestState: { secret: 'tasks-extension-secret' },
    tasks: extensions.length > 0 ? { store, pollIntervalMs: 50 } : undefined,
    extensions,
  });
  const wait = (ms: number, ctx: RequestContext, label: string) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        aborted.push(label);
        resolve();
      });
    });
  return server
    .addTool({ name: 'plain', description: 'No tasks', handler: () => 'plain' })
    .addTool<{ ms: number }>({
      name: 'sleep',
      description: 'Sleeps ms',
      inputSchema: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
      execution: { taskSupport: 'optional' },
      handler: async ({ ms }, ctx) => {
        await wait(ms, ctx, 'sleep');
        return `slept ${ms}`;
      },
    })
    .addTool({
      name: 'tool_error',
      description: 'Fails as a tool',
      execution: { taskSupport: 'required' },
      handler: () => {
        throw new Error('no luck');
      },
    })
    .addTool({
      name: 'rpc_error',
      description: 'Fails as a protocol error',
      execution: { taskSupport: 'required' },
      handler: () => {
        throw new RpcError(ErrorCode.InternalError, 'broken');
      },
    })
    .addTool({
      name: 'two_questions',
      description: 'Asks two questions inside its task',
      execution: { taskSupport: 'optional' },
      handler: async (_args, ctx) => {
        const schema = { type: 'object', properties: { v: { type: 'string' } } };
        const [a, b] = await Promise.all([
          ctx.elicit({ message: 'a?', requestedSchema: schema }, { key: 'a' }),
          ctx.elicit({ message: 'b?', requestedSchema: schema }, { key: 'b' }),
        ]);
        return `${a.content?.v}+${b.content?.v}`;
      },
    })
    .addTool({
      name: 'ask_first',
      description: 'Gathers a name, then runs as a task',
      execution: { taskSupport: 'required' },
      handler: inputBeforeTask(
        async (_args, ctx) => {
          const answer = await ctx.elicit(
            { message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
            { key: 'who' },
          );
          return String(answer.content?.name);
        },
        (name) => `task for ${name}`,
      ),
    });
}

describe('the tasks extension is opt-in (fw-mcp/tasks)', () => {
  it('without it a server with task tools declares no extension, runs optional task tools plainly and has no tasks/*', async () => {
    const app = await appWith(taskServer(undefined, [], []));
    expect((await result(app, 'server/discover', {})).capabilities.extensions).toBeUndefined();
    const plain = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 1 } });
    expect(plain).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'slept 1' }] });
    expect(plain.taskId).toBeUndefined();
    const required = await call(app, 'tools/call', { name: 'tool_error', arguments: {} });
    expect(required.error?.code).toBe(ErrorCode.MethodNotFound);
    expect(required.error?.message).toContain('does not offer the 2026-07-28 tasks extension');
    const get = await call(app, 'tasks/get', { taskId: 'x' });
    expect(get.error?.code).toBe(ErrorCode.MethodNotFound);
    expect(get.error?.message).toContain('tasks are an extension this server does not offer');
  });

  it('refuses a bad extensions option at startup, saying what to pass', () => {
    const bad: unknown[] = [{}, 'tasks', [tasksExtension, tasksExtension]];
    expect(() => createMCPServer(null, { extensions: bad[0] as MCPExtension[] })).toThrow(/extensions must be an array/);
    expect(() => createMCPServer(null, { extensions: [bad[1]] as MCPExtension[] })).toThrow(/tasksExtension from 'fw-mcp\/tasks'/);
    expect(() => createMCPServer(null, { extensions: bad[2] as MCPExtension[] })).toThrow(/given twice/);
  });
});

describe('the tasks extension on the 2026-07-28 endpoint', () => {
  it('is declared in server/discover under capabilities.extensions, never as the older tasks capability', async () => {
    const app = await appWith(taskServer());
    const discovered = await result(app, 'server/discover', {});
    expect(discovered.capabilities.extensions).toEqual({ [TASKS]: {} });
    expect(discovered.capabilities.tasks).toBeUndefined();
    const plain = createMCPServer(null, { name: 'plain', version: '1.0.0' });
    plain.addTool({ name: 'plain', description: 'No tasks', handler: () => 'plain' });
    expect((await result(await appWith(plain), 'server/discover', {})).capabilities.extensions).toBeUndefined();
  });

  it('without the declared extension: an optional tool runs as a plain call, a required one and tasks/* are -32021', async () => {
    const app = await appWith(taskServer());
    const plain = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 1 } }, {});
    expect(plain).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'slept 1' }] });
    expect(plain.taskId).toBeUndefined();
    const required = await call(app, 'tools/call', { name: 'tool_error', arguments: {} }, {});
    expect(required.error?.code).toBe(-32021);
    expect(required.error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
    for (const [method, params] of [
      ['tasks/get', { taskId: 'x' }],
      ['tasks/update', { taskId: 'x', inputResponses: {} }],
      ['tasks/cancel', { taskId: 'x' }],
    ] as const)
      expect((await call(app, method, params, {})).error?.code).toBe(-32021);
  });

  it('answers a flat CreateTaskResult, stored before the answer, and inlines the result once completed', async () => {
    const app = await appWith(taskServer());
    const created = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 50 } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 50 });
    expect(created.taskId).toMatch(UUID);
    for (const absent of ['task', 'result', 'error', 'inputRequests', 'requestState', 'ttl', 'pollInterval'])
      expect(created).not.toHaveProperty(absent);
    const working = await result(app, 'tasks/get', { taskId: created.taskId });
    expect(working).toMatchObject({ resultType: 'complete', taskId: created.taskId, status: 'working' });
    expect(working).not.toHaveProperty('result');
    const done = await settled(app, created.taskId);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'slept 50' }] } });
    expect(done.result._meta).toBeUndefined();
  });

  it('stores a tool error as completed with isError, a JSON-RPC error as failed with the error and no result', async () => {
    const app = await appWith(taskServer());
    const toolError = await result(app, 'tools/call', { name: 'tool_error', arguments: {} });
    expect(await settled(app, toolError.taskId)).toMatchObject({
      status: 'completed',
      result: { isError: true, content: [{ text: 'no luck' }] },
    });
    const rpcError = await result(app, 'tools/call', { name: 'rpc_error', arguments: {} });
    const failed = await settled(app, rpcError.taskId);
    expect(failed).toMatchObject({ status: 'failed', error: { code: -32603, message: 'broken' } });
    expect(failed).not.toHaveProperty('result');
  });

  it('refuses tasks/result and tasks/list (-32601), unknown ids (-32602) and an Mcp-Name naming another task (-32020)', async () => {
    const app = await appWith(taskServer());
    expect((await call(app, 'tasks/result', { taskId: 'x' })).error?.code).toBe(-32601);
    expect((await call(app, 'tasks/list', {})).error?.code).toBe(-32601);
    expect((await call(app, 'tasks/get', { taskId: 'not-a-task' })).error?.code).toBe(-32602);
    expect((await call(app, 'tasks/get', { taskId: crypto.randomUUID() })).error?.code).toBe(-32602);
    const created = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 1 } });
    expect((await call(app, 'tasks/get', { taskId: created.taskId }, withTasks, 'another-task')).error?.code).toBe(-32020);
  });

  it('shows input requests while input_required and resumes as tasks/update answers them, one at a time', async () => {
    const app = await appWith(taskServer());
    const created = await result(app, 'tools/call', { name: 'two_questions', arguments: {} });
    let task = await settled(app, created.taskId, askingTwo);
    expect(task.inputRequests).toEqual({
      a: {
        method: 'elicitation/create',
        params: { message: 'a?', requestedSchema: { type: 'object', properties: { v: { type: 'string' } } } },
      },
      b: {
        method: 'elicitation/create',
        params: { message: 'b?', requestedSchema: { type: 'object', properties: { v: { type: 'string' } } } },
      },
    });
    const bad = await call(app, 'tasks/update', { taskId: created.taskId, inputResponses: { a: { action: 'maybe' } } });
    expect(bad.error?.code).toBe(-32602);
    const ack = await result(app, 'tasks/update', {
      taskId: created.taskId,
      inputResponses: { a: { action: 'accept', content: { v: '1' } }, stray: {} },
    });
    expect(Object.keys(ack)).toEqual(['resultType', '_meta']);
    task = await result(app, 'tasks/get', { taskId: created.taskId });
    expect(task.status).toBe('input_required');
    expect(Object.keys(task.inputRequests)).toEqual(['b']);
    await result(app, 'tasks/update', { taskId: created.taskId, inputResponses: { b: { action: 'accept', content: { v: '2' } } } });
    expect(await settled(app, created.taskId)).toMatchObject({ status: 'completed', result: { content: [{ text: '1+2' }] } });
  });

  it('cancels a running task (its handler sees the abort) and acknowledges a cancel of a final one alike', async () => {
    const aborted: string[] = [];
    const app = await appWith(taskServer(undefined, aborted));
    const created = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 60_000 } });
    const ack = await result(app, 'tasks/cancel', { taskId: created.taskId });
    expect(Object.keys(ack)).toEqual(['resultType', '_meta']);
    expect(await result(app, 'tasks/get', { taskId: created.taskId })).toMatchObject({ status: 'cancelled' });
    await until(() => aborted.includes('sleep'));
    expect(Object.keys(await result(app, 'tasks/cancel', { taskId: created.taskId }))).toEqual(['resultType', '_meta']);
    expect(await result(app, 'tasks/get', { taskId: created.taskId })).toMatchObject({ status: 'cancelled' });
  });

  it('gathers input of an inputBeforeTask handler in round trips, then answers CreateTaskResult without requestState', async () => {
    const app = await appWith(taskServer());
    const first = await result(app, 'tools/call', { name: 'ask_first', arguments: {} });
    expect(first.resultType).toBe('input_required');
    expect(first).not.toHaveProperty('taskId');
    expect(Object.keys(first.inputRequests)).toEqual(['who']);
    const second = await result(app, 'tools/call', {
      name: 'ask_first',
      arguments: {},
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
      requestState: first.requestState,
    });
    expect(second.resultType).toBe('task');
    expect(second).not.toHaveProperty('requestState');
    expect(await settled(app, second.taskId)).toMatchObject({ status: 'completed', result: { content: [{ text: 'task for Ada' }] } });
  });
});

describe('one store, two eras', () => {
  it('keeps them apart: a 2025-11-25 client does not see an extension task, nor a 2026-07-28 one a 2025-11-25 task', async () => {
    const app = await appWith(taskServer(new MemoryKV()));
    const legacy = async (id: number, method: string, params: Record<string, unknown>) =>
      (await post(app, { jsonrpc: '2.0', id, method, params }, { accept: 'application/json' })).json;
    const extensionTask = await result(app, 'tools/call', { name: 'sleep', arguments: { ms: 1 } });
    expect((await legacy(1, 'tasks/get', { taskId: extensionTask.taskId })).error.code).toBe(-32602);
    const legacyTask = (await legacy(2, 'tools/call', { name: 'sleep', arguments: { ms: 1 }, task: {} })).result.task;
    expect(legacyTask.taskId).toMatch(UUID);
    expect((await legacy(3, 'tasks/get', { taskId: legacyTask.taskId })).result.taskId).toBe(legacyTask.taskId);
    expect((await call(app, 'tasks/get', { taskId: legacyTask.taskId })).error?.code).toBe(-32602);
  });
});

describe('two instances sharing only the task store', () => {
  it('answers, resumes and cancels from the other instance', async () => {
    const store = new MemoryKV();
    const abortedA: string[] = [];
    const a = await appWith(taskServer(store, abortedA));
    const b = await appWith(taskServer(store));
    const asking = await result(a, 'tools/call', { name: 'two_questions', arguments: {} });
    const waiting = await settled(b, asking.taskId, askingTwo);
    expect(waiting.taskId).toBe(asking.taskId);
    await result(b, 'tasks/update', {
      taskId: asking.taskId,
      inputResponses: { a: { action: 'accept', content: { v: 'x' } }, b: { action: 'accept', content: { v: 'y' } } },
    });
    expect(await settled(b, asking.taskId)).toMatchObject({ status: 'completed', result: { content: [{ text: 'x+y' }] } });
    const sleeping = await result(a, 'tools/call', { name: 'sleep', arguments: { ms: 60_000 } });
    await result(b, 'tasks/cancel', { taskId: sleeping.taskId });
    await until(() => abortedA.includes('sleep'));
    expect(await result(a, 'tasks/get', { taskId: sleeping.taskId })).toMatchObject({ status: 'cancelled' });
  });
});

describe('over stdio', () => {
  it('runs a task that asks for input on one connection: create, input_required, tasks/update, completed', async () => {
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
    const server = taskServer();
    const done = server.start(new StdioTransport({ input: input.readable, output }));
    let id = 0;
    const ask = async (method: string, params: Record<string, unknown>) => {
      const mine = ++id;
      const meta = { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': withTasks };
      await writer.write(
        new TextEncoder().encode(`${JSON.stringify({ jsonrpc: '2.0', id: mine, method, params: { ...params, _meta: meta } })}\n`),
      );
      await until(() => lines.some((line) => line.id === mine));
      return lines.find((line) => line.id === mine).result;
    };
    const created = await ask('tools/call', { name: 'two_questions', arguments: {} });
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    for (let i = 0; i < 100 && Object.keys((await ask('tasks/get', { taskId: created.taskId })).inputRequests ?? {}).length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await ask('tasks/update', {
      taskId: created.taskId,
      inputResponses: { a: { action: 'accept', content: { v: 'p' } }, b: { action: 'accept', content: { v: 'q' } } },
    });
    let task = await ask('tasks/get', { taskId: created.taskId });
    for (let i = 0; i < 100 && task.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      task = await ask('tasks/get', { taskId: created.taskId });
    }
    expect(task).toMatchObject({ status: 'completed', result: { content: [{ text: 'p+q' }] } });
    expect(lines.filter((line) => line.id === undefined)).toEqual([]);
    await writer.close();
    await done;
  });
});
