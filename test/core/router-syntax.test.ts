import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Router } from '../../src/core/router';
import { parsePattern, type RouteShape } from '../../src/core/route-pattern';
import { fullRouteSyntax, readFullPattern } from '../../src/core/route-syntax';

/** One routing case: routes registered in order (GET unless written "METHOD /path"), a request path and the expected route and params (null: no match). */
interface Case {
  name: string;
  routes: string[];
  path: string;
  method?: string;
  expected: { route: string; params: Record<string, string> } | null;
}

function lookup(routes: string[], method: string, path: string): Case['expected'] {
  const router = new Router<string>(fullRouteSyntax);
  for (const written of routes) {
    const [m, p] = written.includes(' ') ? written.split(' ') : ['GET', written];
    router.add(m, p, written);
  }
  const found = router.match(method, path);
  return found && { route: found.value, params: { ...found.params } };
}

const hit = (route: string, params: Record<string, string> = {}): Case['expected'] => ({ route, params });

const cases: Case[] = [
  // constraints, find-my-way's (...) and Hono's {...}
  {
    name: '(regexp) accepts a matching segment',
    routes: ['/users/:id(\\d+)'],
    path: '/users/42',
    expected: hit('/users/:id(\\d+)', { id: '42' }),
  },
  { name: '(regexp) refuses another segment', routes: ['/users/:id(\\d+)'], path: '/users/abc', expected: null },
  { name: '(regexp) must match the whole value', routes: ['/users/:id(\\d+)'], path: '/users/42abc', expected: null },
  {
    name: '{regexp} accepts a matching segment',
    routes: ['/users/:id{[0-9]+}'],
    path: '/users/7',
    expected: hit('/users/:id{[0-9]+}', { id: '7' }),
  },
  {
    name: '{regexp} with a nested quantifier',
    routes: ['/y/:year{[0-9]{4}}'],
    path: '/y/2024',
    expected: hit('/y/:year{[0-9]{4}}', { year: '2024' }),
  },
  { name: '{regexp} with a nested quantifier refuses 3 digits', routes: ['/y/:year{[0-9]{4}}'], path: '/y/202', expected: null },
  {
    name: 'anchors written in a constraint are the implied ones',
    routes: ['/t/:id(^\\d+$)'],
    path: '/t/12',
    expected: hit('/t/:id(^\\d+$)', { id: '12' }),
  },
  {
    name: 'a constraint with groups keeps the other params in place',
    routes: ['/f/:ext(png|(jpe?g))/:size'],
    path: '/f/jpeg/10',
    expected: hit('/f/:ext(png|(jpe?g))/:size', { ext: 'jpeg', size: '10' }),
  },
  { name: 'a constraint never spans "/" ({.+})', routes: ['/files/:name{.+}'], path: '/files/a/b', expected: null },
  {
    name: 'a constraint that could span "/" still matches one segment',
    routes: ['/files/:name{.+}'],
    path: '/files/a.txt',
    expected: hit('/files/:name{.+}', { name: 'a.txt' }),
  },
  {
    name: 'a constraint naming "/" still matches within the segment only',
    routes: ['/js/:f{[a-z0-9/]+\\.js}'],
    path: '/js/chunk/1.js',
    expected: null,
  },
  {
    name: 'a constraint that spans only via "/" alternatives is held to the segment',
    routes: ['/sp/:x{a/b|c}'],
    path: '/sp/a/b',
    expected: null,
  },
  {
    name: 'an empty-accepting constraint still needs a non-empty value',
    routes: ['/e/:v(\\d*)', '/e/*'],
    path: '/e/',
    expected: hit('/e/*', { '*': '' }),
  },
  {
    name: 'a constrained param is tried before a plain one',
    routes: ['/u/:slug', '/u/:id(\\d+)'],
    path: '/u/12',
    expected: hit('/u/:id(\\d+)', { id: '12' }),
  },
  {
    name: 'a plain param takes what the constraint refuses',
    routes: ['/u/:slug', '/u/:id(\\d+)'],
    path: '/u/ab',
    expected: hit('/u/:slug', { slug: 'ab' }),
  },
  { name: 'static text beats a constraint', routes: ['/u/:id(\\d+)', '/u/1'], path: '/u/1', expected: hit('/u/1') },
  {
    name: 'a failed constraint backtracks into the next segment',
    routes: ['/a/:x(\\d+)/b', '/a/:y/c'],
    path: '/a/1/c',
    expected: hit('/a/:y/c', { y: '1' }),
  },
  {
    name: 'two constraints at one position, in registration order',
    routes: ['/n/:a(\\d+)', '/n/:b([0-9a-f]+)'],
    path: '/n/ff',
    expected: hit('/n/:b([0-9a-f]+)', { b: 'ff' }),
  },
  {
    name: 'a constraint sees the decoded segment',
    routes: ['/c/:w(caf\u00e9)'],
    path: '/c/caf\u00e9',
    expected: hit('/c/:w(caf\u00e9)', { w: 'caf\u00e9' }),
  },
  {
    name: 'a constraint sees kept escapes as written',
    routes: ['/k/:v(a%2Fb)'],
    path: '/k/a%2Fb',
    expected: hit('/k/:v(a%2Fb)', { v: 'a/b' }),
  },
  {
    name: 'a group in a constraint that matches nothing does not hide which route matched',
    routes: ['/g/:w/x', '/g/:v(a(b?)c)', '/g/:u.:e'],
    path: '/g/ac',
    expected: hit('/g/:v(a(b?)c)', { v: 'ac' }),
  },
  {
    name: 'a constraint that could span "/" at the end of the path, beside other routes',
    routes: ['/h/:w/x', '/h/:v(.*)', '/h/:u.:e'],
    path: '/h/a',
    expected: hit('/h/:v(.*)', { v: 'a' }),
  },
  { name: 'lookarounds in a constraint', routes: ['/l/:v((?!admin)[a-z]+)'], path: '/l/admin', expected: null },
  // optional parameters
  {
    name: 'optional param given',
    routes: ['/api/animals/:type?'],
    path: '/api/animals/dog',
    expected: hit('/api/animals/:type?', { type: 'dog' }),
  },
  { name: 'optional param left out', routes: ['/api/animals/:type?'], path: '/api/animals', expected: hit('/api/animals/:type?') },
  { name: 'two optional params, none given', routes: ['/v1/:version?/:platform?'], path: '/v1', expected: hit('/v1/:version?/:platform?') },
  {
    name: 'two optional params, one given',
    routes: ['/v1/:version?/:platform?'],
    path: '/v1/3',
    expected: hit('/v1/:version?/:platform?', { version: '3' }),
  },
  {
    name: 'two optional params, both given',
    routes: ['/v1/:version?/:platform?'],
    path: '/v1/3/ios',
    expected: hit('/v1/:version?/:platform?', { version: '3', platform: 'ios' }),
  },
  { name: 'optional param at the root', routes: ['/:lang?'], path: '/', expected: hit('/:lang?') },
  { name: 'optional constrained param given', routes: ['/o/:id(\\d+)?'], path: '/o/5', expected: hit('/o/:id(\\d+)?', { id: '5' }) },
  { name: 'optional constrained param refused value', routes: ['/o/:id(\\d+)?'], path: '/o/x', expected: null },
  { name: 'optional constrained param left out', routes: ['/o/:id{\\d+}?'], path: '/o', expected: hit('/o/:id{\\d+}?') },
  // several params in one segment
  {
    name: 'file and extension',
    routes: ['/f/:file.:ext'],
    path: '/f/report.pdf',
    expected: hit('/f/:file.:ext', { file: 'report', ext: 'pdf' }),
  },
  {
    name: 'the extension is after the last dot',
    routes: ['/f/:file.:ext'],
    path: '/f/a.tar.gz',
    expected: hit('/f/:file.:ext', { file: 'a.tar', ext: 'gz' }),
  },
  { name: 'no dot, no file.ext match', routes: ['/f/:file.:ext'], path: '/f/readme', expected: null },
  { name: 'from-to', routes: ['/r/:from-:to'], path: '/r/1-10', expected: hit('/r/:from-:to', { from: '1', to: '10' }) },
  { name: 'from-to with more dashes', routes: ['/r/:from-:to'], path: '/r/a-b-c', expected: hit('/r/:from-:to', { from: 'a-b', to: 'c' }) },
  {
    name: 'a literal prefix before a param',
    routes: ['/npm/@:scope/:name', '/npm/:name/:version'],
    path: '/npm/@fw/core',
    expected: hit('/npm/@:scope/:name', { scope: 'fw', name: 'core' }),
  },
  {
    name: 'a literal prefix refuses a segment without it',
    routes: ['/npm/@:scope/:name', '/npm/:name/:version'],
    path: '/npm/fw/1.0',
    expected: hit('/npm/:name/:version', { name: 'fw', version: '1.0' }),
  },
  {
    name: 'a literal suffix after a param',
    routes: ['/img/:name.png'],
    path: '/img/logo.png',
    expected: hit('/img/:name.png', { name: 'logo' }),
  },
  {
    name: 'three params and text',
    routes: ['/geo/:lat,:lng,:zoom'],
    path: '/geo/1.5,-2,10',
    expected: hit('/geo/:lat,:lng,:zoom', { lat: '1.5', lng: '-2', zoom: '10' }),
  },
  {
    name: 'a constrained param with a literal suffix',
    routes: ['/t/:file(\\d+).png'],
    path: '/t/12.png',
    expected: hit('/t/:file(\\d+).png', { file: '12' }),
  },
  { name: 'a constrained param with a literal suffix refuses letters', routes: ['/t/:file(\\d+).png'], path: '/t/ab.png', expected: null },
  {
    name: 'the pattern with more literal text is tried first',
    routes: ['/p/:b.png', '/p/:b.png.png'],
    path: '/p/v.png.png',
    expected: hit('/p/:b.png.png', { b: 'v' }),
  },
  {
    name: 'the pattern with more literal text lets the shorter one answer',
    routes: ['/p/:b.png', '/p/:b.png.png'],
    path: '/p/v.png',
    expected: hit('/p/:b.png', { b: 'v' }),
  },
  {
    name: 'a pattern beats a plain param',
    routes: ['/foo/:bar', '/foo/:bar.png'],
    path: '/foo/v.png',
    expected: hit('/foo/:bar.png', { bar: 'v' }),
  },
  {
    name: 'a plain param when the pattern refuses',
    routes: ['/foo/:bar', '/foo/:bar.png'],
    path: '/foo/v',
    expected: hit('/foo/:bar', { bar: 'v' }),
  },
  { name: 'a literal colon written ::', routes: ['/a::b/:id'], path: '/a:b/1', expected: hit('/a::b/:id', { id: '1' }) },
  { name: 'a literal colon written %3A', routes: ['/x%3Ay'], path: '/x:y', expected: hit('/x%3Ay') },
  {
    name: 'a literal backslash written %5C stays escaped, as in request paths',
    routes: ['/a/%5Cb'],
    path: '/a/%5Cb',
    expected: hit('/a/%5Cb'),
  },
  {
    name: 'a plus sign between params is literal',
    routes: ['/sum/:a+:b'],
    path: '/sum/1+2',
    expected: hit('/sum/:a+:b', { a: '1', b: '2' }),
  },
  {
    name: 'a param then a literal colon',
    routes: ['/v1/:id::archive'],
    path: '/v1/7:archive',
    expected: hit('/v1/:id::archive', { id: '7' }),
  },
  // different names at one position
  {
    name: 'different names at one position, first route',
    routes: ['/users/:id', '/users/:userId/posts'],
    path: '/users/1',
    expected: hit('/users/:id', { id: '1' }),
  },
  {
    name: 'different names at one position, second route',
    routes: ['/users/:id', '/users/:userId/posts'],
    path: '/users/1/posts',
    expected: hit('/users/:userId/posts', { userId: '1' }),
  },
  {
    name: 'different names per method',
    routes: ['GET /t/:a', 'POST /t/:b'],
    method: 'POST',
    path: '/t/1',
    expected: hit('POST /t/:b', { b: '1' }),
  },
  {
    name: 'different names across an all route',
    routes: ['ALL /t/:any', 'GET /t/:one'],
    method: 'PUT',
    path: '/t/1',
    expected: hit('ALL /t/:any', { any: '1' }),
  },
  {
    name: 'a name and a pattern at one position',
    routes: ['/u/:id/posts', '/u/:slug.json'],
    path: '/u/me.json',
    expected: hit('/u/:slug.json', { slug: 'me' }),
  },
  {
    name: 'names that are Object.prototype members',
    routes: ['/entry/:constructor/:toString'],
    path: '/entry/1/2',
    expected: hit('/entry/:constructor/:toString', { constructor: '1', toString: '2' }),
  },
  { name: 'non-ASCII names', routes: ['/k/:名前'], path: '/k/v', expected: hit('/k/:名前', { 名前: 'v' }) },
];

describe('route pattern syntax', () => {
  it.each(cases)('$name', ({ routes, method = 'GET', path, expected }) => {
    expect(lookup(routes, method, path)).toEqual(expected);
  });

  it('decodes a captured value exactly once', () => {
    expect(lookup(['/files/:name'], 'GET', '/files/a%2Fb')).toEqual(hit('/files/:name', { name: 'a/b' }));
    expect(lookup(['/files/:name'], 'GET', '/files/a%252Fb')).toEqual(hit('/files/:name', { name: 'a%2Fb' }));
    expect(lookup(['/w/*'], 'GET', '/w/x%25/y%3F')).toEqual(hit('/w/*', { '*': 'x%/y?' }));
    expect(lookup(['/f/:file.:ext'], 'GET', '/f/a%2Fb.c%23')).toEqual(hit('/f/:file.:ext', { file: 'a/b', ext: 'c#' }));
  });

  it('stays linear on a long segment that almost matches a multi-parameter pattern', () => {
    const started = performance.now();
    expect(lookup(['/:foo-:bar-'], 'GET', `/${'-'.repeat(20000)}a`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/** A pattern the router must refuse, and a piece of what the error must say. */
const refused: [string, string | RegExp][] = [
  ['/:id/:id', 'the parameter name ":id" is used twice'],
  ['/a/:x/b/:x(\\d+)', 'the parameter name ":x" is used twice'],
  ['/:a-:a', 'the parameter name ":a" is used twice'],
  ['/x/:id(\\d+', 'unbalanced "("'],
  ['/x/:id{\\d+', 'unbalanced "{"'],
  ['/x/:id([0-9)', 'unbalanced "("'],
  ['/x/:id(\\d+))', '")" only closes a constraint'],
  ['/x/:id{a)(b}', 'is not a valid regexp'],
  ['/x/:id(a{2,1})', 'is not a valid regexp'],
  ['/x/:id(*)', 'is not a valid regexp'],
  ['/x/:id()', 'is empty'],
  ['/x/:id{^$}', 'is empty'],
  ['/x/:id(a|^b)', 'has "^" inside it'],
  ['/x/:id(a$|b)', 'has "$" inside it'],
  ['/x/:id((a)\\1)', 'backreference'],
  ['/x/:id(a\\k<n>)', 'backreference'],
  ['/x/:id((?<n>a))', 'named group'],
  ['/x/:id(\\p{L}+)', 'needs the u flag'],
  ['/x/:', 'a parameter needs a name after ":"'],
  ['/x/:/y', 'a parameter needs a name after ":"'],
  ['/x/:-a', 'a parameter needs a name after ":"'],
  ['/x/:(\\d+)', 'a parameter needs a name after ":"'],
  ['/x/a:', 'a parameter needs a name after ":"'],
  ['/x/:a:b', '":a" and ":b" need literal text between them'],
  ['/x/:a(\\d+):b', '":a" and ":b" need literal text between them'],
  ['/x/:__proto__', 'cannot name a parameter'],
  ['/a/*/b', '"*" is allowed only as the last segment, whole'],
  ['/a*', '"*" is allowed only as the last segment, whole'],
  ['/assets/*.png', '"*" is allowed only as the last segment, whole'],
  ['/a/**', '"*" is allowed only as the last segment, whole'],
  ['*/a', '"*" is allowed only as the last segment, whole'],
  ['/a/:id?/b', 'must be followed only by optional parameters'],
  ['/a/:id?/*', 'a wildcard cannot follow an optional parameter'],
  ['/a/x:id?', 'an optional parameter must be a whole segment'],
  ['/a/:id?x', 'an optional parameter must be a whole segment'],
  ['/a/:id??', 'an optional parameter must be a whole segment'],
  ['/a?', '"?" only marks an optional parameter'],
  ['/a/:id+', '":id+" (one or more segments) is not supported'],
  ['/users/{id}', '"{id}" is not a parameter, write ":id"'],
  ['/book{s}?', '"{" only opens a constraint'],
  ['/path/(\\d+)', '"(" only opens a constraint'],
  ['/a/b)', '")" only closes a constraint'],
  ['/a/b}', '"}" only closes a constraint'],
  ['/a\\b', 'a backslash is read as "/"'],
  ['/a/%E0%A4%A', 'malformed percent-escape'],
  ['/a/%zz', 'malformed percent-escape'],
  ['/a/./b', '"." and ".." segments never match'],
  ['/a/%2E%2E/b', '"." and ".." segments never match'],
];

describe('patterns refused at registration', () => {
  it.each(refused)('%s', (pattern, problem) => {
    const router = new Router<string>(fullRouteSyntax);
    let message = '';
    try {
      router.add('GET', pattern, 'x');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`Route "${pattern}": `);
    expect(message).toMatch(typeof problem === 'string' ? new RegExp(problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : problem);
    expect(message).toContain('Route syntax: literal text, ":name" (one segment), ":name(regexp)" or ":name{regexp}"');
  });

  it('a refused registration leaves the router as it was', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/a/:id', 'a');
    expect(() => router.add('GET', '/a/:id/:id', 'bad')).toThrow();
    expect(() => router.add('GET', '/b/:x?', 'x')).not.toThrow();
    expect(() => router.add('GET', '/b', 'dup')).toThrow('Route GET "/b" matches the same requests as GET "/b/:x?"');
    expect(router.match('GET', '/b')?.value).toBe('x');
    expect(router.match('GET', '/a/1/1')).toBeNull();
  });
});

describe("the kernel's own syntax (route-pattern.ts)", () => {
  const plainShapes = (shapes: RouteShape[]): unknown => JSON.parse(JSON.stringify(shapes));

  it('reads a pattern exactly as the full syntax does, or leaves it to the full syntax', () => {
    const part = fc.oneof(
      fc.constantFrom('a', 'b', 'users', 'caf%C3%A9', '%3A', '%2A', '.', '..', '%zz', 'a+b', 'x.y', '', '*', '**'),
      fc.constantFrom(':id', ':name', ':id', ':__proto__', ':', ':a-:b', ':id?', ':id(\\d+)', '::x', 'a:b', '{id}', 'a\\b'),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), fc.boolean(), fc.boolean(), (parts, lead, trail) => {
        const path = `${lead ? '/' : ''}${parts.join('/')}${trail ? '/' : ''}`;
        let kernel: RouteShape[] | null = null;
        try {
          kernel = parsePattern(path);
        } catch (error) {
          expect((error as Error).message).toContain('pass routeSyntax: fullRouteSyntax');
        }
        let full: RouteShape[] | null = null;
        try {
          full = readFullPattern(path);
        } catch {
          // refused by the full syntax too
        }
        if (kernel !== null) expect(plainShapes(kernel)).toEqual(plainShapes(full!));
        if (full === null) expect(() => parsePattern(path, readFullPattern)).toThrow(`Route "${path}": `);
      }),
      { numRuns: 2000 },
    );
  });

  it('fw/core refuses constraints, optional and multi-parameter segments unless its router has the full syntax, saying how', () => {
    const message = /Route "\/n\/:id\(\\d\+\)": fw\/core reads text.*pass routeSyntax: fullRouteSyntax from 'fw\/core'/;
    const kernel = new Router<string>();
    kernel.add('GET', '/u/:id/*', 'basic');
    expect(kernel.match('GET', '/u/7/a/b')?.params).toEqual({ id: '7', '*': 'a/b' });
    expect(() => kernel.add('GET', '/n/:id(\\d+)', 'constrained')).toThrow(message);
    for (const pattern of ['/o/:id?', '/f/:file.:ext', '/a::b']) expect(() => kernel.add('GET', pattern, 'x')).toThrow('fw/core reads');
    const full = new Router<string>(fullRouteSyntax);
    full.add('GET', '/n/:id(\\d+)', 'constrained');
    expect(full.match('GET', '/n/12')?.value).toBe('constrained');
  });
});
