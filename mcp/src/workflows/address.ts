import ipaddr from 'ipaddr.js';

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
  if (!ipaddr.isValid(host)) return null;
  let address = ipaddr.parse(host);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  const shown = address.toString() === host ? hostname : `${hostname} (${address.toString()})`;
  if (range !== 'unicast') return `${shown} is ${describeRange(range)}`;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0))
    return `${hostname} is an IPv4-compatible IPv6 address (::/96)`;
  return null;
}
