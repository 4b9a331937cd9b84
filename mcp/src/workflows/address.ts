/**
 * The special-purpose ranges of ipaddr.js 2.5 (`range()`), in its order (the first match names the range): a table,
 * not the library, because the host comes from `URL.hostname` (every IPv4 notation already dotted-decimal, IPv6
 * already canonical), so only range lookup is left, and the library weighed 12.8 KB minified in every worker bundle
 * for the wording of a refusal. Each entry is `name cidr...`.
 */
const ipv4Table = [
  'unspecified 0.0.0.0/8',
  'broadcast 255.255.255.255/32',
  'multicast 224.0.0.0/4',
  'linkLocal 169.254.0.0/16',
  'loopback 127.0.0.0/8',
  'carrierGradeNat 100.64.0.0/10',
  'private 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16',
  'reserved 192.0.0.0/24 192.0.2.0/24 192.88.99.0/24 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 240.0.0.0/4',
  'as112 192.175.48.0/24 192.31.196.0/24',
  'amt 192.52.193.0/24',
];

const ipv6Table = [
  'unspecified ::/128',
  'linkLocal fe80::/10',
  'multicast ff00::/8',
  'loopback ::1/128',
  'uniqueLocal fc00::/7',
  'ipv4Mapped ::ffff:0:0/96',
  'deprecatedSiteLocal fec0::/10',
  'discard 100::/64',
  'rfc6145 ::ffff:0:0:0/96',
  'rfc6052 64:ff9b::/96 64:ff9b:1::/48',
  '6to4 2002::/16',
  'teredo 2001::/32',
  'benchmarking 2001:2::/48',
  'amt 2001:3::/32',
  'as112v6 2001:4:112::/48 2620:4f:8000::/48',
  'deprecatedOrchid 2001:10::/28',
  'orchid2 2001:20::/28',
  'droneRemoteIdProtocolEntityTags 2001:30::/28',
  'segmentRouting 5f00::/16',
  'reserved 2001::/23 2001:db8::/32 3fff::/20',
];

type Range = readonly [parts: readonly number[], prefix: number, name: string];

const ipv4Ranges = rangesOf(ipv4Table, ipv4Bytes);
const ipv6Ranges = rangesOf(ipv6Table, ipv6Groups);

/** The table's lines as ranges, each address parsed by `parse`. */
function rangesOf(table: readonly string[], parse: (address: string) => number[] | null): Range[] {
  return table.flatMap((line) => {
    const [name, ...cidrs] = line.split(' ');
    return cidrs.map((cidr): Range => {
      const [address, prefix] = cidr.split('/');
      return [parse(address)!, Number(prefix), name];
    });
  });
}

const described: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  uniqueLocal: 'a private address (fc00::/7)',
  linkLocal: 'a link-local address (where cloud metadata services such as 169.254.169.254 answer)',
  unspecified: 'the unspecified address',
  rfc6052: 'a NAT64 address embedding an IPv4 address (64:ff9b::/96)',
  '6to4': 'a 6to4 address embedding an IPv4 address (2002::/16)',
};

function describeRange(range: string): string {
  return described[range] ?? `a special-purpose address (${range})`;
}

/** Whether `parts` (bytes or 16-bit groups, `bits` wide each) start with the first `prefix` bits of `first`. */
function inRange(parts: readonly number[], bits: number, first: readonly number[], prefix: number): boolean {
  for (let i = 0; i * bits < prefix; i++) {
    const shift = Math.max(0, bits - (prefix - i * bits));
    if (parts[i] >> shift !== (first[i] ?? 0) >> shift) return false;
  }
  return true;
}

function rangeOf(parts: readonly number[], bits: number, ranges: readonly Range[]): string {
  return ranges.find(([first, prefix]) => inRange(parts, bits, first, prefix))?.[2] ?? 'unicast';
}

/** The four bytes of a dotted-decimal IPv4 address, or null. */
function ipv4Bytes(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  const bytes = match?.slice(1).map(Number) ?? null;
  return bytes?.every((byte) => byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail allowed), or null. */
function ipv6Groups(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const sides = halves.map((half) => (half === '' ? [] : half.split(':')));
  const tail = sides.at(-1)!;
  const v4 = tail.length > 0 ? ipv4Bytes(tail.at(-1)!) : null;
  if (v4 !== null) tail.splice(-1, 1, ((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16));
  if (!sides.flat().every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const [head, rest = []] = sides.map((side) => side.map((group) => Number.parseInt(group, 16)));
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...new Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...rest];
}

/**
 * Why a URL host (as `URL.hostname` writes it: IPv4 already dotted-decimal, IPv6 in brackets) must not be
 * fetched unless named: loopback names, and every IP address outside the public unicast space, IPv4
 * mapped or embedded in IPv6 included. Null for public addresses and for host names (resolved later by the
 * platform, so they are not checked here).
 */
export function refusedAddress(hostname: string): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return `${hostname} is ${described.loopback}`;
  const v4 = ipv4Bytes(host);
  const v6 = v4 === null ? ipv6Groups(host) : null;
  if (v6 !== null && rangeOf(v6, 16, ipv6Ranges) !== 'ipv4Mapped') {
    const range = rangeOf(v6, 16, ipv6Ranges);
    if (range !== 'unicast') return `${hostname} is ${describeRange(range)}`;
    return v6.slice(0, 6).every((group) => group === 0) ? `${hostname} is an IPv4-compatible IPv6 address (::/96)` : null;
  }
  const bytes = v4 ?? (v6 === null ? null : [v6[6] >> 8, v6[6] & 0xff, v6[7] >> 8, v6[7] & 0xff]);
  if (bytes === null) return null;
  const range = rangeOf(bytes, 8, ipv4Ranges);
  const dotted = bytes.join('.');
  return range === 'unicast' ? null : `${dotted === host ? hostname : `${hostname} (${dotted})`} is ${describeRange(range)}`;
}
