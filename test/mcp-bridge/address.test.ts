/**
 * The workflows' address check names the same special-purpose range as ipaddr.js 2.5 (which it replaced to keep
 * 12.8 KB out of worker bundles) for every host the URL parser can hand it: the check runs on both and compares.
 */
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { refusedAddress } from '../../mcp/src/workflows/address';

/** What ipaddr.js says of a URL host: its range, `ipv4Compatible`, or null (public or not an address). */
function libraryRange(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(host)) return null;
  let address = ipaddr.parse(host);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  if (range !== 'unicast') return range;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return null;
}

/** The range named in a refusal of refusedAddress, in the library's words. */
function ownRange(hostname: string): string | null {
  const refusal = refusedAddress(hostname);
  if (refusal === null) return null;
  if (refusal.includes('IPv4-compatible')) return 'ipv4Compatible';
  const words: Array<[string, string]> = [
    ['loopback', 'loopback'],
    ['(fc00::/7)', 'uniqueLocal'],
    ['private', 'private'],
    ['link-local', 'linkLocal'],
    ['unspecified', 'unspecified'],
    ['NAT64', 'rfc6052'],
    ['6to4', '6to4'],
  ];
  const special = /special-purpose address \((\w+)\)$/.exec(refusal);
  return special?.[1] ?? words.find(([word]) => refusal.includes(word))?.[1] ?? refusal;
}

/** Deterministic pseudo-random 32-bit numbers (xorshift), so a failure names a host that fails again. */
function* numbers(seed: number, count: number): Generator<number> {
  let x = seed;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    yield x >>> 0;
  }
}

const ipv4Of = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const hostOf = (raw: string): string => new URL(`http://${raw}/`).hostname;

/** The library's range table (`SpecialRanges`, untyped in its declarations). */
type Special = { SpecialRanges: Record<string, unknown> };

/** Every range edge of the library (first, last, one below, one above) as IPv4 numbers. */
function ipv4Edges(): number[] {
  const edges: number[] = [];
  for (const ranges of Object.values((ipaddr.IPv4.prototype as unknown as Special).SpecialRanges)) {
    for (const [address, prefix] of (Array.isArray((ranges as unknown[])[0]) ? ranges : [ranges]) as Array<[ipaddr.IPv4, number]>) {
      const first = address.toByteArray().reduce((n, byte) => n * 256 + byte, 0);
      const last = first + 2 ** (32 - prefix) - 1;
      edges.push(first, last, first - 1, last + 1);
    }
  }
  return edges.filter((n) => n >= 0 && n <= 0xffffffff);
}

/** Every range edge of the library as IPv6 group lists (first, last, and each neighbour in the last prefix group). */
function ipv6Edges(): number[][] {
  const edges: number[][] = [];
  for (const ranges of Object.values((ipaddr.IPv6.prototype as unknown as Special).SpecialRanges)) {
    for (const [address, prefix] of (Array.isArray((ranges as unknown[])[0]) ? ranges : [ranges]) as Array<[ipaddr.IPv6, number]>) {
      const first = [...address.parts];
      const last = first.map((part, i) => {
        const kept = Math.min(16, Math.max(0, prefix - i * 16));
        return part | (0xffff >> kept);
      });
      const group = Math.min(7, Math.floor(Math.max(0, prefix - 1) / 16));
      const below = [...first];
      below[group] = (below[group] - 1) & 0xffff;
      const above = [...last];
      above[group] = (above[group] + 1) & 0xffff;
      edges.push(first, last, below, above);
    }
  }
  return edges;
}

describe('refusedAddress names the range ipaddr.js names', () => {
  it('for each IPv4 range edge, in dotted, mapped and numeric forms', () => {
    for (const n of ipv4Edges()) {
      for (const raw of [ipv4Of(n), `[::ffff:${ipv4Of(n)}]`, String(n), `[::${ipv4Of(n)}]`, `[64:ff9b::${ipv4Of(n)}]`]) {
        const host = hostOf(raw);
        expect(ownRange(host), raw).toBe(libraryRange(host));
      }
    }
  });

  it('for each IPv6 range edge', () => {
    for (const parts of ipv6Edges()) {
      const host = hostOf(`[${parts.map((p) => p.toString(16)).join(':')}]`);
      expect(ownRange(host), host).toBe(libraryRange(host));
    }
  });

  it('for 20000 pseudo-random IPv4 and IPv6 addresses, some of them near the special ranges', () => {
    const random = [...numbers(2463534242, 20000)];
    for (let i = 0; i < random.length; i += 2) {
      const v4 = hostOf(ipv4Of(random[i]));
      expect(ownRange(v4), v4).toBe(libraryRange(v4));
      const lowGroups = [random[i] >>> 16, random[i] & 0xffff, random[i + 1] >>> 16, random[i + 1] & 0xffff];
      const prefixes = [
        [0x2001, random[i] & 0x3f],
        [0, 0],
        [0x64, 0xff9b],
        [random[i + 1] >>> 16, random[i + 1] & 0xffff],
      ];
      const v6 = hostOf(`[${[...prefixes[i % 4], 0, (i & 8) === 0 ? 0 : 0xffff, ...lowGroups].map((p) => p.toString(16)).join(':')}]`);
      expect(ownRange(v6), v6).toBe(libraryRange(v6));
    }
  });

  it('shows the embedded IPv4 address of a mapped host, and leaves host names to the platform', () => {
    expect(refusedAddress(hostOf('[::ffff:169.254.169.254]'))).toBe(
      '[::ffff:a9fe:a9fe] (169.254.169.254) is a link-local address (where cloud metadata services such as 169.254.169.254 answer)',
    );
    expect(refusedAddress('LOCALHOST.')).toBe('LOCALHOST. is a loopback address');
    expect(refusedAddress('api.localhost')).toBe('api.localhost is a loopback address');
    expect(refusedAddress('example.com')).toBeNull();
    expect(refusedAddress('8.8.8.8')).toBeNull();
    expect(refusedAddress('[2606:4700::1111]')).toBeNull();
    expect(refusedAddress('1.2.3.256')).toBeNull();
    expect(refusedAddress('[1::2::3]')).toBeNull();
  });
});
