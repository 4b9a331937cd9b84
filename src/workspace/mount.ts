import { canonicalPattern } from '../core/path';
import type { SubApp } from './types';

/** Checks and normalizes a mount prefix: starts with `/`, no trailing `/`, no `*` or `:`. */
export function normalizePrefix(prefix: unknown, name: string): string {
  if (typeof prefix !== 'string' || !prefix.startsWith('/'))
    throw new TypeError(`Workspace app "${name}": "prefix" must be a path starting with "/"`);
  if (/[*:?#\s]/.test(prefix)) throw new TypeError(`Workspace app "${name}": "prefix" "${prefix}" may not contain *, :, ?, # or spaces`);
  return canonicalPattern(prefix);
}

/** Checks and normalizes a host pattern (lower case; `*.` allowed as the first label). */
export function normalizeHost(host: unknown, name: string): string {
  if (typeof host !== 'string' || !/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(host)) {
    throw new TypeError(`Workspace app "${name}": "host" must be a host name such as "api.example.com" or "*.example.com"`);
  }
  return host.toLowerCase();
}

function hostMatches(pattern: string, host: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;
}

function prefixMatches(prefix: string, path: string): boolean {
  return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);
}

/** The app for a request: host matches first (with their prefix, if any), then the longest matching prefix among host-less apps. */
export function findApp(apps: SubApp[], hostHeader: string | null, path: string): SubApp | null {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').toLowerCase();
  let best: SubApp | null = null;
  const better = (candidate: SubApp) => !best || (candidate.prefix ?? '').length > (best.prefix ?? '').length;
  for (const sub of apps) {
    if (sub.host === null || !hostMatches(sub.host, host)) continue;
    if (sub.prefix !== null && !prefixMatches(sub.prefix, path)) continue;
    if (better(sub)) best = sub;
  }
  if (best) return best;
  for (const sub of apps) {
    if (sub.host !== null || sub.prefix === null || !prefixMatches(sub.prefix, path)) continue;
    if (better(sub)) best = sub;
  }
  return best;
}

/** The request the mounted app sees: the prefix removed from the canonical path it matched on (query and body kept). */
export function stripPrefix(request: Request, prefix: string | null, path: string): Request {
  if (prefix === null || prefix === '/') return request;
  const url = new URL(request.url);
  url.pathname = path.slice(prefix.length) || '/';
  return new Request(url, request);
}
