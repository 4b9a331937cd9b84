/** Client addresses as ip-restriction compares them: parsed strictly, IPv4-mapped IPv6 seen as IPv4 too. */
import ipaddr from 'ipaddr.js';

/** A parsed client address: its IPv4 form (IPv4, or IPv4-mapped IPv6) and its IPv6 form (IPv4 as ::ffff:a.b.c.d). */
export interface ClientAddress {
  /** The canonical text: IPv4 dotted, IPv6 in RFC 5952 form (mapped addresses as IPv4). */
  text: string;
  v4: ipaddr.IPv4 | null;
  v6: ipaddr.IPv6;
}

/**
 * Parses an address strictly: four decimal parts for IPv4 (no `127.1`, hex or octal forms, which some parsers
 * read as other addresses), standard IPv6 without a zone; null for anything else.
 */
export function parseAddress(text: string): ClientAddress | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) {
    const v4 = ipaddr.IPv4.parse(text);
    return { text: v4.toString(), v4, v6: v4.toIPv4MappedAddress() };
  }
  if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  const v4 = v6.isIPv4MappedAddress() ? v6.toIPv4Address() : null;
  return { text: v4 === null ? v6.toRFC5952String() : v4.toString(), v4, v6 };
}
