/**
 * Bounded work per request: a JSON-RPC batch holds at most `maxBatchSize` messages (100 by default; more is one
 * -32600 error with HTTP 400, nothing handled), and the MCP routes read at most the app's `maxBodySize` (or the
 * plugin's own `maxBodySize`): more is HTTP 413 with a JSON-RPC error, in process, on fw/node, in workerd, behind
 * fw/lambda and over legacy SSE; stdio caps batches too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Miniflare } from 'miniflare';
import { Fw } from 'fw';
import type { NodeServer } from 'fw/node';
import { StdioTransport, createMCPPlugin, createPlainMCPServer, type MCPHTTPOptions } from 'fw-mcp';
import { bundleWorker } from '../targets/worker/helpers';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { initialize, listen, post, repoRoot } from './helpers';
import { lambdaInstance, v2Event } from './lambda-events';
import { legacySSE } from 'fw-mcp/legacy-sse';

const batchHeaders = { accept: 'application/json', 'mcp-protocol-version': '2025-03-26' };
const MiB = 1024 * 1024;

function toolsLists(count: number) {
  return Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' }));
}

/** A ping whose body is `size` bytes long. */
function pingOfSize(size: number): string {
  const head = '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"';
  const tail = '"}}';
  return head + 'x'.repeat(size - head.length - tail.length) + tail;
}

async function appWith(options: MCPHTTPOptions = {}, app = new Fw()): Promise<Fw> {
  await app.plugin(createMCPPlugin(demoServer(), options));
  return app;
}

/** POSTs a body whose length is not declared (a stream), as a chunked upload would arrive. */
function postStreamed(app: Fw, text: string) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
  return app.request('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
}

function expectTooLarge(status: number, body: any): void {
  expect(status).toBe(413);
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  expect(body.error.message).toContain('Payload Too Large');
}

function expectBatchRefused(status: number, body: any, size: number, limit = 100): void {
  expect(status).toBe(400);
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
  expect(body.error.message).toContain(`a batch of ${size} messages is over the limit of ${limit}`);
}

describe('batch size', () => {
  it('refuses a batch of 10,000 tools/list with one small error instead of an 88 MB answer', async () => {
    const app = await appWith();
    const answer = await post(app, toolsLists(10_000), batchHeaders);
    expectBatchRefused(answer.status, answer.json, 10_000);
    expect(answer.text.length).toBeLessThan(1024);
  });

  it('answers a batch of exactly 100, and refuses 101', async () => {
    const app = await appWith();
    const full = await post(app, toolsLists(100), batchHeaders);
    expect(full.status).toBe(200);
    expect(full.json).toHaveLength(100);
    const over = await post(app, toolsLists(101), batchHeaders);
    expectBatchRefused(over.status, over.json, 101);
  });

  it('maxBatchSize sets another limit; a bad value fails at startup saying what to give', async () => {
    const app = await appWith({ maxBatchSize: 3 });
    expect((await post(app, toolsLists(3), batchHeaders)).json).toHaveLength(3);
    const over = await post(app, toolsLists(4), batchHeaders);
    expectBatchRefused(over.status, over.json, 4, 3);
    for (const bad of [0, 1.5, -1, '10'])
      expect(() => createMCPPlugin(demoServer(), { maxBatchSize: bad as number })).toThrow(/maxBatchSize must be a whole number/);
    for (const bad of [-1, 0.5, Number.NaN])
      expect(() => createMCPPlugin(demoServer(), { maxBodySize: bad })).toThrow(/maxBodySize must be whole bytes/);
  });

  it('caps legacy SSE POSTs too', async () => {
    const app = await appWith({ legacySSE });
    const stream = await app.request('/mcp/sse', { headers: { accept: 'text/event-stream' } });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('sessionId=')) text += (await reader.read()).value ?? '';
    const endpoint = /data: (\S+)/.exec(text)![1];
    const over = await post(app, toolsLists(101), {}, endpoint);
    expectBatchRefused(over.status, over.json, 101);
    const tooBig = await post(app, pingOfSize(MiB + 1), {}, endpoint);
    expectTooLarge(tooBig.status, tooBig.json);
    await reader.cancel();
  });

  it('caps stdio batches: one -32600 error for the line, and the next line is answered', async () => {
    const input = new TransformStream<string, string>();
    const lines: any[] = [];
    const output = new WritableStream<Uint8Array>({
      write(chunk) {
        for (const line of new TextDecoder().decode(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      },
    });
    const served = createPlainMCPServer(null, { name: 's', version: '1' }).start(new StdioTransport({ input: input.readable, output }));
    const writer = input.writable.getWriter();
    await writer.write(`${JSON.stringify(initialize('2025-03-26'))}\n`);
    await writer.write(`${JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'ping' })))}\n`);
    await writer.write(`${JSON.stringify([{ jsonrpc: '2.0', id: 'a', method: 'ping' }])}\n`);
    await writer.close();
    await served;
    // Lines are handled concurrently: the answers come in any order.
    const refused = lines.find((line) => !Array.isArray(line) && line.id === null);
    expect(refused).toMatchObject({ error: { code: -32600 } });
    expect(refused.error.message).toContain('a batch of 101 messages is over the limit of 100');
    expect(lines.find(Array.isArray)).toEqual([{ jsonrpc: '2.0', id: 'a', result: {} }]);
    expect(lines).toHaveLength(3);
    expect(() => new StdioTransport({ input: input.readable, output, maxBatchSize: 0 })).toThrow(/maxBatchSize/);
  });
});

describe('body size in process', () => {
  it("applies the app's maxBodySize (1 MiB by default): a declared length over it is 413, within it is answered", async () => {
    const app = await appWith();
    const over = await post(app, pingOfSize(MiB + 1));
    expectTooLarge(over.status, over.json);
    const within = await post(app, pingOfSize(MiB));
    expect(within.json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('counts a body without a declared length and stops at the limit', async () => {
    const app = await appWith();
    const over = await postStreamed(app, pingOfSize(MiB + 1));
    expectTooLarge(over.status, await over.json());
    const within = await postStreamed(app, pingOfSize(MiB));
    expect(await within.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it("follows the app's own maxBodySize", async () => {
    const app = await appWith({}, new Fw({ maxBodySize: 2000 }));
    expectTooLarge(...(await post(app, pingOfSize(2001)).then((a) => [a.status, a.json] as const)));
    expect((await post(app, pingOfSize(2000))).status).toBe(200);
  });

  it('the plugin maxBodySize sets the MCP limit explicitly, lower or higher than the app’s', async () => {
    const lower = await appWith({ maxBodySize: 500 });
    expectTooLarge(...(await post(lower, pingOfSize(501)).then((a) => [a.status, a.json] as const)));
    expect((await post(lower, pingOfSize(500))).status).toBe(200);
    const higher = await appWith({ maxBodySize: 8000 }, new Fw({ maxBodySize: 2000 }));
    expect((await post(higher, pingOfSize(8000))).json).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const streamed = await appWith({ maxBodySize: 500 });
    expectTooLarge((await postStreamed(streamed, pingOfSize(501))).status, await (await postStreamed(streamed, pingOfSize(501))).json());
  });
});

describe('body size on fw/node (real sockets)', () => {
  let server: NodeServer;
  let url: string;
  beforeAll(async () => {
    server = await listen(await appWith());
    url = `http://127.0.0.1:${server.port}/mcp`;
  });
  afterAll(() => server.stop());

  it('refuses a declared length over the limit, and a chunked body past it, with a JSON-RPC 413; then serves', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const declared = await fetch(url, { method: 'POST', headers, body: pingOfSize(MiB + 1) });
    expectTooLarge(declared.status, await declared.json());
    const chunked = await fetch(url, { method: 'POST', headers, body: chunkedBody(pingOfSize(2 * MiB)), duplex: 'half' } as RequestInit);
    expectTooLarge(chunked.status, await chunked.json());
    const batch = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(toolsLists(101)),
    });
    expectBatchRefused(batch.status, await batch.json(), 101);
    const ping = await fetch(url, { method: 'POST', headers, body: pingOfSize(1000) });
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

/** A body of `size` bytes sent as a stream, so no length is declared (chunked). */
function chunkedBody(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
}

describe('body size on fw/bun (Bun.serve in its own process)', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(`${repoRoot}node_modules/.bin/bun`, ['run', `${repoRoot}test/mcp/servers/bun-http.ts`], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    for await (const chunk of child.stdout!) {
      output += String(chunk);
      if (output.includes('\n')) break;
    }
    url = output.trim();
  }, 60_000);
  afterAll(async () => {
    if (child.exitCode === null) {
      child.kill();
      await once(child, 'exit');
    }
  });

  it('refuses a declared length over the limit (413), a chunked body past it (413, JSON-RPC) and a batch over 100 (400)', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    // A declared length over fw/bun's limit is refused before the body is read, through the app's error hooks: JSON-RPC.
    const declared = await fetch(url, { method: 'POST', headers, body: pingOfSize(MiB + 1) });
    expectTooLarge(declared.status, await declared.json());
    const chunked = await fetch(url, { method: 'POST', headers, body: chunkedBody(pingOfSize(2 * MiB)), duplex: 'half' } as RequestInit);
    expectTooLarge(chunked.status, await chunked.json());
    const batch = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(toolsLists(101)),
    });
    expectBatchRefused(batch.status, await batch.json(), 101);
    expect(await (await fetch(url, { method: 'POST', headers, body: pingOfSize(1000) })).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
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
      modules: [
        {
          type: 'ESModule',
          path: 'worker.mjs',
          contents: await bundleWorker('test/mcp/servers/worker-http.ts', { __MCP_OPTIONS__: '{}' }),
        },
      ],
    });
    url = new URL('/mcp', await mf.ready).href;
  }, 60_000);
  afterAll(async () => {
    await mf?.dispose();
  });

  it("refuses a body over the app's limit (413) and a batch over 100 (400) with JSON-RPC errors", async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const big = await fetch(url, { method: 'POST', headers, body: pingOfSize(MiB + 1) });
    expectTooLarge(big.status, await big.json());
    const batch = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(toolsLists(101)),
    });
    expectBatchRefused(batch.status, await batch.json(), 101);
    expect(await (await fetch(url, { method: 'POST', headers, body: pingOfSize(MiB) })).json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
  });
});

describe('behind fw/lambda', () => {
  it("refuses a body over the app's limit (413) and a batch over 100 (400) with JSON-RPC errors", async () => {
    const invoke = lambdaInstance(await appWith());
    const big = await invoke(v2Event({ body: pingOfSize(MiB + 1) }));
    expectTooLarge(big.statusCode, JSON.parse(big.body));
    const batch = await invoke(v2Event({ body: toolsLists(101), headers: { 'mcp-protocol-version': '2025-03-26' } }));
    expectBatchRefused(batch.statusCode, JSON.parse(batch.body), 101);
    expect(JSON.parse((await invoke(v2Event({ body: pingOfSize(MiB) }))).body)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});
