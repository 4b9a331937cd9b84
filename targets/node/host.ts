/**
 * The syntax of a Host header (RFC 9110 section 7.2: uri-host [ ":" port ], RFC 3986 section 3.2.2): a reg-name or
 * IPv4 address (unreserved, sub-delims, percent-escapes) or a bracketed IPv6 literal, then an optional port. No `/`,
 * `?`, `#`, `@`, `\`, space or control: a host written there could otherwise end up in the path of the URL.
 */
const hostSyntax = /^(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{0,5})?$/;

/** Whether a Host header value is a host[:port] and nothing else. */
export function isHost(host: string): boolean {
  return hostSyntax.test(host);
}

/** A TypeError naming a Host value that is not a host (the adapters answer it with a 400). */
export function badHost(host: string): TypeError {
  return new TypeError(`the Host header ${JSON.stringify(host.slice(0, 100))} is not a host name (host or host:port)`);
}
