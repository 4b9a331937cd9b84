/**
 * The counting key of a client address, with Web APIs only (the URL parser reads IPv6), so the rate limiters of fw
 * and fw-mcp carry no address library into a worker bundle.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::\d+)?$/;

/** An IPv4 address without its port, or null when the text is not one. */
function ipv4(text: string): string | null {
  const parts = IPV4.exec(text);
  if (parts === null) return null;
  const octets = parts.slice(1, 5).map(Number);
  return octets.every((octet) => octet <= 255) ? octets.join('.') : null;
}

/** The eight 16-bit groups of an IPv6 address (brackets, port and zone allowed), read by the URL parser; null when not IPv6. */
function ipv6Groups(text: string): number[] | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  const bare = (bracketed === null ? text : bracketed[1]).replace(/%.*$/, '');
  if (!bare.includes(':') || !URL.canParse(`http://[${bare}]/`)) return null;
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...new Array<number>(zeros).fill(0), ...right];
}

/** IPv6 groups as text, the longest run of two or more zero groups written `::` (RFC 5952). */
function ipv6Text(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > bestLength) [bestStart, bestLength] = [i, end - i];
    i = end === i ? i + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** The first `bits` bits of the groups, the rest zero. */
function network(groups: number[], bits: number): number[] {
  return groups.map((group, i) => {
    const kept = Math.min(16, Math.max(0, bits - i * 16));
    return kept === 0 ? 0 : group & (0xffff << (16 - kept)) & 0xffff;
  });
}

/**
 * The counting key of a client address: normalized (no port or brackets, IPv4-mapped IPv6 as IPv4), IPv6 by its
 * `/subnet` network (default 56: one subscriber usually holds a whole /64 or /56 and could rotate inside it).
 */
export function addressKey(address: string, subnet: number | false = 56): string {
  const text = address.trim();
  const v4 = ipv4(text);
  if (v4 !== null) return v4;
  const groups = ipv6Groups(text);
  if (groups === null) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  if (subnet === false || subnet === 128) return ipv6Text(groups);
  return `${ipv6Text(network(groups, subnet))}/${subnet}`;
}
