import { afterAll, describe, expect, it } from 'vitest';
import { Fw, rateLimit, type Context } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { trustProxy, type TrustProxyOptions } from '../../src/web';

function appWith(options: TrustProxyOptions, peer: string | null): Fw {
  const app = new Fw();
  app.use(trustProxy({ remoteAddress: () => peer, ...options }));
  app.get('/', (ctx: Context) => ({ ip: ctx.ip, protocol: ctx.protocol }));
  return app;
}

async function seen(
  app: Fw,
  headers: Record<string, string> = {},
  url = 'http://app.test/',
): Promise<{ ip: string | null; protocol: string }> {
  return (await app.request(new Request(url, { headers }))).json();
}

const servers: NodeServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('trustProxy: bad options', () => {
  it('rejects malformed addresses and ranges, negative hops, and trusted with hops', () => {
    expect(() => trustProxy({ trusted: ['10.0.0.0/33'] })).toThrow('"10.0.0.0/33" is not an IP address');
    expect(() => trustProxy({ trusted: ['proxy.internal'] })).toThrow(
      'is not an IP address, a CIDR range, or one of loopback, private, linklocal',
    );
    expect(() => trustProxy({ hops: -1 })).toThrow('hops must be a whole number');
    expect(() => trustProxy({ hops: 1, trusted: ['loopback'] })).toThrow('either trusted or hops');
  });
});

describe('trustProxy: spoofed headers from untrusted hops are ignored', () => {
  it('an untrusted peer gets its own address and the real scheme, whatever it sends', async () => {
    const app = appWith({ trusted: ['10.0.0.0/8'] }, '203.0.113.9');
    expect(await seen(app, { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual({
      ip: '203.0.113.9',
      protocol: 'http',
    });
  });

  it('a client prepending fake entries behind a trusted proxy only gets as far as its real address', async () => {
    const app = appWith({ trusted: ['10.0.0.0/8'] }, '10.0.0.2');
    expect(await seen(app, { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' })).toEqual({ ip: '198.51.100.4', protocol: 'http' });
  });

  it('stops the walk at an entry that is not an IP address', async () => {
    const app = appWith({ trusted: ['private'] }, '10.0.0.2');
    expect((await seen(app, { 'x-forwarded-for': '1.1.1.1, <script>, 10.0.0.3' })).ip).toBe('10.0.0.3');
    expect((await seen(app, { 'x-forwarded-for': 'unknown' })).ip).toBe('10.0.0.2');
    expect((await seen(app, { 'x-forwarded-for': ',,, ' })).ip).toBe('10.0.0.2');
  });

  it('ignores a forwarded proto that is neither http nor https', async () => {
    const app = appWith({}, '127.0.0.1');
    expect((await seen(app, { 'x-forwarded-proto': 'javascript' })).protocol).toBe('http');
  });

  it('with no peer address known (in-process requests) honours nothing', async () => {
    const app = appWith({}, null);
    expect(await seen(app, { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' }, 'https://app.test/')).toEqual({
      ip: null,
      protocol: 'https',
    });
  });
});

describe('trustProxy: trusted chains', () => {
  it('walks through several trusted proxies to the first untrusted address, and reads the proto the outer proxy appended', async () => {
    const app = appWith({ trusted: ['10.0.0.0/8', '192.168.1.1'] }, '10.0.0.2');
    expect(await seen(app, { 'x-forwarded-for': '198.51.100.7, 192.168.1.1', 'x-forwarded-proto': 'https, http' })).toEqual({
      ip: '198.51.100.7',
      protocol: 'https',
    });
  });

  it('normalizes ports, brackets and IPv4-mapped IPv6', async () => {
    const app = appWith({ trusted: ['loopback'] }, '::ffff:127.0.0.1');
    expect((await seen(app, { 'x-forwarded-for': '198.51.100.7:4431' })).ip).toBe('198.51.100.7');
    expect((await seen(app, { 'x-forwarded-for': '[2001:db8::1]:443' })).ip).toBe('2001:db8::1');
  });

  it('trusts a number of hops whatever their address', async () => {
    const app = appWith({ hops: 2 }, '34.1.1.1');
    expect((await seen(app, { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 35.2.2.2' })).ip).toBe('198.51.100.7');
    expect((await seen(appWith({ hops: 0 }, '34.1.1.1'), { 'x-forwarded-for': '6.6.6.6' })).ip).toBe('34.1.1.1');
  });

  it('accepts a function deciding trust', async () => {
    const app = appWith({ trusted: (ip) => ip.startsWith('100.64.') }, '100.64.0.1');
    expect((await seen(app, { 'x-forwarded-for': '198.51.100.7' })).ip).toBe('198.51.100.7');
  });

  it('feeds the rate limiter its key, so rotating X-Forwarded-For does not dodge the limit', async () => {
    const app = new Fw();
    app.use(trustProxy({ remoteAddress: () => '203.0.113.50' }));
    await app.plugin(rateLimit({ max: 1 }));
    app.get('/', () => 'ok');
    expect((await app.request('/', { headers: { 'x-forwarded-for': '1.1.1.1' } })).status).toBe(200);
    expect((await app.request('/', { headers: { 'x-forwarded-for': '2.2.2.2' } })).status).toBe(429);
  });
});

describe('trustProxy on a real Node server', () => {
  it('reads the socket address: loopback trusted by default, and an untrusted peer cannot spoof', async () => {
    const make = async (options: TrustProxyOptions) => {
      const app = new Fw();
      app.use(trustProxy(options));
      app.get('/', (ctx) => ({ ip: ctx.ip, protocol: ctx.protocol }));
      const server = await serve(app, { port: 0, hostname: '127.0.0.1' });
      servers.push(server);
      return `http://127.0.0.1:${server.port}/`;
    };
    const headers = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' };
    const trusting = await make({});
    expect(await (await fetch(trusting, { headers })).json()).toEqual({ ip: '198.51.100.7', protocol: 'https' });
    const strict = await make({ trusted: ['10.0.0.0/8'] });
    expect(await (await fetch(strict, { headers })).json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
