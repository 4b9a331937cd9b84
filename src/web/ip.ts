import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Named address ranges `trusted` accepts besides addresses and CIDRs. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/**
 * An address as written in a header or by a socket, without port or brackets, IPv4-mapped IPv6 turned into IPv4;
 * null when it is not an IP address at all.
 */
export function normalizeIp(text: string): string | null {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (!ipaddr.isValid(value)) return null;
  const parsed = ipaddr.parse(value);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toString();
}

function parseRange(entry: string): [Address, number] {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new TypeError(`trustProxy: "${entry}" is not an IP address, a CIDR range, or one of ${Object.keys(NAMED).join(', ')}`);
  }
}

/** Compiles a list of addresses, CIDR ranges and names (loopback, private, linklocal) into a membership test. */
export function ipMatcher(list: string[]): (ip: string) => boolean {
  const ranges = list.flatMap((entry) => NAMED[entry] ?? [entry]).map(parseRange);
  return (ip) => {
    const address = ipaddr.parse(ip);
    return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
  };
}
