import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Router } from '../../src/core/router';
import { fullRouteSyntax } from '../../src/core/route-syntax';

interface Route {
  method: string;
  path: string;
}

type Found = { route: string; params: Record<string, string> } | null;

/** What one pattern segment accepts, and the values it captures, written the plain way (no RegExp). */
function segmentValues(pattern: string, segment: string): string[] | null {
  if (pattern.startsWith(':') && pattern.endsWith('(\\d+)')) return /^[0-9]+$/.test(segment) ? [segment] : null;
  if (pattern.includes('.:')) {
    const dot = segment.lastIndexOf('.');
    return dot > 0 && dot < segment.length - 1 ? [segment.slice(0, dot), segment.slice(dot + 1)] : null;
  }
  return segment === '' ? null : [segment];
}

const kindOf = (p: string): number => (p === '*' ? 3 : !p.startsWith(':') ? 0 : p.endsWith(')') || p.includes('.:') ? 1 : 2);
const namesOf = (pattern: string[]): string[] => pattern.flatMap((p) => [...p.matchAll(/:([a-z0-9]+)/g)].map((m) => m[1]));
const shapeOf = (path: string): string => path.replace(/:[a-z0-9]+/g, ':');

/**
 * The routing rules written the plain way: walk the segments trying static text, then patterns (the two kinds
 * generated here never accept the same segment, so their order does not matter), then a lone parameter, then the
 * wildcard, backtracking; names come from the route that matched, values are decoded once.
 */
function reference(routes: Route[], method: string, path: string): Found {
  const segments = path.split('/').slice(1);
  type Hit = { pattern: string[]; values: string[]; rest: string | null };
  const walk = (list: string[][], at: number, values: string[]): Hit | null => {
    if (at === segments.length) {
      const ended = list.find((p) => p.length === at);
      return ended ? { pattern: ended, values, rest: null } : null;
    }
    const segment = segments[at];
    const deeper = list.filter((p) => p.length > at);
    const statics = deeper.filter((p) => kindOf(p[at]) === 0 && p[at] === segment);
    const staticHit = statics.length > 0 ? walk(statics, at + 1, values) : null;
    if (staticHit) return staticHit;
    const patterns = [...new Set(deeper.filter((p) => kindOf(p[at]) === 1).map((p) => shapeOf(p[at])))];
    for (const shape of patterns) {
      const captured = segmentValues(shape, segment);
      const hit =
        captured &&
        walk(
          deeper.filter((p) => shapeOf(p[at]) === shape),
          at + 1,
          [...values, ...captured],
        );
      if (hit) return hit;
    }
    const params = deeper.filter((p) => kindOf(p[at]) === 2);
    const paramHit = params.length > 0 && segment !== '' ? walk(params, at + 1, [...values, segment]) : null;
    if (paramHit) return paramHit;
    const wild = deeper.find((p) => p[at] === '*' && p.length === at + 1);
    return wild ? { pattern: wild, values, rest: segments.slice(at).join('/') } : null;
  };
  const answering = routes.filter((r) => r.method === method || r.method === 'ALL');
  const byShape = new Map<string, string>();
  for (const r of answering) if (r.method === method || !byShape.has(shapeOf(r.path))) byShape.set(shapeOf(r.path), r.path);
  const hit = walk(
    [...byShape.values()].map((p) => p.split('/').slice(1)),
    0,
    [],
  );
  if (!hit) return null;
  const pathOf = `/${hit.pattern.join('/')}`;
  const owner = answering.some((r) => r.method === method && r.path === pathOf) ? method : 'ALL';
  const params: Record<string, string> = {};
  namesOf(hit.pattern).forEach((name, i) => (params[name] = decodeURIComponent(hit.values[i])));
  if (hit.rest !== null) params['*'] = decodeURIComponent(hit.rest);
  return { route: `${owner} ${pathOf}`, params };
}

/** Keeps the first route of each (method, shape): the router refuses the second, so the reference never sees it. */
function distinct(routes: Route[]): Route[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${shapeOf(r.path)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const staticSegment = fc.constantFrom('a', 'b', 'ab', 'users', 'u', 'v2', 'x.y');
const paramSegment = fc.constantFrom('param', 'other', 'digits', 'dotted');
const pattern = fc
  .array(fc.oneof(staticSegment, staticSegment, paramSegment), { minLength: 1, maxLength: 4 })
  .map((segs) =>
    segs.map((s, i) => {
      if (s === 'param' || s === 'other') return `:${s[0]}${i}`;
      if (s === 'digits') return `:d${i}(\\d+)`;
      if (s === 'dotted') return `:f${i}.:e${i}`;
      return s;
    }),
  )
  .chain((segs) => fc.boolean().map((wild) => `/${[...segs, ...(wild ? ['*'] : [])].join('/')}`));
/** Canonical request paths: non-empty segments (kept escapes included), maybe a trailing slash. */
const requestPath = fc
  .tuple(
    fc.array(fc.oneof(staticSegment, fc.constantFrom('zz', '1', '42', 'a.b.c', '%2F', 'x%25y', 'café')), { minLength: 1, maxLength: 5 }),
    fc.boolean(),
  )
  .map(([s, slash]) => `/${s.join('/')}${slash ? '/' : ''}`);

const answer = (router: Router<string>, method: string, path: string): Found => {
  const got = router.match(method, path);
  return got && { route: got.value, params: { ...got.params } };
};

describe('Router against a plain reference implementation (property-based)', () => {
  it('finds the same route and params for random tables and paths (single method)', () => {
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 1, maxLength: 12 }),
        fc.array(requestPath, { minLength: 1, maxLength: 10 }),
        (patterns, paths) => {
          const routes = distinct(patterns.map((path) => ({ method: 'GET', path })));
          const router = new Router<string>(fullRouteSyntax);
          for (const r of routes) router.add(r.method, r.path, `${r.method} ${r.path}`);
          for (const path of paths) expect(answer(router, 'GET', path)).toEqual(reference(routes, 'GET', path));
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Patterns the kernel reads (no constraint, no two params in a segment): what the trie walk must match. */
  const plainPattern = pattern.filter((path) => !path.includes('(') && !path.includes('.:'));

  it.each([
    ['the RegExps (fw)', fullRouteSyntax, pattern],
    ['the trie walk (fw/core), on patterns the kernel reads', undefined, plainPattern],
  ] as const)(
    'merges all routes into each method the same way through %s (a method route wins on the same pattern)',
    (_, syntax, paths) => {
      const route = fc.record({ method: fc.constantFrom('GET', 'ALL', 'POST'), path: paths });
      fc.assert(
        fc.property(
          fc.array(route, { minLength: 1, maxLength: 12 }),
          fc.array(requestPath, { minLength: 1, maxLength: 10 }),
          (generated, requests) => {
            const routes = distinct(generated);
            const router = new Router<string>(syntax);
            for (const r of routes) router.add(r.method, r.path, `${r.method} ${r.path}`);
            for (const path of requests) {
              for (const method of ['GET', 'POST', 'DELETE']) expect(answer(router, method, path)).toEqual(reference(routes, method, path));
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it('refuses exactly the registrations that repeat a method and shape', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ method: fc.constantFrom('GET', 'ALL'), path: pattern }), { minLength: 1, maxLength: 10 }),
        (routes) => {
          const router = new Router<string>(fullRouteSyntax);
          const seen = new Set<string>();
          for (const r of routes) {
            const key = `${r.method} ${shapeOf(r.path)}`;
            if (seen.has(key)) expect(() => router.add(r.method, r.path, r.path)).toThrow(/matches the same requests as/);
            else router.add(r.method, r.path, r.path);
            seen.add(key);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
