/**
 * rou3's cases about params, regexps, wildcards and odd names (its test/router.test.ts and test/find.test.ts),
 * rewritten as fw's tables. rou3 writes the rest of a path as `**` (named `**:name`) and one unnamed segment as
 * `*`; fw writes the rest as a trailing `*` (captured as `*`) and has no unnamed segment, so those rou3 routes are
 * rewritten in fw's syntax, and rou3's own spelling is kept as a refused case.
 */
import { runRouterCases, type RouterCase } from './table';

const restIsStar = 'fw writes the rest of the path as a trailing "/*"; rou3 as "/**" or "/**:name"';
const wildcardNeedsSlash = 'fw\'s "/path/*" matches "/path/" and below, not "/path" itself';
const unsupported =
  'fw supports no unnamed groups, mid-path wildcards, repeat modifiers or {...} groups; it names the syntax it does support';
const nameEnds = 'a fw param name is letters, digits, "_" and "$": "-" and "." end it, as in find-my-way';

const cases: RouterCase[] = [
  {
    name: 'static routes',
    routes: ['/', '/route', '/another-router', '/this/is/yet/another/route'],
    requests: [
      ['/', ['/']],
      ['/route', ['/route']],
      ['/another-router', ['/another-router']],
      ['/this/is/yet/another/route', ['/this/is/yet/another/route']],
      ['/this/is', null],
    ],
  },
  {
    name: 'placeholders',
    routes: ['/blog/*', '/carbon/:element', '/carbon/:element/test/:testing', '/this/:route/has/:cool/stuff'],
    requests: [
      ['/carbon/test1', ['/carbon/:element', { element: 'test1' }]],
      ['/carbon', null],
      ['/carbon/', null],
      ['/carbon/test2/test/test23', ['/carbon/:element/test/:testing', { element: 'test2', testing: 'test23' }]],
      ['/this/test/has/more/stuff', ['/this/:route/has/:cool/stuff', { route: 'test', cool: 'more' }]],
      ['/blog', null],
      ['/blog/', ['/blog/*', { '*': '' }]],
      ['/blog/123', ['/blog/*', { '*': '123' }]],
    ],
    differs: wildcardNeedsSlash,
  },
  {
    name: 'params only, of several lengths',
    routes: ['/', '/:a', '/:a/:y/:x/:b', '/:a/:x/:b', '/:a/:b'],
    requests: [
      ['/', ['/']],
      ['/a', ['/:a', { a: 'a' }]],
      ['/a/b', ['/:a/:b', { a: 'a', b: 'b' }]],
      ['/a/x/b', ['/:a/:x/:b', { a: 'a', x: 'x', b: 'b' }]],
      ['/a/y/x/b', ['/:a/:y/:x/:b', { a: 'a', y: 'y', x: 'x', b: 'b' }]],
    ],
  },
  {
    name: 'different names at each position',
    routes: [
      '/',
      '/:packageAndRefOrSha',
      '/:owner/:repo/',
      '/:owner/:repo/:packageAndRefOrSha',
      '/:owner/:repo/:npmOrg/:packageAndRefOrSha',
    ],
    requests: [
      [
        '/tinylibs/tinybench/tiny@232',
        ['/:owner/:repo/:packageAndRefOrSha', { owner: 'tinylibs', repo: 'tinybench', packageAndRefOrSha: 'tiny@232' }],
      ],
      [
        '/tinylibs/tinybench/@tinylibs/tiny@232',
        [
          '/:owner/:repo/:npmOrg/:packageAndRefOrSha',
          { owner: 'tinylibs', repo: 'tinybench', npmOrg: '@tinylibs', packageAndRefOrSha: 'tiny@232' },
        ],
      ],
      ['/tinylibs/tinybench', ['/:owner/:repo/', { owner: 'tinylibs', repo: 'tinybench' }]],
    ],
  },
  {
    name: 'rest-of-path lookups',
    routes: ['/polymer/*', '/polymer/another/route', '/route/:p1/something/*'],
    refused: [['/polymer/**:id', 'allowed only as the last segment, whole']],
    requests: [
      ['/polymer/another/route', ['/polymer/another/route']],
      ['/polymer/anon', ['/polymer/*', { '*': 'anon' }]],
      ['/polymer/foo/bar/baz', ['/polymer/*', { '*': 'foo/bar/baz' }]],
      ['/route/param1/something/c/d', ['/route/:p1/something/*', { p1: 'param1', '*': 'c/d' }]],
    ],
    differs: restIsStar,
  },
  {
    name: 'a root rest-of-path',
    routes: ['/*'],
    refused: [['/**', 'allowed only as the last segment, whole']],
    requests: [
      ['/anything', ['/*', { '*': 'anything' }]],
      ['/any/deep/path', ['/*', { '*': 'any/deep/path' }]],
    ],
    differs: restIsStar,
  },
  {
    name: 'falling back to a wildcard',
    routes: ['/wildcard/*', '/test/*', '/test', '/dynamic/:name'],
    requests: [
      ['/wildcard', null],
      ['/wildcard/', ['/wildcard/*', { '*': '' }]],
      ['/wildcard/abc', ['/wildcard/*', { '*': 'abc' }]],
      ['/wildcard/abc/def', ['/wildcard/*', { '*': 'abc/def' }]],
      ['/dynamic', null],
      ['/test', ['/test']],
      ['/test/abc', ['/test/*', { '*': 'abc' }]],
    ],
    differs: `${restIsStar}; ${wildcardNeedsSlash}`,
  },
  {
    name: 'an unnamed single-segment placeholder',
    routes: ['/polymer/*'],
    refused: [['/polymer/route/*/x', 'allowed only as the last segment, whole']],
    requests: [
      ['/polymer/foo/bar', ['/polymer/*', { '*': 'foo/bar' }]],
      ['/polymer/constructor', ['/polymer/*', { '*': 'constructor' }]],
    ],
    differs: unsupported,
  },
  {
    name: 'mixed params in one segment',
    routes: ['/files/:category/:id,name=:name.txt'],
    requests: [
      ['/files/test/123,name=foobar.txt', ['/files/:category/:id,name=:name.txt', { category: 'test', id: '123', name: 'foobar' }]],
      ['/files/test', null],
    ],
  },
  {
    name: 'a literal prefix beside a param',
    routes: ['/npm/:param1/:param2', '/npm/@:param1/:param2'],
    requests: [
      ['/npm/@test/123', ['/npm/@:param1/:param2', { param1: 'test', param2: '123' }]],
      ['/npm/test/123', ['/npm/:param1/:param2', { param1: 'test', param2: '123' }]],
    ],
  },
  {
    name: 'a literal prefix alone',
    routes: ['/npm/@:param1/:param2'],
    requests: [
      ['/npm/@test/123', ['/npm/@:param1/:param2', { param1: 'test', param2: '123' }]],
      ['/npm/test/123', null],
    ],
  },
  {
    name: 'a digits constraint',
    routes: ['/users/:id(\\d+)'],
    requests: [
      ['/users/123', ['/users/:id(\\d+)', { id: '123' }]],
      ['/users/abc', null],
    ],
  },
  {
    name: 'an alternation constraint',
    routes: ['/files/:ext(png|jpg|gif)'],
    requests: [
      ['/files/png', ['/files/:ext(png|jpg|gif)', { ext: 'png' }]],
      ['/files/jpg', ['/files/:ext(png|jpg|gif)', { ext: 'jpg' }]],
      ['/files/pdf', null],
    ],
  },
  {
    name: 'a constraint, then a param',
    routes: ['/api/:version(v\\d+)/:resource'],
    requests: [
      ['/api/v2/users', ['/api/:version(v\\d+)/:resource', { version: 'v2', resource: 'users' }]],
      ['/api/latest/users', null],
    ],
  },
  {
    name: 'a constrained and a plain param side by side',
    routes: ['/users/:id(\\d+)', '/users/:slug'],
    requests: [
      ['/users/123', ['/users/:id(\\d+)', { id: '123' }]],
      ['/users/abc', ['/users/:slug', { slug: 'abc' }]],
    ],
  },
  {
    name: 'unnamed regexp groups',
    routes: [],
    refused: [
      ['/path/(\\d+)', '"(" only opens a constraint'],
      ['/files/(png|jpg|gif)', '"(" only opens a constraint'],
      ['/path/(\\d+)/(\\w+)', '"(" only opens a constraint'],
    ],
    requests: [],
    differs: unsupported,
  },
  {
    name: 'wildcards inside a segment',
    routes: [],
    refused: [
      ['/files/*.png', 'allowed only as the last segment, whole'],
      ['/files/file-*-*.png', 'allowed only as the last segment, whole'],
      ['/combo/*.png/*-v', 'allowed only as the last segment, whole'],
    ],
    requests: [],
    differs: unsupported,
  },
  {
    name: 'an optional last param',
    routes: ['/users/:id?'],
    requests: [
      ['/users/123', ['/users/:id?', { id: '123' }]],
      ['/users', ['/users/:id?']],
    ],
  },
  {
    name: 'an optional param in the middle',
    routes: [],
    refused: [['/api/:version?/users', 'must be followed only by optional parameters']],
    requests: [],
    differs: 'fw allows optional params only at the end (register the shorter route too); rou3 anywhere',
  },
  {
    name: 'an optional constrained param',
    routes: ['/users/:id(\\d+)?'],
    requests: [
      ['/users/123', ['/users/:id(\\d+)?', { id: '123' }]],
      ['/users', ['/users/:id(\\d+)?']],
      ['/users/abc', null],
    ],
  },
  {
    name: 'repeat modifiers',
    routes: [],
    refused: [
      ['/files/:path+', '":path+" (one or more segments) is not supported'],
      ['/files/:path*', 'allowed only as the last segment, whole'],
    ],
    requests: [],
    differs: unsupported,
  },
  {
    name: 'non-capturing {...} groups',
    routes: [],
    refused: [
      ['/book{s}?', '"{" only opens a constraint'],
      ['/blog/:id(\\d+){-:title}?', '"{" only opens a constraint'],
      ['/foo{/bar}?', '"{" only opens a constraint'],
    ],
    requests: [],
    differs: unsupported,
  },
  {
    name: 'trailing slashes',
    routes: ['/route/without/trailing/slash', '/route/with/trailing/slash/'],
    requests: [
      ['/route/without/trailing/slash', ['/route/without/trailing/slash']],
      ['/route/with/trailing/slash', ['/route/with/trailing/slash/']],
      ['/route/with/trailing/slash/', null],
      ['/route/without/trailing/slash/', null],
    ],
    differs: 'the fw router drops a pattern\'s trailing slash and sees the request\'s; the app answers "/x/" with "/x"\'s route',
  },
  {
    name: 'an empty middle segment',
    routes: ['/test//route', '/test/:param/route'],
    requests: [
      ['/test/route', ['/test//route']],
      ['/test/id/route', ['/test/:param/route', { param: 'id' }]],
    ],
    differs: 'fw collapses repeated slashes in patterns and in request paths',
  },
  {
    name: 'route matching with statics, params and wildcards',
    routes: [
      '/test',
      '/test/:id',
      '/test/:idYZ/y/z',
      '/test/:idY/y',
      '/test/foo',
      '/test/foo/*',
      '/test/foo/bar/qux',
      '/test/foo/baz',
      '/test/fooo',
      '/another/path',
      '/wildcard/*',
      '/static::path/%2A/%2A%2A',
      '/*',
    ],
    refused: [['/static\\:path/\\*/\\*\\*', 'a backslash is read as "/"']],
    requests: [
      ['/test', ['/test']],
      ['/test/foo', ['/test/foo']],
      ['/test/fooo', ['/test/fooo']],
      ['/another/path', ['/another/path']],
      ['/test/123', ['/test/:id', { id: '123' }]],
      ['/test/123/y', ['/test/:idY/y', { idY: '123' }]],
      ['/test/123/y/z', ['/test/:idYZ/y/z', { idYZ: '123' }]],
      ['/test/foo/123', ['/test/foo/*', { '*': '123' }]],
      ['/test/foo/123/456', ['/test/foo/*', { '*': '123/456' }]],
      ['/wildcard/foo', ['/wildcard/*', { '*': 'foo' }]],
      ['/wildcard', ['/*', { '*': 'wildcard' }]],
      ['/anything', ['/*', { '*': 'anything' }]],
      ['/static:path/*/**', ['/static::path/%2A/%2A%2A']],
    ],
    differs: `${restIsStar}; fw escapes ":" as "::" and "*" as %2A, not with a backslash`,
  },
  {
    name: 'hyphens end a param name',
    routes: ['/users/:user-id', '/items/:item-name/details'],
    requests: [
      ['/users/123', null],
      ['/users/123-id', ['/users/:user-id', { user: '123' }]],
      ['/items/widget-name/details', ['/items/:item-name/details', { item: 'widget' }]],
    ],
    differs: nameEnds,
  },
  {
    name: 'param names that are not identifiers',
    routes: ['/n/:0.txt', '/files/:file_name.json'],
    refused: [['/blog/:post-id(\\d+)', '"(" only opens a constraint']],
    requests: [
      ['/n/42.txt', ['/n/:0.txt', { 0: '42' }]],
      ['/files/readme.json', ['/files/:file_name.json', { file_name: 'readme' }]],
    ],
    differs: nameEnds,
  },
  {
    name: 'an ALL route beside a method route with a constraint',
    routes: ['GET /x/:id(\\d+)', 'ALL /x/:id'],
    requests: [
      ['GET /x/42', ['GET /x/:id(\\d+)', { id: '42' }]],
      ['GET /x/abc', ['ALL /x/:id', { id: 'abc' }]],
      ['POST /x/abc', ['ALL /x/:id', { id: 'abc' }]],
    ],
    differs: "fw merges ALL routes into every method's lookup, so they answer where the method's own routes do not",
  },
  {
    name: 'duplicate registrations',
    routes: ['/dup', '/dup/:x', '/dup/:x(\\d+)/r'],
    refused: [
      ['/dup', 'matches the same requests as GET "/dup"'],
      ['/dup/:x', 'matches the same requests as GET "/dup/:x"'],
      ['/dup/:x(\\d+)/r', 'matches the same requests as GET "/dup/:x(\\d+)/r"'],
    ],
    requests: [['/dup/1/r', ['/dup/:x(\\d+)/r', { x: '1' }]]],
    differs: 'fw refuses a second registration of a method and pattern; rou3 keeps the first',
  },
  {
    name: 'methods named like Object.prototype members',
    routes: ['GET /static', 'GET /:p'],
    requests: [
      ['__proto__ /static', null],
      ['constructor /static', null],
      ['toString /static', null],
      ['GET /__proto__', ['GET /:p', { p: '__proto__' }]],
      ['GET /constructor', ['GET /:p', { p: 'constructor' }]],
    ],
  },
  {
    name: 'many static routes',
    routes: [...Array.from({ length: 10 }, (_, i) => `GET /page${i}`), 'GET /', 'ALL /any', 'GET /dup', 'POST /page0/:id'],
    refused: [['GET /dup', 'matches the same requests as GET "/dup"']],
    requests: [
      ['GET /page0', ['GET /page0']],
      ['GET /page9', ['GET /page9']],
      ['GET /', ['GET /']],
      ['GET /nope', null],
      ['DELETE /any', ['ALL /any']],
      ['POST /page0/42', ['POST /page0/:id', { id: '42' }]],
      ['POST /page1', null],
      ['__proto__ /page0', null],
      ['GET /__proto__', null],
      ['GET /constructor', null],
    ],
  },
  {
    name: 'unusual method names',
    routes: ['GE"T /x/:id', 'M\\N /x/:id'],
    requests: [
      ['GE"T /x/1', ['GE"T /x/:id', { id: '1' }]],
      ['M\\N /x/1', ['M\\N /x/:id', { id: '1' }]],
      ['GET /x/1', null],
    ],
  },
  {
    name: 'a wide static fan-out',
    routes: [...Array.from({ length: 40 }, (_, i) => `/res${i}/:id`), '/undefined/:id', '/__proto__/:id', '/res0/:id/deep', '/:top', '/*'],
    requests: [
      ['/res0/1', ['/res0/:id', { id: '1' }]],
      ['/res39/x', ['/res39/:id', { id: 'x' }]],
      ['/res0/1/deep', ['/res0/:id/deep', { id: '1' }]],
      ['/nope', ['/:top', { top: 'nope' }]],
      ['/nope/deeper', ['/*', { '*': 'nope/deeper' }]],
      ['POST /res0/1', null],
      ['/undefined/7', ['/undefined/:id', { id: '7' }]],
      ['/__proto__/7', ['/__proto__/:id', { id: '7' }]],
      ['/constructor/7', ['/*', { '*': 'constructor/7' }]],
      ['/undefined', ['/:top', { top: 'undefined' }]],
    ],
  },
  {
    name: 'constraints with groups inside',
    routes: ['/c/:id(a(b)?c)', '/m/:a(\\d+)/:b([a-z]+)', '/n/:num(\\d+)'],
    refused: [['/c2/:id(a(?<extra>b)?c)', 'named group']],
    requests: [
      ['/c/abc', ['/c/:id(a(b)?c)', { id: 'abc' }]],
      ['/c/ac', ['/c/:id(a(b)?c)', { id: 'ac' }]],
      ['/c/ax', null],
      ['/m/12/ab', ['/m/:a(\\d+)/:b([a-z]+)', { a: '12', b: 'ab' }]],
      ['/m/12/34', null],
      ['/n/42', ['/n/:num(\\d+)', { num: '42' }]],
      ['/n/x', null],
    ],
    differs: 'fw refuses named groups in a constraint (they would clash in the combined RegExp)',
  },
  {
    name: 'rest-of-path tails',
    routes: ['/files/*', '/opt/*', '/pre/:x/*'],
    requests: [
      ['/files/a/b', ['/files/*', { '*': 'a/b' }]],
      ['/files', null],
      ['/files/', ['/files/*', { '*': '' }]],
      ['/opt/a/b', ['/opt/*', { '*': 'a/b' }]],
      ['/pre/v/a/b', ['/pre/:x/*', { x: 'v', '*': 'a/b' }]],
    ],
    differs: `${restIsStar}; ${wildcardNeedsSlash}`,
  },
  {
    name: 'siblings at one node',
    routes: [
      '/t/:id',
      '/t/*',
      '/:y(\\d+)',
      '/x/:id(\\d+)',
      '/x/*',
      '/d/:a(\\d+)/:x',
      '/d/:a/:x([a-z]+)',
      '/e/:a(\\d+)/:x([a-z]+)',
      '/e/:a/:x([a-z]+)',
    ],
    requests: [
      ['/t/v', ['/t/:id', { id: 'v' }]],
      ['/t/v/w', ['/t/*', { '*': 'v/w' }]],
      ['/7', ['/:y(\\d+)', { y: '7' }]],
      ['/a', null],
      ['/x/a', ['/x/*', { '*': 'a' }]],
      ['/x/7', ['/x/:id(\\d+)', { id: '7' }]],
      ['/d/9/abc', ['/d/:a(\\d+)/:x', { a: '9', x: 'abc' }]],
      ['/e/q/abc', ['/e/:a/:x([a-z]+)', { a: 'q', x: 'abc' }]],
      ['/e/9/abc', ['/e/:a(\\d+)/:x([a-z]+)', { a: '9', x: 'abc' }]],
    ],
  },
];

runRouterCases("rou3's router cases", cases);
