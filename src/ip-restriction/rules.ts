/** The allow and deny lists of ipRestriction(): static rules (addresses, CIDR ranges, `*`) and functions. */
import ipaddr from 'ipaddr.js';
import type { Context } from '../core/context';
import type { ClientAddress } from './address';

/** A rule: an address, a CIDR range (IPv4, IPv6, IPv4-mapped IPv6), `*` for every address, or a function. */
export type IpRule = string | ((address: string, ctx: Context) => boolean | Promise<boolean>);

/** Whether an address matches a list. */
export type ListMatcher = (address: ClientAddress, ctx: Context) => boolean | Promise<boolean>;

type Range = { kind: 'ipv4'; network: ipaddr.IPv4; bits: number } | { kind: 'ipv6'; network: ipaddr.IPv6; bits: number };

function invalid(list: string, rule: unknown): TypeError {
  return new TypeError(
    `ipRestriction: ${list} rule ${JSON.stringify(rule)} is not an IP address, a CIDR range (10.0.0.0/8, 2001:db8::/32), '*' or a function (address, ctx) => boolean`,
  );
}

/** A static rule as a range; an IPv4-mapped IPv6 range of /96 or narrower becomes the IPv4 range it covers. */
function parseRule(list: string, rule: string): Range {
  const slash = rule.indexOf('/');
  const host = slash === -1 ? rule : rule.slice(0, slash);
  const prefix = slash === -1 ? null : rule.slice(slash + 1);
  if (prefix !== null && !/^\d{1,3}$/.test(prefix)) throw invalid(list, rule);
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    const bits = prefix === null ? 32 : Number(prefix);
    if (bits > 32) throw invalid(list, rule);
    return { kind: 'ipv4', network: ipaddr.IPv4.parse(host), bits };
  }
  if (host.includes('%') || !ipaddr.IPv6.isValid(host)) throw invalid(list, rule);
  const bits = prefix === null ? 128 : Number(prefix);
  if (bits > 128) throw invalid(list, rule);
  const network = ipaddr.IPv6.parse(host);
  if (network.isIPv4MappedAddress() && bits >= 96) return { kind: 'ipv4', network: network.toIPv4Address(), bits: bits - 96 };
  return { kind: 'ipv6', network, bits };
}

function inRange(address: ClientAddress, range: Range): boolean {
  if (range.kind === 'ipv4') return address.v4 !== null && address.v4.match(range.network, range.bits);
  return address.v6.match(range.network, range.bits);
}

/** Compiles a list at startup (a bad rule throws, naming it); functions run after the static rules, in order. */
export function listMatcher(list: string, rules: unknown): ListMatcher | null {
  if (rules === undefined) return null;
  if (!Array.isArray(rules)) throw new TypeError(`ipRestriction: ${list} must be a list of rules, got ${typeof rules}`);
  if (rules.includes('*')) return () => true;
  const ranges: Range[] = [];
  const tests: Exclude<IpRule, string>[] = [];
  for (const rule of rules) {
    if (typeof rule === 'function') tests.push(rule);
    else if (typeof rule === 'string') ranges.push(parseRule(list, rule.trim()));
    else throw invalid(list, rule);
  }
  return async (address, ctx) => {
    if (ranges.some((range) => inRange(address, range))) return true;
    for (const test of tests) if ((await test(address.text, ctx)) === true) return true;
    return false;
  };
}
