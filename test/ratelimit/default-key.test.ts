/**
 * The default key of rateLimit() is the peer address the target knows (or ctx.ip behind trustProxy), never a header
 * the client sends: rotating X-Forwarded-For does not get past `max: 3` on fw/node over real sockets, on the Lambda
 * handler or in process, and a request with no address at all fails loudly instead of sharing one bucket.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { assignPeerAddress, Fw, rateLimit, trustProxy, type Context } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { lambda } from 'fw/lambda';
import { createMCPPlugin, mcp } from 'fw-mcp';
import { post } from '../mcp/helpers';
import { lambdaContext } from '../fixtures/lambda/context';
import { fixture } from '../targets/lambda/fixtures';

const servers: NodeServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

/** A GET over a real socket, from `localAddress` (Linux answers on every 127.x address), with the given headers. */
function get(port: number, headers: Record<string, string> = {}, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers, localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function limited(options: Parameters<typeof rateLimit>[0], front?: (app: Fw) => void): Promise<Fw> {
  const app = new Fw({ logErrors: false });
  front?.(app);
  await app.plugin(rateLimit(options));
  app.get('/', () => 'ok');
  app.all('/*', () => 'ok');
  return app;
}

async function listening(app: Fw): Promise<number> {
  const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  return server.port;
}

const rotating = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}`, 'x-real-ip': `198.51.100.${i}` });

describe('rateLimit() default key on fw/node (real sockets)', () => {
  it('rotating X-Forwarded-For and X-Real-IP does not get past max: 3 (the socket address counts)', async () => {
    const port = await listening(await limited({ max: 3 }));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await get(port, rotating(i)));
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('two clients without any header get separate buckets', async () => {
    const port = await listening(await limited({ max: 2 }));
    const one = [await get(port, {}, '127.0.0.1'), await get(port, {}, '127.0.0.1'), await get(port, {}, '127.0.0.1')];
    const two = [await get(port, {}, '127.0.0.2'), await get(port, {}, '127.0.0.2'), await get(port, {}, '127.0.0.2')];
    expect(one).toEqual([200, 200, 429]);
    expect(two).toEqual([200, 200, 429]);
  });

  it('behind trustProxy() the forwarded address of a trusted hop counts', async () => {
    const port = await listening(await limited({ max: 1 }, (app) => app.use(trustProxy())));
    expect(await get(port, { 'x-forwarded-for': '203.0.113.1' })).toBe(200);
    expect(await get(port, { 'x-forwarded-for': '203.0.113.2' })).toBe(200);
    expect(await get(port, { 'x-forwarded-for': '203.0.113.1' })).toBe(429);
  });

  it('behind trustProxy() that does not trust the peer, rotating X-Forwarded-For still counts as one client', async () => {
    const port = await listening(await limited({ max: 1 }, (app) => app.use(trustProxy({ trusted: ['10.0.0.0/8'] }))));
    expect(await get(port, { 'x-forwarded-for': '203.0.113.1' })).toBe(200);
    expect(await get(port, { 'x-forwarded-for': '203.0.113.2' })).toBe(429);
  });
});

describe('rateLimit() default key on the Lambda handler', () => {
  async function statuses(name: string, each: (event: any, i: number) => void, count = 5): Promise<number[]> {
    const handler = lambda(await limited({ max: 3 }));
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const event = fixture(name);
      each(event, i);
      out.push(((await handler(event, lambdaContext())) as { statusCode: number }).statusCode);
    }
    return out;
  }

  const spoof = (event: any, i: number) => {
    event.headers = { ...event.headers, ...rotating(i) };
    if (event.multiValueHeaders) event.multiValueHeaders = { ...event.multiValueHeaders, 'x-forwarded-for': [`203.0.113.${i}`] };
  };

  it.each(['apigw-v2', 'apigw-v1', 'function-url'])('%s: the source IP counts, rotating X-Forwarded-For does not help', async (name) => {
    expect(await statuses(name, spoof)).toEqual([200, 200, 200, 429, 429]);
  });

  it('apigw-v2: another source IP is another client', async () => {
    const handler = lambda(await limited({ max: 1 }));
    const from = (ip: string) => {
      const event = fixture('apigw-v2');
      event.requestContext.http.sourceIp = ip;
      return handler(event, lambdaContext()) as Promise<{ statusCode: number }>;
    };
    expect((await from('192.0.2.1')).statusCode).toBe(200);
    expect((await from('192.0.2.1')).statusCode).toBe(429);
    expect((await from('192.0.2.2')).statusCode).toBe(200);
  });

  it('alb: the entry the load balancer appended counts, entries a client prepends do not', async () => {
    const prepend = (event: any, i: number) => {
      event.headers = { ...event.headers, 'x-forwarded-for': `203.0.113.${i}, 198.51.100.20` };
    };
    expect(await statuses('alb-single', prepend)).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('rateLimit() default key in process', () => {
  it('a request with no address fails loudly (500, the logged error names the fix) instead of sharing one bucket', async () => {
    const logged: unknown[] = [];
    const app = new Fw({ logErrors: (error) => logged.push(error) });
    await app.plugin(rateLimit({ max: 3 }));
    app.get('/', () => 'ok');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.request('/', { headers: rotating(i) })).status);
    expect(statuses).toEqual([500, 500, 500, 500, 500]);
    const body = await (await app.request('/')).json();
    expect(body).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(logged).toHaveLength(6);
    expect(String(logged[0])).toContain('Pass key: (ctx) => ...');
    expect(String(logged[0])).toContain('mount trustProxy()');
  });

  it('with a key the same app counts in process', async () => {
    const app = await limited({ max: 1, key: () => 'test client' });
    expect((await app.request('/')).status).toBe(200);
    expect((await app.request('/')).status).toBe(429);
  });

  it('an in-process request made for a client (assignPeerAddress, as fw-mcp tool calls do) counts against that client', async () => {
    const app = await limited({ max: 1 });
    let sent = 0;
    const forClient = (address: string) => {
      const request = new Request('http://localhost/', { headers: rotating(sent++) });
      assignPeerAddress(request, address);
      return app.fetch(request);
    };
    expect((await forClient('192.0.2.7')).status).toBe(200);
    expect((await forClient('192.0.2.7')).status).toBe(429);
    expect((await forClient('192.0.2.8')).status).toBe(200);
    const behindProxy = await limited({ max: 1 }, (a) => a.use(trustProxy({ trusted: ['10.0.0.0/8'] })));
    const request = new Request('http://localhost/', { headers: { 'x-forwarded-for': '198.51.100.1' } });
    assignPeerAddress(request, '203.0.113.9');
    expect((await behindProxy.fetch(request)).status).toBe(200);
    const again = new Request('http://localhost/', { headers: { 'x-forwarded-for': '198.51.100.2' } });
    assignPeerAddress(again, '203.0.113.9');
    expect((await behindProxy.fetch(again)).status).toBe(429);
  });

  it('trustProxy() with a remoteAddress gives in-process requests an address', async () => {
    const app = await limited({ max: 1 }, (a) => a.use(trustProxy({ remoteAddress: (ctx: Context) => ctx.header('x-peer') })));
    expect((await app.request('/', { headers: { 'x-peer': '192.0.2.7' } })).status).toBe(200);
    expect((await app.request('/', { headers: { 'x-peer': '192.0.2.7', 'x-forwarded-for': '1.1.1.1' } })).status).toBe(429);
    expect((await app.request('/', { headers: { 'x-peer': '192.0.2.8' } })).status).toBe(200);
  });
});

describe('rateLimit() counts an IPv6 client by its network', () => {
  const peer = (app: Fw) => app.use(trustProxy({ remoteAddress: (ctx: Context) => ctx.header('x-peer') }));
  const hit = (app: Fw, ip: string) => app.request('/', { headers: { 'x-peer': ip } }).then((r) => r.status);

  it('by /56 by default: rotating addresses inside it does not help, another /56 is another client', async () => {
    const app = await limited({ max: 2 }, peer);
    expect(await hit(app, '2001:db8:1:200::1')).toBe(200);
    expect(await hit(app, '2001:db8:1:2ff:ffff::9')).toBe(200);
    expect(await hit(app, '2001:db8:1:2aa::7')).toBe(429);
    expect(await hit(app, '2001:db8:1:300::1')).toBe(200);
    expect(await hit(app, '192.0.2.1')).toBe(200);
  });

  it('by the whole address with ipv6Subnet: false, by /64 with ipv6Subnet: 64', async () => {
    const whole = await limited({ max: 1, ipv6Subnet: false }, peer);
    expect(await hit(whole, '2001:db8::1')).toBe(200);
    expect(await hit(whole, '2001:db8::2')).toBe(200);
    const per64 = await limited({ max: 1, ipv6Subnet: 64 }, peer);
    expect(await hit(per64, '2001:db8:0:1::1')).toBe(200);
    expect(await hit(per64, '2001:db8:0:1::2')).toBe(429);
    expect(await hit(per64, '2001:db8:0:2::1')).toBe(200);
  });

  it('refuses a prefix length that is not one at construction', () => {
    expect(() => rateLimit({ ipv6Subnet: 0 })).toThrow('ipv6Subnet must be a prefix length from 1 to 128, or false');
    expect(() => rateLimit({ ipv6Subnet: 129 })).toThrow('ipv6Subnet must be');
    expect(() => rateLimit({ ipv6Subnet: true as never })).toThrow('ipv6Subnet must be');
  });
});

describe("fw-mcp's own rate limit counts clients the same way", () => {
  it('IPv6 by its /56, from the address trustProxy() found', async () => {
    const app = new Fw();
    app.use(trustProxy({ remoteAddress: (ctx: Context) => ctx.header('x-peer') }));
    await app.plugin(createMCPPlugin(mcp(app), { rateLimit: { max: 1, windowMs: 60_000 } }));
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const from = async (ip: string) => (await post(app, ping, { 'x-peer': ip })).status;
    expect(await from('2001:db8:5:100::1')).toBe(200);
    expect(await from('2001:db8:5:1ff::2')).toBe(429);
    expect(await from('2001:db8:5:200::1')).toBe(200);
  });
});
