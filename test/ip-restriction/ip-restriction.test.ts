/**
 * ipRestriction(): the cases of Hono's src/middleware/ip-restriction/index.test.ts, the address given through the
 * `address` option as Hono's tests give it through getConnInfo. Differences: a function rule gets the canonical
 * address text and the context (Hono: `{ addr, type }`); an address matches the same whether the target reports it
 * as IPv4 or as IPv4-mapped IPv6 (Hono lets `::ffff:a.b.c.d` match `::/0` but not `a.b.c.d`); bad rules throw with
 * the rule and the accepted forms; refusals are fw's JSON 403 (`IP_DENIED`, `IP_UNKNOWN`).
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { assignPeerAddress, trustProxy } from '../../src/web';
import { ipRestriction, type IpRestrictionOptions, type IpRule } from '../../src/ip-restriction';

/** An app whose client address is the x-test-ip header (as Hono's tests pass c.env.ip). */
function app(options: Omit<IpRestrictionOptions, 'address'>): Fw {
  return new Fw({ logErrors: false }).use(ipRestriction({ ...options, address: (ctx) => ctx.header('x-test-ip') })).get('/', () => 'ok');
}

const from = async (a: Fw, ip: string) => (await a.request('/', { headers: { 'x-test-ip': ip } })).status;

async function matches(ip: string, rule: IpRule): Promise<boolean> {
  return (await from(app({ allow: [rule] }), ip)) === 200;
}

describe('ipRestriction', () => {
  it('allows and denies by list (Hono: should restrict)', async () => {
    const basic = app({ allow: ['192.168.1.0', '192.168.2.0/24'], deny: ['192.168.2.10'] });
    expect(await from(basic, '0.0.0.0')).toBe(403);
    expect(await from(basic, '192.168.1.0')).toBe(200);
    expect(await from(basic, '192.168.2.5')).toBe(200);
    expect(await from(basic, '192.168.2.10')).toBe(403);
    const denyOnly = app({ deny: ['192.168.1.0'] });
    expect(await from(denyOnly, '0.0.0.0')).toBe(200);
    expect(await from(denyOnly, '192.168.1.0')).toBe(403);
    expect(await from(denyOnly, '192.168.2.10')).toBe(200);
  });

  it('answers with onDenied for a refused address (Hono: custom onError)', async () => {
    const a = app({ deny: ['0.0.0.0'], onDenied: (_ctx, address) => new Response(`error for ${address}`, { status: 418 }) });
    const res = await a.request('/', { headers: { 'x-test-ip': '0.0.0.0' } });
    expect(res.status).toBe(418);
    expect(await res.text()).toBe('error for 0.0.0.0');
  });

  it('refuses an address that is not one, without onDenied (Hono: invalid remote address)', async () => {
    const a = app({ allow: ['127.0.0.1'], onDenied: () => new Response('custom', { status: 418 }) });
    for (const ip of ['999.999.999.999', '2001:db8::1%eth0', '1234:::5678', '127.1', '0x7f.0.0.1', '']) {
      const res = await a.request('/', { headers: { 'x-test-ip': ip } });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'IP_UNKNOWN' });
    }
    expect((await a.request('/')).status).toBe(403);
  });

  it('throws at startup for bad rules (Hono: invalid CIDR rule)', () => {
    for (const rule of ['192.168.0.0/33', '::/129', '127.0.0.1/', '::ffff:127.0.0.1/129', '127.1', '10.0.0.0/x', 'localhost', '']) {
      expect(() => ipRestriction({ allow: [rule] })).toThrow(`allow rule ${JSON.stringify(rule)} is not an IP address`);
    }
    expect(() => ipRestriction({ deny: [42 as unknown as string] })).toThrow('deny rule 42');
    expect(() => ipRestriction({ deny: '10.0.0.1' as unknown as string[] })).toThrow('deny must be a list of rules');
    expect(() => ipRestriction({})).toThrow('give allow or deny rules');
    expect(() => ipRestriction({ alow: ['10.0.0.1'] } as IpRestrictionOptions)).toThrow('did you mean "allow"');
  });

  it('matches * (Hono: star)', async () => {
    expect(await matches('192.168.2.0', '*')).toBe(true);
    expect(await matches('::0', '*')).toBe(true);
  });

  it('matches CIDR ranges, IPv4-mapped ones included (Hono: CIDR notation)', async () => {
    expect(await matches('192.168.2.0', '192.168.2.0/24')).toBe(true);
    expect(await matches('192.168.2.1', '192.168.2.0/24')).toBe(true);
    expect(await matches('192.168.2.1', '192.168.2.1/32')).toBe(true);
    expect(await matches('192.168.2.1', '192.168.2.2/32')).toBe(false);
    expect(await matches('::0', '::0/1')).toBe(true);
    expect(await matches('::1', '0.0.0.0/24')).toBe(false);
    expect(await matches('::abcd:1', '127.0.0.0/8')).toBe(false);
    expect(await matches('::1', '::ffff:1.0.0.0/96')).toBe(false);
    expect(await matches('::ffff:192.168.1.1', '::ffff:192.168.1.0/120')).toBe(true);
    expect(await matches('192.168.1.1', '::ffff:192.168.1.0/120')).toBe(true);
    expect(await matches('::ffff:192.168.1.1', '192.168.1.0/24')).toBe(true);
    expect(await matches('::ffff:10.0.0.1', '192.168.1.0/24')).toBe(false);
    expect(await matches('::ffff:192.168.1.1', '::/0')).toBe(true);
    expect(await matches('::ffff:192.168.1.1', '::ffff:0:0/95')).toBe(true);
    expect(await matches('2001:db8:1::5', '2001:db8::/32')).toBe(true);
    expect(await matches('2001:db9::5', '2001:db8::/32')).toBe(false);
  });

  it('matches an IPv4 address and its IPv4-mapped form alike (Hono differs on ::/0)', async () => {
    expect(await matches('192.168.1.1', '::/0')).toBe(true);
    expect(await matches('192.168.1.1', '::ffff:0:0/96')).toBe(true);
    expect(await matches('192.168.1.1', '2001:db8::/32')).toBe(false);
  });

  it('matches single addresses in any spelling (Hono: static rules)', async () => {
    expect(await matches('192.168.2.1', '192.168.2.1')).toBe(true);
    expect(await matches('1234::5678', '1234::5678')).toBe(true);
    expect(await matches('::ffff:127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(await matches('::ffff:127.0.0.1', '::ffff:7f00:1')).toBe(true);
    expect(await matches('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(await matches('::ffff:127.0.0.1', '127.0.0.1')).toBe(true);
    expect(await matches('::ffff:127.0.0.1', '127.0.0.2')).toBe(false);
    expect(await matches('::ffff:7f00:1', '127.0.0.1')).toBe(true);
    expect(await matches('0:0:0:0:0:ffff:7f00:1', '127.0.0.1')).toBe(true);
    expect(await matches('::1', '::1')).toBe(true);
    expect(await matches('2001:db8:0:0:0:0:0:1', '2001:db8::1')).toBe(true);
    expect(await matches('2001:db8::1', '2001:db8:0:0:0:0:0:1')).toBe(true);
    expect(await matches('::ffff:127.0.0.2', '127.0.0.1')).toBe(false);
    expect(await matches('::7f00:1', '127.0.0.1')).toBe(false);
  });

  it('runs function rules with the canonical address and the context, sync or async (Hono: function rules)', async () => {
    expect(await matches('0.0.0.0', () => true)).toBe(true);
    expect(await matches('0.0.0.0', () => false)).toBe(false);
    expect(await matches('0.0.0.0', async () => true)).toBe(true);
    const seen: string[] = [];
    await matches('::ffff:93.184.216.34', (address, ctx) => {
      seen.push(address, ctx.path);
      return false;
    });
    expect(seen).toEqual(['93.184.216.34', '/']);
  });

  it('reads a dynamic list each request (rules from a store)', async () => {
    const blocked = new Set<string>();
    const a = app({ deny: [(address) => blocked.has(address)] });
    expect(await from(a, '203.0.113.9')).toBe(200);
    blocked.add('203.0.113.9');
    expect(await from(a, '203.0.113.9')).toBe(403);
  });
});

describe('ipRestriction: the address by default', () => {
  it('is the peer address the target reports, never a forwarded header', async () => {
    const a = new Fw({ logErrors: false }).use(ipRestriction({ allow: ['10.0.0.0/8'] })).get('/', () => 'ok');
    const spoofed = new Request('http://localhost/', { headers: { 'x-forwarded-for': '10.0.0.1' } });
    assignPeerAddress(spoofed, '203.0.113.5');
    expect((await a.request(spoofed)).status).toBe(403);
    const inside = new Request('http://localhost/');
    assignPeerAddress(inside, '10.1.2.3');
    expect((await a.request(inside)).status).toBe(200);
    expect((await a.request('/')).status).toBe(403);
  });

  it("is trustProxy()'s client address when it runs in front", async () => {
    const a = new Fw({ logErrors: false })
      .use(trustProxy({ trusted: ['loopback'] }))
      .use(ipRestriction({ allow: ['10.0.0.0/8'] }))
      .get('/', () => 'ok');
    const viaProxy = new Request('http://localhost/', { headers: { 'x-forwarded-for': '10.0.0.1' } });
    assignPeerAddress(viaProxy, '127.0.0.1');
    expect((await a.request(viaProxy)).status).toBe(200);
  });
});
