import type { RouteInfo } from 'fw';

/** A finding about the route table, with the routes it concerns. */
export interface RouteFinding {
  kind: string;
  message: string;
  routes: string[];
}

/** A summary of an app's routes: counts and findings (missing validation, naming). */
export interface RouteAnalysis {
  total: number;
  byMethod: Record<string, number>;
  withValidation: number;
  withoutValidation: string[];
  dynamic: number;
  wildcard: number;
  maxDepth: number;
  findings: RouteFinding[];
}

const label = (r: RouteInfo): string => `${r.method} ${r.path}`;
const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const verbs = /^(get|create|update|delete|remove|add|fetch|list|set|make|do)[A-Z_-]|^(get|create|update|delete|remove|add|fetch|list)$/;

function shape(path: string): string {
  return path.replace(/:[^/]+/g, ':').replace(/\*$/, '*');
}

/** Analyzes a route table: what is validated and what breaks REST naming. */
export function analyzeRoutes(routes: RouteInfo[]): RouteAnalysis {
  const byMethod: Record<string, number> = {};
  const findings: RouteFinding[] = [];
  for (const r of routes) byMethod[r.method] = (byMethod[r.method] ?? 0) + 1;
  const withoutValidation = routes.filter((r) => mutating.has(r.method) && !r.hasValidation).map(label);
  if (withoutValidation.length > 0) {
    findings.push({
      kind: 'missing-validation',
      message: 'Mutating routes without a body/query/params schema accept anything.',
      routes: withoutValidation,
    });
  }
  const verbRoutes = routes.filter((r) => r.path.split('/').some((s) => verbs.test(s)));
  if (verbRoutes.length > 0) {
    findings.push({
      kind: 'verb-in-path',
      message: 'Paths name actions; REST puts the action in the method.',
      routes: verbRoutes.map(label),
    });
  }
  const mixedCase = routes.filter((r) => r.path.split('/').some((s) => !s.startsWith(':') && /[A-Z_]/.test(s)));
  if (mixedCase.length > 0) {
    findings.push({
      kind: 'path-case',
      message: 'Path segments with capitals or underscores; kebab-case is the convention.',
      routes: mixedCase.map(label),
    });
  }
  const depth = (p: string): number => p.split('/').filter(Boolean).length;
  return {
    total: routes.length,
    byMethod,
    withValidation: routes.filter((r) => r.hasValidation).length,
    withoutValidation,
    dynamic: routes.filter((r) => r.path.includes(':')).length,
    wildcard: routes.filter((r) => r.path.endsWith('*')).length,
    maxDepth: routes.reduce((m, r) => Math.max(m, depth(r.path)), 0),
    findings,
  };
}

/** A REST suggestion: a route that would complete a resource, or a rename. */
export interface RouteSuggestion {
  suggestion: string;
  reason: string;
}

/** Suggests REST completions: item routes for collections, collection reads for creates, and renames for verb paths. */
export function suggestRoutes(routes: RouteInfo[]): RouteSuggestion[] {
  const has = (method: string, path: string): boolean =>
    routes.some((r) => (r.method === method || r.method === 'ALL') && shape(r.path) === shape(path));
  const out: RouteSuggestion[] = [];
  for (const r of routes) {
    if (r.path.includes(':') || r.path.endsWith('*') || r.path === '/') continue;
    const item = `${r.path}/:id`;
    if (r.method === 'POST' && !has('GET', r.path))
      out.push({ suggestion: `GET ${r.path}`, reason: `${r.path} can be created but not listed` });
    if (r.method === 'GET' && has('POST', r.path) && !has('GET', item))
      out.push({ suggestion: `GET ${item}`, reason: `items of ${r.path} are created but cannot be read one by one` });
    if (r.method === 'GET' && has('GET', item) && has('POST', r.path)) {
      if (!has('PUT', item) && !has('PATCH', item))
        out.push({ suggestion: `PATCH ${item}`, reason: `items of ${r.path} cannot be updated` });
      if (!has('DELETE', item)) out.push({ suggestion: `DELETE ${item}`, reason: `items of ${r.path} cannot be deleted` });
    }
  }
  for (const r of routes) {
    const segments = r.path.split('/');
    const i = segments.findIndex((s) => verbs.test(s));
    if (i === -1) continue;
    const noun = segments[i].replace(/^(get|create|update|delete|remove|add|fetch|list|set|make|do)[-_]?/i, '').toLowerCase();
    const base = [...segments.slice(0, i), noun ? `${noun.replace(/s?$/, 's')}` : ''].filter((s, j) => j === 0 || s).join('/') || '/';
    out.push({
      suggestion: `${r.method} ${base}`,
      reason: `"${segments[i]}" names an action; use the method on a resource path instead of ${r.method} ${r.path}`,
    });
  }
  const seen = new Set<string>();
  return out.filter((s) => (seen.has(s.suggestion) ? false : (seen.add(s.suggestion), true)));
}
