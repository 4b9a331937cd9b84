/**
 * No answer can take a transport down: a tool result JSON cannot hold (a BigInt, a cycle, a throwing toJSON in a
 * content block's `_meta`) is answered with a -32603 error for that one request, and the next request is served, on
 * every answer path: JSON and SSE, batches, legacy SSE, 2026-07-28, stdio, fw/node in its own process, workerd and
 * both Lambda handlers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { lambdaStream } from 'fw/lambda';
import type { NodeServer } from 'fw/node';
import { StdioTransport } from 'fw-mcp';
import { legacySSE } from 'fw-mcp/legacy-sse';
import { CapturedStream, installAwsLambdaGlobal } from '../fixtures/lambda/awslambda-stub';
import { lambdaContext } from '../fixtures/lambda/context';
import { bundleWorker } from '../targets/worker/helpers';
import { listen, post, repoRoot, sseMessages } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';
import { UNSAFE_TOOLS, unsafeAnswersApp, unsafeAnswersServer } from './servers/unsafe-answers';

const tsx = `${repoRoot}node_modules/.bin/tsx`;
const unsafe = Object.entries(UNSAFE_TOOLS);

function call(id: number, name: string, args: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}

/** What every unsafe answer becomes: a -32603 error for the same id, naming what JSON.stringify refused. */
function expectUnserializable(answer: any, id: number, reason: string): void {
  expect(answer).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32603 } });
  expect(answer.error.message).toContain('cannot be sent as JSON');
  expect(answer.error.message).toContain(reason);
}

function expectEcho(answer: any, id: number, text: string): void {
  expect(answer).toEqual({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
}

const jsonOnly = { accept: 'application/json', 'mcp-protocol-version': '2025-06-18' };

describe('in process (app.request)', () => {
  it.each(unsafe)('%s: a JSON answer is -32603 for its id, and the next request is answered', async (name, reason) => {
    const app = await unsafeAnswersApp();
    const bad = await post(app, call(1, name), jsonOnly);
    expect(bad.status).toBe(200);
    expectUnserializable(bad.json, 1, reason);
    expectEcho((await post(app, call(2, 'echo', { text: 'still here' }), jsonOnly)).json, 2, 'still here');
  });

  it('an SSE answer (after a notification) ends with the -32603 event', async () => {
    const app = await unsafeAnswersApp();
    const answer = await post(app, call(3, 'streamed-bigint'), { 'mcp-protocol-version': '2025-06-18' });
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    const events = sseMessages(answer.text);
    expect(events[0]).toMatchObject({ method: 'notifications/message', params: { data: 'working' } });
    expectUnserializable(events.at(-1), 3, 'BigInt');
  });

  it('in a batch only the unsafe answer becomes an error; the others stay as they were', async () => {
    const app = await unsafeAnswersApp();
    const answer = await post(app, [call(4, 'bigint-meta'), call(5, 'echo', { text: 'kept' })], {
      accept: 'application/json',
      'mcp-protocol-version': '2025-03-26',
    });
    expect(answer.status).toBe(200);
    expectUnserializable(answer.json[0], 4, 'BigInt');
    expectEcho(answer.json[1], 5, 'kept');
  });

  it('a notification JSON cannot hold is not sent, and the request still answers', async () => {
    const app = await unsafeAnswersApp();
    const answer = await post(app, call(6, 'log-bigint'), { 'mcp-protocol-version': '2025-06-18' });
    expect(sseMessages(answer.text).length === 0 ? answer.json : sseMessages(answer.text).at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 6,
      result: { content: [{ type: 'text', text: 'log sent: false' }] },
    });
  });

  it('2026-07-28: the JSON answer and the SSE answer are -32603', async () => {
    const app = await unsafeAnswersApp();
    const modern = (id: number, name: string) => ({
      ...call(id, name),
      params: {
        name,
        arguments: {},
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    });
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
    const json = await post(app, modern(7, 'cycle-meta'), { ...headers, 'mcp-name': 'cycle-meta', accept: 'application/json' });
    expect(json.status).toBe(200);
    expectUnserializable(json.json, 7, 'circular');
    const streamed = await post(app, modern(8, 'streamed-bigint'), { ...headers, 'mcp-name': 'streamed-bigint' });
    expectUnserializable(sseMessages(streamed.text).at(-1), 8, 'BigInt');
  });

  it('stdio (StdioTransport over Web streams): -32603 per unsafe answer, then the next line is answered', async () => {
    const input = new TransformStream<string, string>();
    const lines: string[] = [];
    const output = new WritableStream<Uint8Array>({
      write(chunk) {
        lines.push(...new TextDecoder().decode(chunk).split('\n').filter(Boolean));
      },
    });
    const served = unsafeAnswersServer().start(new StdioTransport({ input: input.readable, output }));
    const writer = input.writable.getWriter();
    const ids = unsafe.map((_, i) => 10 + i);
    for (const [i, [name]] of unsafe.entries()) await writer.write(`${JSON.stringify(call(ids[i], name))}\n`);
    await writer.write(`${JSON.stringify(call(20, 'echo', { text: 'stdio' }))}\n`);
    await writer.close();
    await served;
    const answers = new Map(lines.map((line) => JSON.parse(line)).map((answer) => [answer.id, answer]));
    for (const [i, [, reason]] of unsafe.entries()) expectUnserializable(answers.get(ids[i]), ids[i], reason);
    expectEcho(answers.get(20), 20, 'stdio');
  });
});

describe('fw/node in its own process', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(tsx, [`${repoRoot}test/mcp/servers/unsafe-answers-node.ts`], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    url = `http://127.0.0.1:${JSON.parse(first).port}/mcp`;
  }, 60_000);
  afterAll(() => {
    child.kill();
  });

  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('answers every unsafe tool with -32603 (JSON and SSE) and keeps serving', async () => {
    for (const [i, [name, reason]] of unsafe.entries()) {
      const answer = await send(call(30 + i, name), { accept: 'application/json' });
      expect(answer.status).toBe(200);
      expectUnserializable(await answer.json(), 30 + i, reason);
    }
    const streamed = await send(call(40, 'streamed-bigint'));
    expectUnserializable(sseMessages(await streamed.text()).at(-1), 40, 'BigInt');
    expectEcho(await (await send(call(41, 'echo', { text: 'alive' }), { accept: 'application/json' })).json(), 41, 'alive');
    expect(child.exitCode).toBeNull();
  });
});

describe('stdio in its own process', () => {
  it('answers -32603 on the line and keeps reading', async () => {
    const child = spawn(tsx, [`${repoRoot}test/mcp/servers/unsafe-answers-stdio.ts`], { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const ask = async (message: unknown) => {
        child.stdin!.write(`${JSON.stringify(message)}\n`);
        return JSON.parse((await lines.next()).value as string);
      };
      expectUnserializable(await ask(call(50, 'bigint-meta')), 50, 'BigInt');
      expectUnserializable(await ask(call(51, 'throwing-tojson')), 51, 'toJSON refused');
      expectEcho(await ask(call(52, 'echo', { text: 'stdio child' })), 52, 'stdio child');
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  }, 60_000);
});

describe('legacy HTTP+SSE on fw/node', () => {
  let server: NodeServer;
  afterEach(async () => {
    await server?.stop();
  });

  it('sends the -32603 error on the stream, then the next answer', async () => {
    server = await listen(await unsafeAnswersApp({ legacySSE }));
    const base = `http://127.0.0.1:${server.port}/mcp`;
    const controller = new AbortController();
    const stream = await fetch(`${base}/sse`, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (done: (frames: string) => boolean) => {
      while (!done(text)) text += (await reader.read()).value ?? '';
    };
    await until((t) => t.includes('sessionId='));
    const endpoint = /data: (\S+)/.exec(text)![1];
    const postTo = (body: unknown) =>
      fetch(new URL(endpoint, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await postTo(call(60, 'bigint-meta'))).status).toBe(202);
    expect((await postTo(call(61, 'echo', { text: 'legacy' }))).status).toBe(202);
    await until((t) => t.includes('"id":60') && t.includes('"id":61'));
    controller.abort();
    const messages = sseMessages(text.replace(/event: endpoint\ndata: \S+\n\n/, ''));
    expectUnserializable(
      messages.find((m) => m.id === 60),
      60,
      'BigInt',
    );
    expectEcho(
      messages.find((m) => m.id === 61),
      61,
      'legacy',
    );
  });
});

describe('inside workerd (miniflare)', () => {
  let mf: Miniflare;
  let url: string;
  beforeAll(async () => {
    mf = new Miniflare({
      cf: false,
      compatibilityDate: '2026-04-01',
      host: '127.0.0.1',
      port: 0,
      modules: [{ type: 'ESModule', path: 'worker.mjs', contents: await bundleWorker('test/mcp/servers/unsafe-answers-worker.ts') }],
    });
    url = new URL('/mcp', await mf.ready).href;
  }, 60_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  it('answers every unsafe tool with -32603 (JSON and SSE) and keeps serving', async () => {
    const send = (body: unknown, accept = 'application/json') =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify(body),
      });
    for (const [i, [name, reason]] of unsafe.entries()) expectUnserializable(await (await send(call(70 + i, name))).json(), 70 + i, reason);
    const streamed = await send(call(75, 'streamed-bigint'), 'application/json, text/event-stream');
    expectUnserializable(sseMessages(await streamed.text()).at(-1), 75, 'BigInt');
    expectEcho(await (await send(call(76, 'echo', { text: 'worker' }))).json(), 76, 'worker');
  });
});

describe('behind fw/lambda', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installAwsLambdaGlobal();
  });
  afterEach(() => uninstall());

  it('lambda(): -32603 in the buffered answer, and the next invocation is answered', async () => {
    const invoke = lambdaInstance(await unsafeAnswersApp());
    for (const [i, [name, reason]] of unsafe.entries()) {
      const answer = await invoke(v2Event({ body: call(80 + i, name), headers: jsonOnly }));
      expect(answer.statusCode).toBe(200);
      expectUnserializable(JSON.parse(answer.body), 80 + i, reason);
    }
    const streamed = await invoke(v2Event({ body: call(85, 'streamed-bigint'), headers: { 'mcp-protocol-version': '2025-06-18' } }));
    expectUnserializable(sseMessages(streamed.body).at(-1), 85, 'BigInt');
    expectEcho(JSON.parse((await invoke(v2Event({ body: call(86, 'echo', { text: 'lambda' }), headers: jsonOnly }))).body), 86, 'lambda');
  });

  it('lambdaStream(): -32603 as the last event of the streamed answer, and the next invocation is answered', async () => {
    const handler = lambdaStream(await unsafeAnswersApp());
    const run = async (body: unknown, headers: Record<string, string>) => {
      const stream = new CapturedStream();
      await handler(v2Event({ body, headers }), stream, lambdaContext());
      return stream.parse().body;
    };
    expectUnserializable(
      sseMessages(await run(call(90, 'streamed-bigint'), { 'mcp-protocol-version': '2025-06-18' })).at(-1),
      90,
      'BigInt',
    );
    expectUnserializable(JSON.parse(await run(call(91, 'cycle-meta'), jsonOnly)), 91, 'circular');
    expectEcho(JSON.parse(await run(call(92, 'echo', { text: 'streamed' }), jsonOnly)), 92, 'streamed');
  });
});
