import type { ExecutionContext } from '../core/context';
import type { Middleware } from '../core/types';

/** Anything that answers a Request the way an fw app does (`Fw`, a worker handler, another framework's app). */
export interface FetchTarget {
  fetch(request: Request, env?: unknown, executionCtx?: ExecutionContext): Response | Promise<Response>;
}

/** One hostname pattern and the app serving it. */
export interface DomainRoute {
  readonly hostname: string;
  readonly app: FetchTarget;
  /** Whether a (lower-case, port-less) hostname matches the pattern. */
  matches(hostname: string): boolean;
  /** Sort weight: exact names first, then wildcards with more fixed labels. */
  readonly specificity: number;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower-case hostname from a Host value, without port or trailing dot; null when it is not a valid hostname or IP. */
export function hostnameOf(host: string | null): string | null {
  if (host === null) return null;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return /^\[[0-9a-f:.]+\](:\d+)?$/.test(name) ? name.slice(0, name.indexOf(']') + 1) : null;
  name = name.replace(/:\d+$/, '').replace(/\.$/, '');
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label)) ? name : null;
}

/**
 * A route for `domainRouting`: `api.example.com` matches that name only; `*.example.com` matches exactly one label
 * in front (`a.example.com`, not `example.com` nor `a.b.example.com`); `**.example.com` matches one label or more.
 */
export function domainRoute(hostname: string, app: FetchTarget): DomainRoute {
  if (!app || typeof app.fetch !== 'function')
    throw new TypeError(`domainRoute("${hostname}"): the app must have a fetch(request) method (an Fw app)`);
  const pattern = typeof hostname === 'string' ? hostname.trim().toLowerCase().replace(/\.$/, '') : '';
  const labels = pattern.split('.');
  const wildcard = labels[0] === '*' || labels[0] === '**' ? labels[0] : null;
  const fixed = wildcard ? labels.slice(1) : labels;
  if (fixed.length === 0 || !fixed.every((label) => LABEL.test(label))) {
    throw new TypeError(`domainRoute: "${String(hostname)}" is not a hostname pattern (name, *.name or **.name)`);
  }
  const suffix = `.${fixed.join('.')}`;
  const matches =
    wildcard === null
      ? (name: string) => name === pattern
      : wildcard === '*'
        ? (name: string) => name.endsWith(suffix) && !name.slice(0, -suffix.length).includes('.') && name.length > suffix.length
        : (name: string) => name.endsWith(suffix) && name.length > suffix.length;
  return { hostname: pattern, app, matches, specificity: wildcard === null ? 1000 : fixed.length * 2 + (wildcard === '*' ? 1 : 0) };
}

/**
 * Middleware sending each request to the app registered for its hostname (from the request URL, which targets build
 * from Host): exact names win over wildcards, and more specific wildcards over broader ones. Requests for other
 * hostnames, or with a malformed Host, go on to this app's own routes.
 */
export function domainRouting(routes: Record<string, FetchTarget> | DomainRoute[]): Middleware {
  const list = Array.isArray(routes) ? routes : Object.entries(routes).map(([hostname, app]) => domainRoute(hostname, app));
  const sorted = [...list].sort((a, b) => b.specificity - a.specificity);
  const seen = new Set<string>();
  for (const route of sorted) {
    if (seen.has(route.hostname)) throw new TypeError(`domainRouting: "${route.hostname}" is routed twice`);
    seen.add(route.hostname);
  }
  return (ctx, next) => {
    const name = hostnameOf(new URL(ctx.request.url).host);
    const route = name === null ? undefined : sorted.find((r) => r.matches(name));
    return route ? route.app.fetch(ctx.request, ctx.env, ctx.executionCtx) : next();
  };
}
