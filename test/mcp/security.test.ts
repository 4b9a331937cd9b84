/** Bearer auth, rate limit and Origin checks, in process, after compile() and behind a real listen(). */
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { Fw, trustProxy } from 'fw';
import { node } from 'fw/node';
import { createMCPPlugin } from 'fw-mcp';
import { constantTimeEqual } from '../../mcp/src/http/guard';
import { TokenBuckets } from '../../mcp/src/http/rate-limit';
import { demoServer } from '../../examples/mcp-stdio/demo';
import { appWith, connectHTTP, listen, post } from './helpers';

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

/** A POST with a hand-set Host header (fetch cannot set one), as a DNS-rebinding browser would send it. */
function rawPost(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(ping));
  });
}
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function expectUnauthorized(response: Response, invalid: boolean) {
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe(invalid ? 'Bearer realm="mcp", error="invalid_token"' : 'Bearer realm="mcp"');
  expect(await response.json()).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32001, message: expect.stringContaining('Unauthorized') },
  });
}

function send(base: string | Fw, path: string, init: RequestInit): Promise<Response> {
  return typeof base === 'string' ? fetch(`${base}${path}`, init) : base.request(path, init);
}

async function checkAuth(base: string | Fw) {
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  await expectUnauthorized(await send(base, '/mcp', { method: 'POST', headers: json, body: JSON.stringify(ping) }), false);
  await expectUnauthorized(
    await send(base, '/mcp', { method: 'POST', headers: { ...json, authorization: 'Bearer wrong-token' }, body: JSON.stringify(ping) }),
    true,
  );
  await expectUnauthorized(
    await send(base, '/mcp', { method: 'POST', headers: { ...json, authorization: 'Basic s3cret-token' }, body: JSON.stringify(ping) }),
    true,
  );
  await expectUnauthorized(await send(base, '/mcp/sse', { method: 'GET' }), false);
  await expectUnauthorized(await send(base, '/mcp/stream?sessionId=x', { method: 'POST', headers: json, body: '{}' }), false);
  await expectUnauthorized(await send(base, '/mcp', { method: 'GET' }), false);
  const ok = await send(base, '/mcp', {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer s3cret-token' },
    body: JSON.stringify(ping),
  });
  expect(await ok.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
}

describe('authToken', () => {
  it('compares in constant time over the bytes', () => {
    expect(constantTimeEqual('Bearer abc', 'Bearer abc')).toBe(true);
    expect(constantTimeEqual('Bearer abc', 'Bearer abd')).toBe(false);
    expect(constantTimeEqual('Bearer ab', 'Bearer abc')).toBe(false);
    expect(constantTimeEqual('', 'x')).toBe(false);
  });

  it('guards every MCP endpoint in process', async () => {
    await checkAuth(await appWith(demoServer(), { authToken: 's3cret-token' }));
  });

  it('still guards after app.compile()', async () => {
    const app = await appWith(demoServer(), { authToken: 's3cret-token' });
    app.compile();
    await checkAuth(app);
  });

  it('still guards behind listen() on a real server, and lets the SDK client in with the token', async () => {
    const app = new Fw({ adapter: node(), hostname: '127.0.0.1' });
    await app.plugin(createMCPPlugin(demoServer(), { authToken: 's3cret-token' }));
    const server = await app.listen(0);
    stops.push(() => app.stop());
    const base = `http://127.0.0.1:${server.port}`;
    await checkAuth(base);
    const client = await connectHTTP(`${base}/mcp`, { authorization: 'Bearer s3cret-token' });
    stops.push(() => client.close());
    expect((await client.listTools()).tools).toHaveLength(7);
    await expect(connectHTTP(`${base}/mcp`, { authorization: 'Bearer nope' })).rejects.toThrow();
  });

  it('refuses an empty token at setup', () => {
    expect(() => createMCPPlugin(demoServer(), { authToken: '' })).toThrow(/authToken/);
  });
});

describe('rate limit', () => {
  it('refills a token bucket continuously and says how long to wait', () => {
    const buckets = new TokenBuckets(2, 1000);
    expect([buckets.take('a', 0), buckets.take('a', 0)]).toEqual([0, 0]);
    expect(buckets.take('a', 0)).toBe(500);
    expect(buckets.take('b', 0)).toBe(0);
    expect(buckets.take('a', 500)).toBe(0);
    expect(() => new TokenBuckets(0, 1000)).toThrow(/positive/);
  });

  async function checkLimit(base: string | Fw) {
    const headers = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++)
      expect((await send(base, '/mcp', { method: 'POST', headers, body: JSON.stringify(ping) })).status).toBe(200);
    const limited = await send(base, '/mcp', { method: 'POST', headers, body: JSON.stringify(ping) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await limited.json()).error).toEqual({ code: -31429, message: 'Too many requests: rate limit exceeded' });
    const other = await send(base, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify(ping),
    });
    expect(other.status).toBe(200);
  }

  /** An app whose trustProxy() trusts one proxy hop (the in-process peer stands for that proxy). */
  async function behindProxy(): Promise<Fw> {
    const app = new Fw();
    app.use(trustProxy({ hops: 1, remoteAddress: () => '10.0.0.1' }));
    await app.plugin(createMCPPlugin(demoServer(), { rateLimit: { max: 3, windowMs: 60_000 } }));
    return app;
  }

  it("limits per client address from the app's trustProxy(), in process and after compile()", async () => {
    await checkLimit(await behindProxy());
    const compiled = await behindProxy();
    compiled.compile();
    await checkLimit(compiled);
  });

  it('limits behind listen() too, with a custom key', async () => {
    const app = new Fw({ adapter: node(), hostname: '127.0.0.1' });
    await app.plugin(
      createMCPPlugin(demoServer(), { rateLimit: { max: 1, windowMs: 60_000 }, rateLimitKey: (r) => r.headers.get('x-tenant') ?? 'anon' }),
    );
    const server = await app.listen(0);
    stops.push(() => app.stop());
    const base = `http://127.0.0.1:${server.port}`;
    const hit = (tenant: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant': tenant },
        body: JSON.stringify(ping),
      });
    expect((await hit('a')).status).toBe(200);
    expect((await hit('a')).status).toBe(429);
    expect((await hit('b')).status).toBe(200);
  });
});

describe('Origin validation (DNS rebinding)', () => {
  it('refuses a foreign Origin on a localhost server and accepts loopback and listed origins', async () => {
    const app = await appWith(demoServer(), { allowedOrigins: ['https://app.example'] });
    const postFrom = (origin: string, host = 'http://localhost') =>
      app.fetch(
        new Request(`${host}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(ping) }),
      );
    const evil = await postFrom('https://evil.example');
    expect(evil.status).toBe(403);
    expect((await evil.json()).error.message).toContain('evil.example');
    expect((await postFrom('http://127.0.0.1:5173')).status).toBe(200);
    expect((await postFrom('https://app.example')).status).toBe(200);
    expect((await postFrom('https://evil.example', 'https://api.example.com')).status).toBe(403);
    expect((await postFrom('https://app.example', 'https://api.example.com')).status).toBe(200);
  });

  it('refuses a rebound Host name on an app listening on 127.0.0.1 (DNS rebinding), and honours allowedHosts', async () => {
    const app = new Fw({ adapter: node(), hostname: '127.0.0.1' });
    await app.plugin(createMCPPlugin(demoServer()));
    const server = await app.listen(0);
    stops.push(() => app.stop());
    const rebound = await rawPost(server.port, { host: `evil.example:${server.port}`, origin: `http://evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('Host evil.example is not allowed');
    expect((await rawPost(server.port, { host: `localhost:${server.port}` })).status).toBe(200);
    const named = await appWith(demoServer(), { allowedHosts: ['mcp.internal'] });
    const to = (host: string) =>
      named.fetch(
        new Request(`http://${host}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ping) }),
      );
    expect((await to('mcp.internal')).status).toBe(200);
    expect((await to('other.internal')).status).toBe(403);
  });

  it('refuses a rebound Host name on a server that fw/node serve() bound to 127.0.0.1 (the connection is loopback)', async () => {
    const running = await listen(await appWith(demoServer()));
    stops.push(() => running.stop());
    const rebound = await rawPost(running.port, { host: `evil.example:${running.port}`, origin: `http://evil.example:${running.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.message).toContain('allowedHosts');
    for (const host of [`127.0.0.1:${running.port}`, `LOCALHOST:${running.port}`, `[::1]:${running.port}`, 'localhost']) {
      expect((await rawPost(running.port, { host })).status).toBe(200);
    }
    const proxied = await listen(await appWith(demoServer(), { allowedHosts: ['api.example.com'] }));
    stops.push(() => proxied.stop());
    expect((await rawPost(proxied.port, { host: 'api.example.com' })).status).toBe(200);
    expect((await rawPost(proxied.port, { host: 'evil.example' })).status).toBe(403);
  });

  it('refuses a foreign Origin behind a real server on 127.0.0.1', async () => {
    const app = new Fw({ adapter: node(), hostname: '127.0.0.1' });
    await app.plugin(createMCPPlugin(demoServer()));
    const server = await app.listen(0);
    stops.push(() => app.stop());
    const response = await fetch(`http://127.0.0.1:${server.port}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://attacker.test' },
      body: JSON.stringify(ping),
    });
    expect(response.status).toBe(403);
  });
});

describe('authToken with the right token', () => {
  it('reaches tools/list in process', async () => {
    const app = await appWith(demoServer(), { authToken: 't0ken-t0ken' });
    const { json } = await post(app, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { authorization: 'Bearer t0ken-t0ken' });
    expect(json.result.tools).toHaveLength(7);
  });
});
