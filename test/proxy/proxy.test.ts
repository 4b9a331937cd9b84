/**
 * proxy() in process against a real upstream (fw/node on 127.0.0.1), with Hono's cases (src/helper/proxy/index.test.ts)
 * and @fastify/reply-from's where they fit, ported. Differences, on purpose:
 * - proxy() is configured once with its upstream (checked at startup) and forwards the request it is given; Hono's
 *   `proxy(url, init)` takes any URL per call, which lets request data choose where the app sends requests.
 * - Names listed in the client's Connection header are always removed, and invalid entries ignored (Hono keeps them
 *   unless `strictConnectionProcessing`, and then answers 400): fw sets X-Forwarded-* and the configured headers
 *   after the removal, so a client cannot use Connection to strip a header the proxy adds.
 * - Redirects reach the client (redirect: 'manual'), as @fastify/reply-from does; Hono's fetch follows them.
 * - An unreachable upstream is a 502 with fw's error body (reply-from answers 503/504 by error type; Hono throws).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, assignPeerAddress, trustProxy, type Context } from 'fw';
import { proxy, type ProxyOptions } from '../../src/proxy';
import { startUpstream, type Upstream } from './fixtures/upstream';

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.stop());

function app(options: Partial<ProxyOptions> = {}, setup?: (a: Fw) => void): Fw {
  const a = new Fw({ logErrors: false });
  setup?.(a);
  a.all('/*', proxy({ upstream: upstream.origin, ...options }));
  return a;
}

/** Sends a request as if from a client at `peer`. */
function send(a: Fw, path: string, init: RequestInit = {}, peer = '203.0.113.7'): Promise<Response> {
  const request = new Request(`http://proxy.example${path}`, init);
  assignPeerAddress(request, peer);
  return a.request(request);
}

const lastSeen = () => upstream.seen[upstream.seen.length - 1];

describe('proxy() forwarding', () => {
  it('forwards method, path, query and headers, and answers with the upstream response', async () => {
    const res = await send(app(), '/echo/a%20b?x=1&y=2', { headers: { 'x-request-id': '123' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-response-id')).toBe('456');
    const seen = (await res.json()) as { url: string; headers: Record<string, string> };
    expect(seen.url).toBe(`${upstream.origin}/echo/a%20b?x=1&y=2`);
    expect(seen.headers['x-request-id']).toBe('123');
    expect(seen.headers.host).toBe(upstream.origin.slice(7));
  });

  it('decodes a compressed answer and drops Content-Encoding and Content-Length (Hono: compressed)', async () => {
    const res = await send(app(), '/compressed', { headers: { 'accept-encoding': 'zstd' } });
    expect(lastSeen().headers['accept-encoding']).not.toBe('zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('content-range')).toBe('bytes 0-2/1024');
    expect(await res.text()).toBe('ok');
  });

  it('keeps Content-Length of an uncompressed answer (Hono: uncompressed)', async () => {
    const res = await send(app(), '/uncompressed');
    expect(res.headers.get('content-length')).toBe('2');
    expect(res.headers.get('content-range')).toBe('bytes 0-2/1024');
  });

  it('forwards a POST body (Hono: POST request)', async () => {
    const res = await send(app(), '/echo/post', { method: 'POST', body: 'test' });
    expect(((await res.json()) as { body: string }).body).toBe('test');
  });

  it('forwards a POST sent with Expect: 100-continue (curl sends it for bodies over 1 KB)', async () => {
    const res = await send(app(), '/echo/expect', { method: 'POST', body: 'x'.repeat(2048), headers: { expect: '100-continue' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { body: string }).body).toHaveLength(2048);
    expect(lastSeen().headers.expect).toBeUndefined();
  });

  it('forwards a body the app already read', async () => {
    const a = app({}, (x) =>
      x.use(async (ctx: Context, next) => {
        await ctx.bodyText();
        return next();
      }),
    );
    const res = await send(a, '/echo/read', { method: 'PUT', body: 'already read' });
    expect(((await res.json()) as { body: string }).body).toBe('already read');
  });

  it('removes hop-by-hop request headers and those Connection names (Hono: remove hop-by-hop headers, strict mode)', async () => {
    await send(app(), '/echo/hop', {
      headers: {
        connection: 'keep-alive, custom-header, invalid header',
        'keep-alive': 'timeout=5, max=1000',
        'proxy-authorization': 'Basic 123456',
        'proxy-x': 'y',
        te: 'trailers',
        'custom-header': 'test',
        'allowed-custom-header': 'test',
      },
    });
    const { headers } = lastSeen();
    expect(headers['keep-alive']).toBeUndefined();
    expect(headers['proxy-authorization']).toBeUndefined();
    expect(headers['proxy-x']).toBeUndefined();
    expect(headers.te).toBeUndefined();
    expect(headers['custom-header']).toBeUndefined();
    expect(headers['allowed-custom-header']).toBe('test');
  });

  it('sets configured headers after the cleaning, so Connection cannot strip them (Hono: specify hop-by-hop header by options)', async () => {
    await send(app({ headers: { 'proxy-authorization': 'Basic 123456', 'x-internal': 'yes' } }), '/echo/opt', {
      headers: { connection: 'x-internal' },
    });
    expect(lastSeen().headers['proxy-authorization']).toBe('Basic 123456');
    expect(lastSeen().headers['x-internal']).toBe('yes');
  });

  it('removes a header when the option says null (Hono: does not propagate undefined request headers)', async () => {
    await send(app({ headers: { authorization: null } }), '/echo/auth', { headers: { authorization: 'Bearer 123' } });
    expect(lastSeen().headers.authorization).toBeUndefined();
  });

  it('removes hop-by-hop response headers and those the upstream Connection names (Hono: remove response headers listed in Connection)', async () => {
    const res = await send(app(), '/connection-listed');
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBeNull();
    expect(res.headers.get('keep-alive')).toBeNull();
    expect(res.headers.get('x-connection-scoped')).toBeNull();
    expect(res.headers.get('x-normal')).toBe('kept');
  });

  it('passes every Set-Cookie through, and a handler may change the answer (Hono: modify header)', async () => {
    const forward = proxy({ upstream: upstream.origin });
    const a = new Fw().get('/set-cookie', async (ctx) => {
      const res = await forward(ctx);
      res.headers.set('x-extra', '1');
      return res;
    });
    const res = await send(a, '/set-cookie');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-extra')).toBe('1');
  });

  it('answers the upstream status (Hono: not found)', async () => {
    expect((await send(app(), '/not-found')).status).toBe(404);
  });

  it('answers a 304 without a body, with its headers', async () => {
    const res = await send(app(), '/not-modified');
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"v1"');
    expect(res.body).toBeNull();
  });

  it('passes redirects to the client instead of following them (reply-from)', async () => {
    const res = await send(app(), '/redirect');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/elsewhere');
  });

  it('puts the upstream path first and lets path() rewrite (reply-from: base path, rewrite)', async () => {
    const a = app({
      upstream: `${upstream.origin}/echo/`,
      path: (ctx) => ctx.path.replace(/^\/api/, '') + (ctx.search ? `?${ctx.search}` : ''),
    });
    const res = await send(a, '/api/users?id=1');
    expect(((await res.json()) as { url: string }).url).toBe(`${upstream.origin}/echo/users?id=1`);
  });

  it('never leaves the upstream origin, whatever the path', async () => {
    for (const path of ['//evil.example/x', '/@evil.example/', '/\\evil.example/']) {
      const res = await send(app({ upstream: `${upstream.origin}/echo`, path: () => path }), '/');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { url: string }).url.startsWith(`${upstream.origin}/echo`)).toBe(true);
    }
  });
});

describe('proxy() X-Forwarded-*', () => {
  it('sets them from the peer, Host and scheme, and drops what the client claimed', async () => {
    await send(app(), '/echo/xf', {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
      },
    });
    const { headers } = lastSeen();
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-host']).toBe('proxy.example');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
  });

  it('with trustProxy, keeps the hops it verified and appends the peer', async () => {
    const a = app({}, (x) => x.use(trustProxy({ trusted: ['10.0.0.0/8'] })));
    await send(
      a,
      '/echo/trusted',
      {
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.2', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' },
      },
      '10.0.0.1',
    );
    const { headers } = lastSeen();
    expect(headers['x-forwarded-for']).toBe('198.51.100.1, 10.0.0.2, 10.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-host']).toBe('app.example');
  });

  it('with trustProxy and an untrusted peer, ignores the client claims', async () => {
    const a = app({}, (x) => x.use(trustProxy({ trusted: ['10.0.0.0/8'] })));
    await send(a, '/echo/untrusted', {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    const { headers } = lastSeen();
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe('proxy.example');
  });

  it('writes an IPv4-mapped peer address as plain IPv4', async () => {
    await send(app(), '/echo/mapped', {}, '::ffff:198.51.100.9');
    expect(lastSeen().headers['x-forwarded-for']).toBe('198.51.100.9');
  });

  it('sends none with xForwarded: false (and still drops the client claims)', async () => {
    await send(app({ xForwarded: false }), '/echo/none', { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(lastSeen().headers['x-forwarded-for']).toBeUndefined();
    expect(lastSeen().headers['x-forwarded-host']).toBeUndefined();
  });
});

describe('proxy() streaming and failures', () => {
  it('streams the answer: the first chunk arrives before the upstream finished', async () => {
    const reader = (await send(app(), '/chunks')).body!.getReader();
    // The upstream sends a chunk every 300 ms: a buffered answer would arrive as one piece.
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk-0;');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk-1;');
    await reader.cancel();
  });

  it('streams the request body: the upstream answers after the first chunk, before the client has sent the rest', async () => {
    let more!: () => void;
    const wait = new Promise<void>((resolve) => (more = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('first'));
        await wait;
        controller.close();
      },
    });
    const res = await send(app(), '/upload-first-chunk', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await res.text()).toBe('first');
    more();
  });

  it('stops the upstream request when the client goes away (Hono: client disconnect)', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('first'));
      },
    });
    const pending = send(app(), '/read-all', { method: 'POST', body, duplex: 'half', signal: controller.signal } as RequestInit);
    await upstream.bodyStarted;
    controller.abort();
    expect((await pending).status).toBe(499);
    await upstream.bodyAborted;
  });

  it('answers 502 with no engine text when the upstream is unreachable, and logs the cause', async () => {
    const logged: unknown[] = [];
    const a = new Fw({ logErrors: (error) => logged.push(error) }).all('/*', proxy({ upstream: 'http://127.0.0.1:9' }));
    const res = await send(a, '/x');
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: 'The upstream could not be reached', code: 'PROXY_UPSTREAM_FAILED' });
    expect(logged).toHaveLength(1);
    expect((logged[0] as Error).cause).toBeDefined();
  });

  it('answers 504 when the upstream is slower than timeout', async () => {
    const res = await send(app({ timeout: 200 }), '/slow');
    expect(res.status).toBe(504);
    expect(((await res.json()) as { code: string }).code).toBe('PROXY_UPSTREAM_TIMEOUT');
  });

  it('uses the fetch it is given (Hono: custom fetch method)', async () => {
    const a = app({ fetch: async (request) => new Response(`custom: ${await request.text()}`) });
    const res = await send(a, '/', { method: 'POST', body: 'hi' });
    expect(await res.text()).toBe('custom: hi');
  });
});

describe('proxy() upstream choice', () => {
  it('lets a function upstream choose among allowedOrigins and refuses others with 400', async () => {
    const a = app({ upstream: (ctx) => `${ctx.header('x-target') ?? ''}/echo`, allowedOrigins: [upstream.origin] });
    expect((await send(a, '/ok', { headers: { 'x-target': upstream.origin } })).status).toBe(200);
    const refused = await send(a, '/ok', { headers: { 'x-target': 'http://127.0.0.2:1' } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('PROXY_UPSTREAM_REFUSED');
    expect((await send(a, '/ok', { headers: { 'x-target': 'not a url' } })).status).toBe(400);
  });

  it('refuses bad options at startup, with what to write', () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /give options/],
      [{}, /upstream is required/],
      [{ upstream: '127.0.0.1:4000' }, /http or https URL|absolute URL/],
      [{ upstream: 'ftp://x' }, /http or https/],
      [{ upstream: 'http://u:p@x' }, /credentials/],
      [{ upstream: 'http://x/?a=1' }, /query or fragment/],
      [{ upstream: () => 'http://x' }, /allowedOrigins/],
      [{ upstream: () => 'http://x', allowedOrigins: ['http://x/'] }, /write "http:\/\/x"/],
      [{ upstream: 'http://x', allowedOrigins: ['http://x'] }, /function upstream only/],
      [{ upstream: 'http://x', timeout: 0 }, /timeout/],
      [{ upstream: 'http://x', headers: { 'bad name': 'x' } }, /not a header name/],
      [{ upstream: 'http://x', headers: { a: 'x\r\ny' } }, /line break/],
      [{ upstream: 'http://x', headers: { a: 1 } }, /must be a string/],
      [{ upstream: 'http://x', fetch: 'f' }, /fetch must be a function/],
      [{ upstream: 'http://x', upstreams: [] }, /unknown option "upstreams"/],
    ];
    for (const [options, message] of cases) expect(() => proxy(options as ProxyOptions)).toThrow(message);
    expect(() => proxy({ upstream: () => 'http://x', allowedOrigins: 'any' })).not.toThrow();
  });
});
