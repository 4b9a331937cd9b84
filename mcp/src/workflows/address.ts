/**
 * The special-purpose ranges of ipaddr.js 2.5 (`range()`), in its order (the first match names the range), as
 * `[first parts, prefix length, name]`: a table, not the library, because the host comes from `URL.hostname`
 * (every IPv4 notation already dotted-decimal, IPv6 already canonical), so only range lookup is left, and the
 * library weighed 12.8 KB minified in every worker bundle for the wording of a refusal.
 */
type Range = readonly [parts: readonly number[], prefix: number, name: string];

const ipv4Ranges: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[169, 254, 0, 0], 16, 'linkLocal'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[100, 64, 0, 0], 10, 'carrierGradeNat'],
  [[10, 0, 0, 0], 8, 'private'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 168, 0, 0], 16, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[240, 0, 0, 0], 4, 'reserved'],
  [[192, 175, 48, 0], 24, 'as112'],
  [[192, 31, 196, 0], 24, 'as112'],
  [[192, 52, 193, 0], 24, 'amt'],
];

const ipv6Ranges: readonly Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'],
  [[0xfe80], 10, 'linkLocal'],
  [[0xff00], 8, 'multicast'],
  [[0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0xfc00], 7, 'uniqueLocal'],
  [[0, 0, 0, 0, 0, 0xffff], 96, 'ipv4Mapped'],
  [[0xfec0], 10, 'deprecatedSiteLocal'],
  [[0x100, 0, 0, 0], 64, 'discard'],
  [[0, 0, 0, 0, 0xffff, 0], 96, 'rfc6145'],
  [[0x64, 0xff9b, 0, 0, 0, 0], 96, 'rfc6052'],
  [[0x64, 0xff9b, 1], 48, 'rfc6052'],
  [[0x2002], 16, '6to4'],
  [[0x2001, 0], 32, 'teredo'],
  [[0x2001, 2, 0], 48, 'benchmarking'],
  [[0x2001, 3], 32, 'amt'],
  [[0x2001, 4, 0x112], 48, 'as112v6'],
  [[0x2620, 0x4f, 0x8000], 48, 'as112v6'],
  [[0x2001, 0x10], 28, 'deprecatedOrchid'],
  [[0x2001, 0x20], 28, 'orchid2'],
  [[0x2001, 0x30], 28, 'droneRemoteIdProtocolEntityTags'],
  [[0x5f00], 16, 'segmentRouting'],
  [[0x2001, 0], 23, 'reserved'],
  [[0x2001, 0xdb8], 32, 'reserved'],
  [[0x3fff, 0], 20, 'reserved'],
];

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
