/**
 * In-process calls carry what the target gave the MCP request: a worker's bindings and execution context (KV, a
 * secret, `ctx.waitUntil`) in workerd, Lambda's event and invocation context; on Node nothing of the MCP request's
 * connection, while the caller's address still goes along.
 */
import type { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, peerAddress } from 'fw';
import { lambda } from 'fw/lambda';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { lambdaContext } from '../fixtures/lambda/context';
import { bundleWorker, runWorker } from '../targets/worker/helpers';
import { connectHTTP, listen, sseMessages } from './helpers';
import { v2Event, type LambdaAnswer } from './lambda-events';

const TOKEN = 'bindings-token';
const SECRET = 'kv-secret-value';

type ToolAnswer = { structuredContent?: Record<string, any>; isError?: boolean; content: { type: string; text?: string }[] };

/** The JSON-RPC answer of a POST, whether it came as JSON or as the last event of an SSE stream. */
async function answerOf(response: { text(): Promise<string>; headers: { get(name: string): string | null } }): Promise<any> {
  const text = await response.text();
  return (response.headers.get('content-type') ?? '').includes('text/event-stream') ? sseMessages(text).at(-1) : JSON.parse(text);
}

describe('in workerd: route tools reach the bindings and the execution context', () => {
  let mf: Miniflare;
  let id = 0;

  beforeAll(async () => {
    mf = await runWorker(await bundleWorker('test/mcp/servers/worker-bindings.ts'), {
      kvNamespaces: ['KV'],
      bindings: { SECRET },
    });
    const kv = await mf.getKVNamespace('KV');
    await kv.put('greeting', 'hello from KV');
  });
  afterAll(async () => {
    await mf?.dispose();
  });

  /** A 2025-06-18 tools/call posted to the worker with the Bearer token. */
  async function call(name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
    const response = await mf.dispatchFetch('http://worker.test/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        authorization: `Bearer ${TOKEN}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(response.status).toBe(200);
    const message = await answerOf(response);
    expect(message.error).toBeUndefined();
    return message.result;
  }

  async function overHttp(path: string): Promise<{ status: number; body: any }> {
    const response = await mf.dispatchFetch(`http://worker.test${path}`);
    return { status: response.status, body: await response.json() };
  }

  it('a route reading KV and a secret answers the SDK client as a route tool with the data it answers over HTTP', async () => {
    const http = await overHttp('/notes/greeting');
    expect(http).toEqual({ status: 200, body: { key: 'greeting', value: 'hello from KV', secret: SECRET } });
    const client = await connectHTTP(new URL('/mcp', await mf.ready).href, { authorization: `Bearer ${TOKEN}` });
    try {
      const result = (await client.callTool({ name: 'get_notes_by_key', arguments: { key: 'greeting' } })) as ToolAnswer;
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual(http.body);
    } finally {
      await client.close();
    }
  });

  it('fw/routes/invoke, fw/http-request and fw/chain-requests reach the bindings for an authenticated caller', async () => {
    const http = await overHttp('/notes/greeting');
    const invoked = await call('fw/routes/invoke', { path: '/notes/greeting' });
    expect(invoked.isError).toBeUndefined();
    expect(invoked.structuredContent).toEqual(http.body);
    const requested = await call('fw/http-request', { path: '/notes/greeting' });
    expect(requested.isError).toBeUndefined();
    expect(requested.structuredContent?.output).toMatchObject({ status: 200, body: http.body });
    const chained = await call('fw/chain-requests', { requests: [{ path: '/notes/greeting' }] });
    expect(chained.isError).toBeUndefined();
    expect(chained.structuredContent?.output.responses[0]).toMatchObject({ status: 200, body: http.body });
  });

  it('a 2026-07-28 tools/call (no session, no initialize) reaches them too', async () => {
    const response = await mf.dispatchFetch('http://worker.test/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${TOKEN}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'get_notes_by_key',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: {
          name: 'get_notes_by_key',
          arguments: { key: 'greeting' },
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
        },
      }),
    });
    expect(response.status).toBe(200);
    const message = await answerOf(response);
    expect(message.result.structuredContent).toEqual({ key: 'greeting', value: 'hello from KV', secret: SECRET });
  });

  it("ctx.waitUntil in a route tool reaches the worker's execution context: the write after the answer lands", async () => {
    const queued = await call('get_later_by_key', { key: 'late-tool' });
    expect(queued.isError).toBeUndefined();
    expect(queued.structuredContent).toEqual({ queued: 'late-tool' });
    expect((await overHttp('/later/late-http')).body).toEqual({ queued: 'late-http' });
    const kv = await mf.getKVNamespace('KV');
    for (const key of ['late-http', 'late-tool']) {
      const deadline = Date.now() + 5000;
      let value: string | null = null;
      while (value === null && Date.now() < deadline) {
        value = await kv.get(key, 'text');
        if (value === null) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(value, key).toBe('written after the answer');
    }
  });

  it("a tool of the server's own reads the bindings and the execution context from its handler context", async () => {
    const result = await call('secret-length', {});
    expect(result.structuredContent).toEqual({ length: SECRET.length, waitUntil: 'function' });
  });
});

describe('on Lambda: route tools see the invocation that carried the MCP request', () => {
  /** A route reporting what `ctx.env` holds on Lambda, one whose `ctx.waitUntil` work must end before the invocation does. */
  async function lambdaApp(done: string[]): Promise<Fw> {
    const app = new Fw();
    app.get('/invocation', (ctx) => {
      const env = ctx.env as { event: { requestContext: { requestId: string } }; context: { awsRequestId: string; functionName: string } };
      return {
        requestId: env.event.requestContext.requestId,
        awsRequestId: env.context.awsRequestId,
        functionName: env.context.functionName,
      };
    });
    app.get('/after/:mark', (ctx) => {
      const mark = ctx.params.mark;
      ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, 100)).then(() => done.push(mark)));
      return { queued: mark };
    });
    await app.plugin(createMCPPlugin(mcp(app), { authToken: TOKEN }));
    return app;
  }

  function invocation(requestId: string, event: ReturnType<typeof v2Event>, awsRequestId: string) {
    return {
      event: { ...event, requestContext: { ...event.requestContext, requestId } },
      context: { ...lambdaContext(30_000), awsRequestId },
    };
  }

  function toolCall(name: string, args: Record<string, unknown>) {
    return v2Event({
      headers: { authorization: `Bearer ${TOKEN}`, 'mcp-protocol-version': '2025-06-18' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    });
  }

  it('a route reading ctx.env.event and ctx.env.context answers as a tool with the values of the MCP invocation', async () => {
    const handler = lambda(await lambdaApp([])) as (event: unknown, context: unknown) => Promise<LambdaAnswer>;
    const http = invocation('http-request-id', v2Event({ method: 'GET', path: '/invocation' }), 'aws-http');
    const direct = await handler(http.event, http.context);
    expect(direct.statusCode).toBe(200);
    expect(JSON.parse(direct.body)).toEqual({ requestId: 'http-request-id', awsRequestId: 'aws-http', functionName: 'fw-example' });

    const viaMcp = invocation('mcp-request-id', toolCall('get_invocation', {}), 'aws-mcp');
    const answer = await handler(viaMcp.event, viaMcp.context);
    expect(answer.statusCode).toBe(200);
    const result = JSON.parse(answer.body).result as ToolAnswer;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ requestId: 'mcp-request-id', awsRequestId: 'aws-mcp', functionName: 'fw-example' });

    const invoked = invocation('invoke-request-id', toolCall('fw/routes/invoke', { path: '/invocation' }), 'aws-invoke');
    const invokedAnswer = JSON.parse((await handler(invoked.event, invoked.context)).body).result as ToolAnswer;
    expect(invokedAnswer.structuredContent).toEqual({
      requestId: 'invoke-request-id',
      awsRequestId: 'aws-invoke',
      functionName: 'fw-example',
    });
  });

  it('ctx.waitUntil in a route tool ends before the invocation returns, as over HTTP', async () => {
    const done: string[] = [];
    const handler = lambda(await lambdaApp(done)) as (event: unknown, context: unknown) => Promise<LambdaAnswer>;
    await handler(v2Event({ method: 'GET', path: '/after/http' }), lambdaContext(30_000));
    expect(done).toEqual(['http']);
    const answer = await handler(toolCall('get_after_by_mark', { mark: 'tool' }), lambdaContext(30_000));
    expect(JSON.parse(answer.body).result.structuredContent).toEqual({ queued: 'tool' });
    expect(done).toEqual(['http', 'tool']);
  });
});

describe("on Node: the MCP request's connection stays out of in-process calls", () => {
  it('a route tool sees no env.incoming (so not the MCP request headers), and still the client address', async () => {
    const app = new Fw();
    app.get('/connection', (ctx) => ({
      incoming: typeof (ctx.env as { incoming?: unknown } | undefined)?.incoming,
      peer: peerAddress(ctx),
    }));
    await app.plugin(createMCPPlugin(mcp(app)));
    const server = await listen(app);
    try {
      const base = server.url;
      const http = await (await fetch(`${base}/connection`)).json();
      expect(http).toEqual({ incoming: 'object', peer: '127.0.0.1' });
      const client = await connectHTTP(`${base}/mcp`);
      try {
        const result = (await client.callTool({ name: 'get_connection', arguments: {} })) as ToolAnswer;
        expect(result.structuredContent).toEqual({ incoming: 'undefined', peer: '127.0.0.1' });
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });
});
