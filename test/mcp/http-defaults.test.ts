/**
 * Issue #18, safe defaults of the HTTP transport on every target (in process, fw/node, workerd, fw/lambda):
 * Origin enforced whenever allowedOrigins is set, 415 for bodies not declared as JSON, rate-limit keys from the
 * address the target knows (never a client's X-Forwarded-For), batches only for versions that had them, and a
 * warning when an unprotected endpoint is served beyond loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { networkInterfaces } from 'node:os';
import type { Miniflare } from 'miniflare';
import { Fw, trustProxy } from 'fw';
import { node } from 'fw/node';
import { createMCPPlugin, StdioTransport, type MCPHTTPOptions } from 'fw-mcp';
import { legacySSE } from 'fw-mcp/legacy-sse';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { bundleWorker, root, runWorker } from '../targets/worker/helpers';
import { appWith, initialize, listen, post } from './helpers';
import { albEvent, lambdaInstance, v2Event } from './lambda-events';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** Starts the worker fixture in workerd with these options; resolves to its base URL. */
async function workerWith(options: MCPHTTPOptions, extra: Record<string, unknown> = {}): Promise<string> {
  const mf: Miniflare = await runWorker(
    await bundleWorker('test/mcp/servers/worker-http.ts', { __MCP_OPTIONS__: JSON.stringify(options) }),
    extra,
  );
  stops.push(() => mf.dispose());
  return (await mf.ready).origin;
}

/** Miniflare rewrites URL and Host to this, as requests to a deployed worker carry them (dispatchFetch would not). */
const publicHost = { upstream: 'https://mcp.example.com' };

/** This machine's first non-loopback IPv4 address (a connection to it does not arrive on loopback). */
function publicAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
  expect(address, 'these tests need a network interface besides loopback').toBeDefined();
  return address!;
}

function postTo(url: string, headers: Record<string, string>, body: string = JSON.stringify(ping)): Promise<Response> {
  return fetch(url, { method: 'POST', headers, body });
}

describe('Origin, whenever allowedOrigins is set (403 with a JSON-RPC error)', () => {
  const options = { allowedOrigins: ['https://app.example'] };
  const simple = { 'content-type': 'text/plain', origin: 'https://evil.example' };

  it('refuses an unlisted Origin on a public host in process, even as a CORS-simple text/plain POST', async () => {
    const app = await appWith(demoServer(), options);
    const at = (headers: Record<string, string>) =>
      app.fetch(new Request('https://api.example.com/mcp', { method: 'POST', headers, body: JSON.stringify(ping) }));
    const refused = await at(simple);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: expect.stringContaining('Origin https://evil.example may not call this MCP server (it is not in allowedOrigins)'),
      },
    });
    expect((await at({ 'content-type': 'application/json', origin: 'https://evil.example' })).status).toBe(403);
    expect((await at({ 'content-type': 'application/json', origin: 'http://localhost:3000' })).status).toBe(403);
    expect((await at({ 'content-type': 'application/json', origin: 'https://app.example' })).status).toBe(200);
    expect((await at({ 'content-type': 'application/json' })).status).toBe(200);
  });

  it('leaves Origin alone on a public host when allowedOrigins is not set (non-browser clients, Bearer tokens)', async () => {
    const app = await appWith(demoServer());
    const response = await app.fetch(
      new Request('https://api.example.com/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://anywhere.example' },
        body: JSON.stringify(ping),
      }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses it inside workerd on a public host', async () => {
    const base = await workerWith(options, publicHost);
    const at = (headers: Record<string, string>) => postTo(`${base}/mcp`, headers);
    const refused = await at(simple);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe(-32600);
    expect((await at({ 'content-type': 'application/json', origin: 'https://app.example' })).status).toBe(200);
  });

  it('refuses it behind fw/lambda', async () => {
    const invoke = lambdaInstance(await appWith(demoServer(), options));
    const refused = await invoke(v2Event({ body: ping, headers: simple }));
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body).error.message).toContain('allowedOrigins');
    expect((await invoke(v2Event({ body: ping, headers: { origin: 'https://app.example' } }))).statusCode).toBe(200);
  });

  it('refuses it on fw/node bound to 0.0.0.0 and reached on a public address', async () => {
    const address = publicAddress();
    const running = await (await import('fw/node')).serve(await appWith(demoServer(), options), { port: 0, hostname: '0.0.0.0' });
    stops.push(() => running.stop());
    const url = `http://${address}:${running.port}/mcp`;
    expect((await postTo(url, simple)).status).toBe(403);
    expect((await postTo(url, { 'content-type': 'application/json', origin: 'https://app.example' })).status).toBe(200);
  });

  it('keeps loopback Origins on a local fw/node server', async () => {
    const running = await listen(await appWith(demoServer(), options));
    stops.push(() => running.stop());
    expect((await postTo(`${running.url}/mcp`, simple)).status).toBe(403);
    expect((await postTo(`${running.url}/mcp`, { 'content-type': 'application/json', origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await postTo(`${running.url}/mcp`, { 'content-type': 'application/json', origin: 'https://app.example' })).status).toBe(200);
  });
});

describe('POST bodies must be declared as JSON (415)', () => {
  const refusedTypes: (string | null)[] = [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    null,
  ];

  async function expect415(response: Response | { statusCode: number; headers: Record<string, string>; body: string }) {
    const status = response instanceof Response ? response.status : response.statusCode;
    const body = response instanceof Response ? await response.json() : JSON.parse(response.body);
    expect(status).toBe(415);
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain('Content-Type: application/json');
  }

  it('in process, on the endpoint and the legacy /stream, accepting application/json with parameters and any case', async () => {
    const app = await appWith(demoServer(), { legacySSE });
    for (const type of refusedTypes) {
      const headers: Record<string, string> = type === null ? {} : { 'content-type': type };
      await expect415(
        await app.fetch(new Request('http://localhost/mcp', { method: 'POST', headers, body: new Blob([JSON.stringify(ping)]) })),
      );
    }
    await expect415(
      await app.request('/mcp/stream?sessionId=x', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(ping),
      }),
    );
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      expect((await post(app, ping, { 'content-type': type })).status).toBe(200);
    }
  });

  it('on fw/node', async () => {
    const running = await listen(await appWith(demoServer()));
    stops.push(() => running.stop());
    await expect415(await postTo(`${running.url}/mcp`, { 'content-type': 'text/plain' }));
    expect((await postTo(`${running.url}/mcp`, { 'content-type': 'application/json' })).status).toBe(200);
  });

  it('inside workerd', async () => {
    const base = await workerWith({});
    await expect415(await postTo(`${base}/mcp`, { 'content-type': 'text/plain' }));
    await expect415(await postTo(`${base}/mcp`, { 'content-type': 'application/x-www-form-urlencoded' }));
  });

  it('behind fw/lambda', async () => {
    const invoke = lambdaInstance(await appWith(demoServer()));
    await expect415(await invoke(v2Event({ body: ping, headers: { 'content-type': 'text/plain' } })));
  });
});

describe('rate-limit keys come from the address the target knows', () => {
  const limit = { rateLimit: { max: 3, windowMs: 60_000 } };

  it('fw/node: rotating X-Forwarded-For does not get past a limit of 3 (the socket address counts)', async () => {
    const running = await listen(await appWith(demoServer(), limit));
    stops.push(() => running.stop());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await postTo(`${running.url}/mcp`, { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('fw/node: forwarded addresses count once the app trusts its proxy with trustProxy()', async () => {
    const app = new Fw();
    app.use(trustProxy());
    await app.plugin(createMCPPlugin(demoServer(), limit));
    const running = await listen(app);
    stops.push(() => running.stop());
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await postTo(`${running.url}/mcp`, { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });

  it('workerd: CF-Connecting-IP (set by Cloudflare) is the key, X-Forwarded-For is not', async () => {
    const base = await workerWith(limit);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await postTo(`${base}/mcp`, {
            'content-type': 'application/json',
            'cf-connecting-ip': '198.51.100.7',
            'x-forwarded-for': `203.0.113.${i}`,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await postTo(`${base}/mcp`, { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.8' })).status).toBe(200);
  });

  it('fw/lambda: the API Gateway source IP is the key; behind an ALB, the entry the ALB appended', async () => {
    const invoke = lambdaInstance(await appWith(demoServer(), limit));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await invoke(v2Event({ body: ping, headers: { 'x-forwarded-for': `203.0.113.${i}` }, sourceIp: '192.0.2.44' }))).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await invoke(v2Event({ body: ping, sourceIp: '192.0.2.45' }))).statusCode).toBe(200);

    const behindAlb = lambdaInstance(await appWith(demoServer(), limit));
    const albStatuses: number[] = [];
    for (let i = 0; i < 5; i++)
      albStatuses.push(
        (await behindAlb(albEvent({ body: ping, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` } }))).statusCode,
      );
    expect(albStatuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('in process (no address at all), requests fail loudly instead of sharing one bucket', async () => {
    const logged: unknown[] = [];
    const app = new Fw({ logErrors: (error) => logged.push(error) });
    await app.plugin(createMCPPlugin(demoServer(), limit));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(app, ping, { 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `203.0.113.${i}` })).status);
    expect(statuses).toEqual([500, 500, 500, 500]);
    expect(String(logged[0])).toContain('pass rateLimitKey');
  });

  it('hands a custom rateLimitKey the request and the context', async () => {
    const seen: string[] = [];
    const app = await appWith(demoServer(), {
      ...limit,
      rateLimitKey: (request, ctx) => {
        seen.push(`${request.method} ${ctx.request === request}`);
        return 'k';
      },
    });
    await post(app, ping);
    expect(seen).toEqual(['POST true']);
  });
});

describe('JSON-RPC batches, only for versions that had them', () => {
  const batch = [ping, { jsonrpc: '2.0', id: 2, method: 'ping' }];

  it('refuses a batch with -32600 for 2025-06-18 and 2025-11-25 (header), and accepts it for 2025-03-26, 2024-11-05 and no header', async () => {
    const app = await appWith(demoServer());
    for (const version of ['2025-06-18', '2025-11-25']) {
      const refused = await post(app, batch, { 'mcp-protocol-version': version });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toEqual({
        code: -32600,
        message: expect.stringContaining('batches were removed in protocol version 2025-06-18'),
      });
    }
    const older: Record<string, string>[] = [{ 'mcp-protocol-version': '2025-03-26' }, { 'mcp-protocol-version': '2024-11-05' }, {}];
    for (const headers of older) {
      const accepted = await post(app, batch, { accept: 'application/json', ...headers });
      expect(accepted.json.map((m: { id: number }) => m.id)).toEqual([1, 2]);
    }
  });

  it('goes by the version a session negotiated when the header is absent', async () => {
    const app = await appWith(demoServer(), { sessions: { secret: 'batch-secret-0123456789' } });
    const modern = (await post(app, initialize('2025-11-25'))).headers.get('mcp-session-id')!;
    expect((await post(app, batch, { 'mcp-session-id': modern })).status).toBe(400);
    const old = (await post(app, initialize('2025-03-26'))).headers.get('mcp-session-id')!;
    expect((await post(app, batch, { 'mcp-session-id': old, accept: 'application/json' })).json).toHaveLength(2);
  });

  it('refuses a batch over stdio after a 2025-06-18 initialize', async () => {
    const lines: any[] = [];
    const input = new ReadableStream<string>({
      start(controller) {
        controller.enqueue(`${JSON.stringify(initialize('2025-06-18'))}\n`);
        setTimeout(() => {
          controller.enqueue(`${JSON.stringify(batch)}\n`);
          controller.close();
        }, 20);
      },
    });
    await demoServer().start(
      new StdioTransport({
        input,
        output: {
          write: (text: string) => {
            lines.push(JSON.parse(text));
          },
        },
      }),
    );
    expect(lines[1]).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringContaining('batches were removed') },
    });
  });
});

describe('a warning when an unprotected endpoint is served beyond loopback', () => {
  let warn: { mock: { calls: unknown[][] }; mockClear(): void; mockRestore(): void };
  beforeAll(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockClear());
  afterAll(() => warn.mockRestore());
  const warnings = (): string[] =>
    warn.mock.calls.map((call: unknown[]) => String(call[0])).filter((text: string) => text.includes('[fw-mcp]'));

  async function hit(url: string, times = 2) {
    for (let i = 0; i < times; i++) await postTo(url, { 'content-type': 'application/json' });
  }

  it('warns once, saying how to protect it, for fw/node bound to 0.0.0.0 (serve() and app.listen())', async () => {
    const served = await (await import('fw/node')).serve(await appWith(demoServer()), { port: 0, hostname: '0.0.0.0' });
    stops.push(() => served.stop());
    await hit(`http://127.0.0.1:${served.port}/mcp`, 3);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/MCP endpoint \/mcp is served on 0\.0\.0\.0 without authentication.*authToken.*authorize\(ctx\)/);

    warn.mockClear();
    const app = new Fw({ adapter: node(), hostname: '0.0.0.0' });
    await app.plugin(createMCPPlugin(demoServer()));
    const server = await app.listen(0);
    stops.push(() => app.stop());
    await hit(`http://127.0.0.1:${server.port}/mcp`);
    expect(warnings()).toHaveLength(1);
  });

  it('stays quiet on 127.0.0.1 and localhost, and whenever authToken or authorize is set', async () => {
    const local = await listen(await appWith(demoServer()));
    stops.push(() => local.stop());
    await hit(`${local.url}/mcp`);
    const named = new Fw({ adapter: node(), hostname: 'localhost' });
    await named.plugin(createMCPPlugin(demoServer()));
    const namedServer = await named.listen(0);
    stops.push(() => named.stop());
    await hit(`http://localhost:${namedServer.port}/mcp`);
    for (const options of [{ authToken: 'tok-tok-tok' }, { authorize: () => true }] as MCPHTTPOptions[]) {
      const open = await (await import('fw/node')).serve(await appWith(demoServer(), options), { port: 0, hostname: '0.0.0.0' });
      stops.push(() => open.stop());
      await hit(`http://127.0.0.1:${open.port}/mcp`);
    }
    await post(await appWith(demoServer()), ping);
    expect(warnings()).toEqual([]);
  });

  it('on fw/bun bound to 0.0.0.0: warns once, and keys the rate limit by the socket address (X-Forwarded-For ignored)', async () => {
    const child = spawn(`${root}node_modules/.bin/bun`, ['run', `${root}test/mcp/servers/bun-defaults.ts`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stops.push(async () => {
      child.kill();
      if (child.exitCode === null) await once(child, 'exit');
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const [port] = (await once(child.stdout!, 'data')) as [Buffer];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await postTo(`http://127.0.0.1:${String(port).trim()}/mcp`, {
            'content-type': 'application/json',
            'x-forwarded-for': `203.0.113.${i}`,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (let i = 0; i < 50 && !stderr.includes('[fw-mcp]'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stderr.match(/\[fw-mcp\] The MCP endpoint \/mcp is served on 0\.0\.0\.0 without authentication/g)).toHaveLength(1);
  });

  it('on Lambda, goes by the host of the first request (once per instance)', async () => {
    const invoke = lambdaInstance(await appWith(demoServer()));
    for (let i = 0; i < 3; i++) await invoke(v2Event({ body: ping }));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('id.execute-api.us-east-1.amazonaws.com');
  });

  it('inside workerd, goes by the host of the first request', async () => {
    let stderr = '';
    const base = await workerWith(
      {},
      {
        ...publicHost,
        handleRuntimeStdio: (_out: NodeJS.ReadableStream, err: NodeJS.ReadableStream) =>
          err.on('data', (chunk) => {
            stderr += String(chunk);
          }),
      },
    );
    await hit(`${base}/mcp`);
    for (let i = 0; i < 50 && !stderr.includes('[fw-mcp]'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stderr.match(/\[fw-mcp\] The MCP endpoint \/mcp is served on mcp\.example\.com/g)).toHaveLength(1);
  });
});
