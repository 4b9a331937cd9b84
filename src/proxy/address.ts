/**
 * An address as X-Forwarded-For writes it: brackets and a port removed, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`,
 * what a dual-stack Node socket reports) as plain IPv4, IPv6 lower-cased. A light form on purpose: the full parser
 * (ipaddr.js, used by trustProxy) would triple the size of a worker that proxies; see the README's Design notes.
 */
export function plainAddress(text: string): string {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  value = value.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  return mapped ? mapped[1] : value;
}
