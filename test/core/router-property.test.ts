import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Router } from '../../src/core/router';

interface Route {
  method: string;
  path: string;
}

/** The routing rules written the plain way: walk the segments, static > param > wildcard, backtracking. */
function reference(routes: Route[], method: string, path: string): { route: string; params: Record<string, string> } | null {
  const segments = path.split('/').slice(1);
  const decode = (v: string): string => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  type Found = { pattern: string[]; params: Record<string, string> };
  const walk = (list: string[][], at: number, params: Record<string, string>): Found | null => {
    if (at === segments.length) {
      const ended = list.find((p) => p.length === at);
      return ended ? { pattern: ended, params } : null;
    }
    const segment = segments[at];
    const deeper = list.filter((p) => p.length > at);
    const statics = deeper.filter((p) => p[at] === segment && !p[at].startsWith(':') && p[at] !== '*');
    const staticHit = statics.length > 0 ? walk(statics, at + 1, params) : null;
    if (staticHit) return staticHit;
    const named = deeper.filter((p) => p[at].startsWith(':'));
    const paramHit = named.length > 0 && segment !== '' ? walk(named, at + 1, { ...params, [named[0][at].slice(1)]: decode(segment) }) : null;
    if (paramHit) return paramHit;
    const wild = deeper.find((p) => p[at] === '*' && p.length === at + 1);
    return wild ? { pattern: wild, params: { ...params, '*': decode(segments.slice(at).join('/')) } } : null;
  };
  const answering = routes.filter((r) => r.method === method || r.method === 'ALL');
  const list = [...new Set(answering.map((r) => r.path))].map((p) => p.split('/').slice(1));
  const found = walk(list, 0, {});
  if (!found) return null;
  const pathOf = `/${found.pattern.join('/')}`;
  const owner = answering.some((r) => r.method === method && r.path === pathOf) ? method : 'ALL';
  return { route: `${owner} ${pathOf}`, params: found.params };
}

const staticSegment = fc.constantFrom('a', 'b', 'ab', 'users', 'u', 'v2', 'x.y');
const pattern = fc.array(fc.oneof(staticSegment, staticSegment, fc.constantFrom(':p0', ':p1', ':p2')), { minLength: 1, maxLength: 4 })
  .map((segs) => segs.map((s, i) => (s.startsWith(':') ? `:p${i}` : s)))
  .chain((segs) => fc.boolean().map((wild) => `/${[...segs, ...(wild ? ['*'] : [])].join('/')}`));
const requestPath = fc.array(fc.oneof(staticSegment, fc.constantFrom('zz', '1', '%41', '%E0%A4%A', '')), { minLength: 1, maxLength: 6 }).map((s) => `/${s.join('/')}`);

describe('Router against a plain reference implementation (property-based)', () => {
  it('finds the same route and params for random tables and paths (single method)', () => {
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 12 }), fc.array(requestPath, { minLength: 1, maxLength: 10 }), (patterns, paths) => {
        const routes = patterns.map((path) => ({ method: 'GET', path }));
        const router = new Router<string>();
        for (const r of routes) router.add(r.method, r.path, `${r.method} ${r.path}`);
        for (const path of paths) {
          const got = router.match('GET', path);
          const want = reference(routes, 'GET', path);
          expect(got && { route: got.value, params: { ...got.params } }).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('merges all routes into each method the same way (a method route wins on the same pattern)', () => {
    const route = fc.record({ method: fc.constantFrom('GET', 'ALL', 'POST'), path: pattern });
    fc.assert(
      fc.property(fc.array(route, { minLength: 1, maxLength: 12 }), fc.array(requestPath, { minLength: 1, maxLength: 10 }), (routes, paths) => {
        const router = new Router<string>();
        for (const r of routes) router.add(r.method, r.path, `${r.method} ${r.path}`);
        for (const path of paths) {
          for (const method of ['GET', 'POST', 'DELETE']) {
            const got = router.match(method, path);
            expect(got && { route: got.value, params: { ...got.params } }).toEqual(reference(routes, method, path));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
