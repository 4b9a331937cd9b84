/**
 * In-process calls made by tools are bounded: none reaches the MCP endpoint again (so no recursion through /mcp or
 * /mcp/sse), one tool call makes at most `maxInProcessCalls`, and every call ends with its tool call (the client's
 * cancel) or after `inProcessTimeoutMs`, its response stream cancelled. Each limit is a tool error, never a crash.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Fw, rateLimitMiddleware } from 'fw';
import { createMCPPlugin, mcp, type MCPServerOptions } from 'fw-mcp';
import { connectHTTP, listen } from './helpers';

const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

/** Streams opened by `/events` and whether each was cancelled. */
const streams: Array<{ cancelled: boolean }> = [];

function boundsApp(): Fw {
  const app = new Fw();
  app.get('/users/:id', (ctx) => ({ id: ctx.params.id }));
  app.get('/internal', () => ({ secret: 'internal' }), { hidden: true });
  app.get('/events', () => {
    const seen = { cancelled: false };
    streams.push(seen);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: first\n\n'));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  app.get('/hang', () => new Promise<never>(() => {}));
  return app;
}

/** The app served on 127.0.0.1 (a loopback caller sees the runtime tools), and the SDK client connected to it. */
async function connected(options: MCPServerOptions = {}): Promise<Client> {
  const app = boundsApp();
  await app.plugin(createMCPPlugin(mcp(app, { allowMutation: true, ...options })));
  const running = await listen(app);
  stops.push(() => running.stop());
  const client = await connectHTTP(`http://127.0.0.1:${running.port}/mcp`);
  stops.push(() => client.close());
  return client;
}

/** A tools/call of fw/http-request POSTing `inner` to /mcp, nested `depth` times around a tools/list. */
function nested(depth: number): Record<string, unknown> {
  let body: Record<string, unknown> = { jsonrpc: '2.0', id: 0, method: 'tools/list' };
  for (let i = 1; i <= depth; i++) {
    body = {
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: {
        name: 'fw/http-request',
        arguments: { path: '/mcp', method: 'POST', headers: { accept: 'application/json, text/event-stream' }, body },
      },
    };
  }
  return body;
}

function outputOf(result: unknown): { status: number; body: { message?: string } } {
  return (result as { structuredContent: { output: { status: number; body: { message?: string } } } }).structuredContent.output;
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

describe('no recursion into the MCP endpoint', () => {
  it('fw/http-request of /mcp, nested 30 deep, is refused at the first level with 404 and the server keeps serving', async () => {
    const client = await connected();
    const outer = nested(30).params as { arguments: Record<string, unknown> };
    const result = await client.callTool({ name: 'fw/http-request', arguments: outer.arguments });
    const output = outputOf(result);
    expect(output.status).toBe(404);
    expect(output.body.message).toContain('do not reach hidden routes (the MCP endpoint among them)');
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);
  });

  it('fw/http-request of /mcp/sse answers 404 at once instead of opening a stream that never ends', async () => {
    const client = await connected();
    const started = Date.now();
    const output = outputOf(await client.callTool({ name: 'fw/http-request', arguments: { path: '/mcp/sse' } }));
    expect(output.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fw/routes/invoke and fw/chain-requests reach no hidden route of the app', async () => {
    const client = await connected();
    const invoked = await client.callTool({ name: 'fw/routes/invoke', arguments: { path: '/internal' } });
    expect(invoked.isError).toBe(true);
    expect(JSON.stringify(invoked)).not.toContain('"secret"');
    const chained = await client.callTool({ name: 'fw/chain-requests', arguments: { requests: [{ path: '/mcp', method: 'POST' }] } });
    expect(chained.isError).toBe(true);
    expect(JSON.stringify(chained)).toContain('answered 404');
  });
});

describe('a budget of in-process calls per tool call', () => {
  it('maxInProcessCalls: 3 stops a chain of 5 at the fourth request, as a tool error', async () => {
    const client = await connected({ maxInProcessCalls: 3 });
    const requests = [1, 2, 3, 4, 5].map((id) => ({ path: `/users/${id}` }));
    const result = await client.callTool({ name: 'fw/chain-requests', arguments: { requests } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('GET /users/4: this tool call already made 3 in-process calls');
    const next = await client.callTool({ name: 'fw/chain-requests', arguments: { requests: requests.slice(0, 3) } });
    expect(next.isError).toBeFalsy();
  });

  it('the default (32) holds a workflow whose code step loops over requests', async () => {
    const app = boundsApp();
    const server = mcp(app, {
      workflows: [
        {
          name: 'loop',
          description: 'Requests the same path 100 times',
          steps: [
            {
              type: 'code',
              run: async (_input, _prev, tools) => {
                for (let i = 0; i < 100; i++) await tools.request({ url: '/users/1' });
              },
            },
          ],
        },
      ],
    });
    await app.plugin(createMCPPlugin(server));
    const running = await listen(app);
    stops.push(() => running.stop());
    const client = await connectHTTP(`http://127.0.0.1:${running.port}/mcp`);
    stops.push(() => client.close());
    const result = await client.callTool({ name: 'loop', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('already made 32 in-process calls');
  });

  it('a bad limit fails at startup, naming the option', () => {
    expect(() => mcp(new Fw(), { maxInProcessCalls: 0 })).toThrow('maxInProcessCalls must be a positive integer, got 0');
    expect(() => mcp(new Fw(), { inProcessTimeoutMs: -1 })).toThrow('inProcessTimeoutMs must be a positive integer, got -1');
  });
});

describe('every in-process call ends with its caller', () => {
  it('a response stream that never ends is cut after inProcessTimeoutMs and cancelled (tool error)', async () => {
    const client = await connected({ inProcessTimeoutMs: 300 });
    const before = streams.length;
    const started = Date.now();
    const result = await client.callTool({ name: 'fw/routes/invoke', arguments: { path: '/events' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('GET /events did not answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await waitFor(() => streams.length > before && streams[before].cancelled, 1000)).toBe(true);
  });

  it('a handler that never answers is cut after inProcessTimeoutMs, through a route tool too', async () => {
    const client = await connected({ inProcessTimeoutMs: 300 });
    const result = await client.callTool({ name: 'get_hang', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toContain('GET /hang did not answer within 300 ms');
  });

  it('a client that aborts its POST ends the in-process call and cancels its stream, long before the default timeout', async () => {
    const app = boundsApp();
    await app.plugin(createMCPPlugin(mcp(app)));
    const running = await listen(app);
    stops.push(() => running.stop());
    const before = streams.length;
    const abort = new AbortController();
    const call = fetch(`http://127.0.0.1:${running.port}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'fw/http-request', arguments: { path: '/events' } },
      }),
      signal: abort.signal,
    });
    expect(await waitFor(() => streams.length > before, 2000)).toBe(true);
    abort.abort();
    await expect(call).rejects.toThrow();
    expect(await waitFor(() => streams[before].cancelled, 2000)).toBe(true);
    const client = await connectHTTP(`http://127.0.0.1:${running.port}/mcp`);
    stops.push(() => client.close());
    expect((await client.callTool({ name: 'get_users_by_id', arguments: { id: '7' } })).structuredContent).toEqual({ id: '7' });
  });
});

describe("the caller's address goes along", () => {
  it("the app's rate limit counts a tool's in-process calls against the MCP client's own address", async () => {
    const app = boundsApp();
    app.use('/users', rateLimitMiddleware({ max: 3, windowMs: 60_000 }));
    await app.plugin(createMCPPlugin(mcp(app)));
    const running = await listen(app);
    stops.push(() => running.stop());
    const client = await connectHTTP(`http://127.0.0.1:${running.port}/mcp`);
    stops.push(() => client.close());
    const first = await client.callTool({ name: 'get_users_by_id', arguments: { id: '1' } });
    expect(first.structuredContent).toEqual({ id: '1' });
    expect((await client.callTool({ name: 'fw/routes/invoke', arguments: { path: '/users/2' } })).structuredContent).toEqual({ id: '2' });
    expect((await fetch(`http://127.0.0.1:${running.port}/users/3`)).status).toBe(200);
    const limited = await client.callTool({ name: 'get_users_by_id', arguments: { id: '4' } });
    expect(limited.isError).toBe(true);
    expect(JSON.stringify(limited)).toContain('HTTP 429');
  });
});
