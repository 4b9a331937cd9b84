/**
 * addressKey reads IPv6 with the URL parser (no address library in a worker bundle); it must agree with ipaddr.js,
 * the library fw uses for trustProxy's CIDR checks, on every form a target or a proxy may report.
 */
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { addressKey } from 'fw/rate-limit';

/** What ipaddr.js says the key is (the reference). */
function reference(address: string, subnet: number | false): string {
  const bare = address
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1')
    .replace(/%.*$/, '')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  if (subnet === false || subnet === 128) return v6.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${bare}/${subnet}`).toString()}/${subnet}`;
}

const written = [
  '2001:db8:abcd:12ff:1:2:3:4',
  '::1',
  '::',
  '2001:db8::1',
  '[2001:db8::1]:443',
  'fe80::1%eth0',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '1.2.3.4',
  '1.2.3.4:8080',
  '2001:0DB8:0000:0000:0001:0000:0000:0001',
  'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  '2001:db8:0:0:1:0:0:0',
  'not-an-ip',
];

function randomIpv6(): string {
  const groups = Array.from(crypto.getRandomValues(new Uint16Array(8)), (g) => (g % 3 === 0 ? 0 : g).toString(16));
  return groups.join(':');
}

describe('addressKey', () => {
  it('agrees with ipaddr.js on written forms, for /48, /56, /64, /128 and no grouping', () => {
    for (const address of written)
      for (const subnet of [48, 56, 64, 128, false] as const)
        expect(addressKey(address, subnet), `${address} /${subnet}`).toBe(reference(address, subnet));
  });

  it('agrees with ipaddr.js on 2,000 random IPv6 addresses (zero runs included)', () => {
    for (let i = 0; i < 2000; i++) {
      const address = randomIpv6();
      for (const subnet of [56, 60, 128] as const) expect(addressKey(address, subnet), address).toBe(reference(address, subnet));
    }
  });
});
