/**
 * Hono's shared router cases (src/router/common.case.test.ts), rewritten as fw's tables. Hono's routers return
 * every matching handler in registration order (its middleware is routed too); fw's Router returns the one most
 * specific route (middleware is matched by prefix elsewhere), so where Hono lists several, fw's answer is the one
 * its precedence picks: static text, then pattern segments, then a lone parameter, then the wildcard.
 */
import { runRouterCases, type RouterCase } from './table';

const oneRoute = 'fw returns the one most specific route; Hono returns every match';
const wildcardNeedsSlash = 'fw\'s "/path/*" matches "/path/" and below, not "/path" itself';
const withinSegment = 'fw matches a constraint within one segment; Hono lets a regexp span "/"';
const noDuplicates = 'fw refuses a second registration of the same method and pattern; Hono keeps both';
const middleWildcard = 'fw allows "*" only as the whole last segment; Hono also in the middle and as a suffix';

const cases: RouterCase[] = [
  {
    name: 'basic usage: one path, three methods',
    routes: ['GET /hello', 'POST /hello', 'PURGE /hello'],
    requests: [
      ['GET /hello', ['GET /hello']],
      ['POST /hello', ['POST /hello']],
      ['PURGE /hello', ['PURGE /hello']],
      ['PUT /hello', null],
      ['GET /', null],
    ],
  },
  {
    name: 'reserved words: a param named constructor',
    routes: ['/entry/:constructor'],
    requests: [['/entry/123', ['/entry/:constructor', { constructor: '123' }]]],
  },
  {
    name: 'reserved words: a wildcard in the middle',
    routes: [],
    refused: [['/wild/*/card', 'allowed only as the last segment, whole']],
    requests: [],
    differs: middleWildcard,
  },
  {
    name: 'reserved words: an optional param named constructor',
    routes: ['/api/animals/:constructor?'],
    requests: [
      ['/api/animals', ['/api/animals/:constructor?']],
      ['/api/animals/cat', ['/api/animals/:constructor?', { constructor: 'cat' }]],
    ],
  },
  {
    name: 'named param',
    routes: ['/entry/:id'],
    requests: [
      ['/entry/123', ['/entry/:id', { id: '123' }]],
      ['/entry-123', null],
    ],
  },
  {
    name: 'default: a static route and a wildcard beside it',
    routes: ['/api/abc', '/api/*'],
    requests: [
      ['/api/abc', ['/api/abc']],
      ['/api/def', ['/api/*', { '*': 'def' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'regexp constraints in braces',
    routes: ['/post/:date{[0-9]+}/:title{[a-z]+}'],
    requests: [
      ['/post/20210101/hello', ['/post/:date{[0-9]+}/:title{[a-z]+}', { date: '20210101', title: 'hello' }]],
      ['/post/onetwothree', null],
      ['/post/123/123', null],
    ],
  },
  {
    name: 'a {.*} constraint',
    routes: ['/files/:name{.*}'],
    requests: [
      ['/files', null],
      ['/files/a', ['/files/:name{.*}', { name: 'a' }]],
      ['/files/a/b', null],
      ['/files/', null],
    ],
    differs: `${withinSegment}, and a parameter is never empty`,
  },
  {
    name: '/* around a static path, registered twice',
    routes: ['/api/*', '/api', '/api/posts'],
    refused: [['/api/*', 'matches the same requests as GET "/api/*"']],
    requests: [
      ['/api', ['/api']],
      ['/api/posts', ['/api/posts']],
      ['/api/other', ['/api/*', { '*': 'other' }]],
    ],
    differs: `${oneRoute}; ${noDuplicates}`,
  },
  {
    name: 'registration order: * before a route',
    routes: ['*', '/:type/:action'],
    requests: [['/posts/123', ['/:type/:action', { type: 'posts', action: '123' }]]],
    differs: oneRoute,
  },
  {
    name: 'registration order: * after a route',
    routes: ['/:type/:action', '*'],
    requests: [
      ['/posts/123', ['/:type/:action', { type: 'posts', action: '123' }]],
      ['/posts', ['*', { '*': 'posts' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'multi match: a blog',
    routes: ['ALL *', 'GET *', 'GET /entry', 'POST /entry/*', 'POST /entry', 'GET /entry/:id', 'GET /entry/:id/comment/:comment_id'],
    requests: [
      ['GET /', ['GET *', { '*': '' }]],
      ['GET /entry/123', ['GET /entry/:id', { id: '123' }]],
      ['GET /entry/123/comment/456', ['GET /entry/:id/comment/:comment_id', { id: '123', comment_id: '456' }]],
      ['POST /entry', ['POST /entry']],
      ['POST /entry/1', ['POST /entry/*', { '*': '1' }]],
      ['DELETE /entry', ['ALL *', { '*': 'entry' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'multi match: params per handler',
    routes: ['ALL *', 'GET /entry/:id/*', 'GET /entry/:id/:action'],
    requests: [
      ['GET /entry/123/show', ['GET /entry/:id/:action', { id: '123', action: 'show' }]],
      ['GET /entry/123/show/more', ['GET /entry/:id/*', { id: '123', '*': 'show/more' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'multi match: hierarchy',
    routes: ['/posts/:id/comments/:comment_id', '/posts/:id'],
    requests: [
      ['/', null],
      ['/posts/1', ['/posts/:id', { id: '1' }]],
    ],
  },
  {
    name: 'duplicate param name: self',
    routes: [],
    refused: [['/:id/:id', 'the parameter name ":id" is used twice']],
    requests: [],
    differs: 'fw refuses a name used twice in one pattern; Hono keeps the first value',
  },
  {
    name: 'duplicate param name: parent',
    routes: ['/:id/:action', '/posts/:id'],
    requests: [
      ['/posts/get', ['/posts/:id', { id: 'get' }]],
      ['/users/get', ['/:id/:action', { id: 'users', action: 'get' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'duplicate param name: child',
    routes: ['/posts/:id', '/:id/:action'],
    requests: [['/posts/get', ['/posts/:id', { id: 'get' }]]],
    differs: oneRoute,
  },
  {
    name: 'page and a fallback',
    routes: ['/page', 'ALL *'],
    requests: [
      ['/page', ['/page']],
      ['/other', ['ALL *', { '*': 'other' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'star: "/*" and "*" are one pattern',
    routes: ['/', '/*', '/x', '/x/*'],
    refused: [['*', 'matches the same requests as GET "/*"']],
    requests: [
      ['/', ['/']],
      ['/x', ['/x']],
      ['/x/y', ['/x/*', { '*': 'y' }]],
      ['/y', ['/*', { '*': 'y' }]],
    ],
    differs: `${oneRoute}; ${noDuplicates} ("*" is "/*")`,
  },
  {
    name: 'suffix wildcard',
    routes: [],
    refused: [
      ['/assets*', 'allowed only as the last segment, whole'],
      ['POST /assets*', 'allowed only as the last segment, whole'],
    ],
    requests: [],
    differs: middleWildcard,
  },
  {
    name: 'trailing wildcard',
    routes: ['/path/*'],
    requests: [
      ['/path', null],
      ['/path/', ['/path/*', { '*': '' }]],
      ['/path/to/file', ['/path/*', { '*': 'to/file' }]],
      ['/pathfoo', null],
    ],
    differs: wildcardNeedsSlash,
  },
  {
    name: 'trailing wildcard after a label',
    routes: ['/:name/*', '/:id'],
    requests: [
      ['/abc', ['/:id', { id: 'abc' }]],
      ['/abc/sub', ['/:name/*', { name: 'abc', '*': 'sub' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'trailing wildcard after a pattern label',
    routes: ['/:name{[a-z]+}/*', '/:id{[a-z]+}'],
    requests: [
      ['/abc', ['/:id{[a-z]+}', { id: 'abc' }]],
      ['/abc/x', ['/:name{[a-z]+}/*', { name: 'abc', '*': 'x' }]],
      ['/123', null],
    ],
    differs: oneRoute,
  },
  {
    name: 'pattern label, reverse registration order',
    routes: ['/reverse/:id{[a-z]+}', '/reverse/:name{[a-z]+}/*'],
    requests: [['/reverse/abc', ['/reverse/:id{[a-z]+}', { id: 'abc' }]]],
    differs: oneRoute,
  },
  {
    name: 'pattern label with an ALL wildcard',
    routes: ['ALL /all/:name{[a-z]+}/*', 'POST /all/:id{[a-z]+}'],
    requests: [
      ['POST /all/abc', ['POST /all/:id{[a-z]+}', { id: 'abc' }]],
      ['GET /all/abc/d', ['ALL /all/:name{[a-z]+}/*', { name: 'abc', '*': 'd' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'pattern label with nested braces',
    routes: ['/posts/:year{[0-9]{4}}/*', '/posts/:yr{[0-9]{4}}/comments'],
    requests: [
      ['/posts/2024/comments', ['/posts/:yr{[0-9]{4}}/comments', { yr: '2024' }]],
      ['/posts/2024/likes', ['/posts/:year{[0-9]{4}}/*', { year: '2024', '*': 'likes' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'pattern label with regexp meta characters',
    routes: ['/files/:kind{(?:foo|bar)}/*', '/files/:type{(?:foo|bar)}/detail'],
    requests: [
      ['/files/foo/detail', ['/files/:type{(?:foo|bar)}/detail', { type: 'foo' }]],
      ['/files/baz/detail', null],
    ],
    differs: oneRoute,
  },
  {
    name: 'the default pattern {[^/]+} is a plain param',
    routes: ['/user/:userId{[^/]+}/*', '/user/:id/profile'],
    requests: [
      ['/user/123/profile', ['/user/:id/profile', { id: '123' }]],
      ['/user/123/x', ['/user/:userId{[^/]+}/*', { userId: '123', '*': 'x' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'the default pattern, reverse registration order',
    routes: ['/user/:id/profile', '/user/:userId{[^/]+}/*'],
    requests: [['/user/123/profile', ['/user/:id/profile', { id: '123' }]]],
    differs: oneRoute,
  },
  {
    name: 'trailing wildcard after a middle wildcard',
    routes: [],
    refused: [['/a/*/b/*', 'allowed only as the last segment, whole']],
    requests: [],
    differs: middleWildcard,
  },
  {
    name: 'optional params',
    routes: ['/api/animals/:type?', '/v1/:version?/:platform?'],
    requests: [
      ['/api/animals/dog', ['/api/animals/:type?', { type: 'dog' }]],
      ['/api/animals', ['/api/animals/:type?']],
      ['/v1/123/abc', ['/v1/:version?/:platform?', { version: '123', platform: 'abc' }]],
      ['/v1/123', ['/v1/:version?/:platform?', { version: '123' }]],
      ['/v1', ['/v1/:version?/:platform?']],
    ],
  },
  {
    name: 'all',
    routes: ['GET /hello', 'ALL /all'],
    requests: [
      ['GET /all', ['ALL /all']],
      ['PATCH /hello', null],
    ],
  },
  {
    name: 'long prefix, then star (GET only)',
    routes: ['/long/prefix/*', '/long/*', '*'],
    refused: [['*', 'matches the same requests as GET "*"']],
    requests: [
      ['/', ['*', { '*': '' }]],
      ['/long/prefix', ['/long/*', { '*': 'prefix' }]],
      ['/long/prefix/test', ['/long/prefix/*', { '*': 'test' }]],
    ],
    differs: `${oneRoute}; ${wildcardNeedsSlash}; ${noDuplicates}`,
  },
  {
    name: 'long prefix, then star (ALL and GET)',
    routes: ['ALL /long/prefix/*', 'ALL /long/*', 'GET *'],
    refused: [['GET *', 'matches the same requests as GET "*"']],
    requests: [
      ['/', ['GET *', { '*': '' }]],
      ['/long/prefix', ['ALL /long/*', { '*': 'prefix' }]],
      ['/long/prefix/test', ['ALL /long/prefix/*', { '*': 'test' }]],
    ],
    differs: `${oneRoute}; ${wildcardNeedsSlash}; ${noDuplicates}`,
  },
  {
    name: 'a constraint including slashes',
    routes: ['/js/:filename{[a-z0-9/]+.js}', '/js/main.js'],
    requests: [
      ['/js/main.js', ['/js/main.js']],
      ['/js/app.js', ['/js/:filename{[a-z0-9/]+.js}', { filename: 'app.js' }]],
      ['/js/chunk/123.js', null],
      ['/js/chunk/nest/123.js', null],
    ],
    differs: `${oneRoute}; ${withinSegment}`,
  },
  {
    name: 'capture simple multiple directories',
    routes: ['/:dirs{.+}/file.html'],
    requests: [
      ['/foo/file.html', ['/:dirs{.+}/file.html', { dirs: 'foo' }]],
      ['/foo/bar/file.html', null],
      ['/a/b/c/d/file.html', null],
    ],
    differs: withinSegment,
  },
  {
    name: 'a constraint, then a middle wildcard',
    routes: [],
    refused: [['/:dir{[a-z]+}/*/file.html', 'allowed only as the last segment, whole']],
    requests: [],
    differs: middleWildcard,
  },
  {
    name: 'a constraint with a trailing wildcard and nothing after',
    routes: ['/:id{[0-9]+}/*'],
    requests: [
      ['/123', null],
      ['/123/', ['/:id{[0-9]+}/*', { id: '123', '*': '' }]],
    ],
    differs: wildcardNeedsSlash,
  },
  {
    name: 'a constraint with a trailing wildcard and a sibling route',
    routes: ['/regex-abc/:id{[0-9]+}/*', '/regex-abc/:id{[0-9]+}/def'],
    requests: [
      ['/regex-abc/123/ghi', ['/regex-abc/:id{[0-9]+}/*', { id: '123', '*': 'ghi' }]],
      ['/regex-abc/123/def', ['/regex-abc/:id{[0-9]+}/def', { id: '123' }]],
    ],
  },
  {
    name: 'capture complex multiple directories',
    routes: ['/:first{.+}/middle-a/:reference?', '/:first{.+}/middle-b/end-c/:uuid', '/:first{.+}/middle-b/:digest'],
    requests: [
      ['/part1/middle-b/latest', ['/:first{.+}/middle-b/:digest', { first: 'part1', digest: 'latest' }]],
      ['/part1/middle-b/end-c/latest', ['/:first{.+}/middle-b/end-c/:uuid', { first: 'part1', uuid: 'latest' }]],
      ['/part1/middle-a', ['/:first{.+}/middle-a/:reference?', { first: 'part1' }]],
      ['/part1/part2/middle-b/latest', null],
    ],
    differs: withinSegment,
  },
  {
    name: 'capture multiple directories, then an optional param',
    routes: ['/:prefix{.+}/contents/:id?'],
    requests: [
      ['/foo/contents', ['/:prefix{.+}/contents/:id?', { prefix: 'foo' }]],
      ['/foo/contents/123', ['/:prefix{.+}/contents/:id?', { prefix: 'foo', id: '123' }]],
      ['/foo/bar/contents', null],
    ],
    differs: withinSegment,
  },
  {
    name: 'non-ASCII and special characters in static segments',
    routes: ['ALL /$/*', 'GET /$/:name', 'ALL /%28%29/*', 'GET /%28%29/:name'],
    refused: [['ALL /()/*', '"(" only opens a constraint']],
    requests: [
      ['GET /$/hono', ['GET /$/:name', { name: 'hono' }]],
      ['GET /()/hono', ['GET /%28%29/:name', { name: 'hono' }]],
      ['POST /()/hono', ['ALL /%28%29/*', { '*': 'hono' }]],
    ],
    differs: `${oneRoute}; fw reads "(" as constraint syntax, so a literal one is written %28`,
  },
  {
    name: 'REST API with constraints',
    routes: ['/users/:username{[a-z]+}', '/users/:username{[a-z]+}/posts'],
    requests: [
      ['/users/hono', ['/users/:username{[a-z]+}', { username: 'hono' }]],
      ['/users/hono/posts', ['/users/:username{[a-z]+}/posts', { username: 'hono' }]],
    ],
  },
  {
    name: 'trailing slash',
    routes: ['/book', '/book/:id'],
    requests: [
      ['/book', ['/book']],
      ['/book/', null],
    ],
  },
  {
    name: 'the same path twice',
    routes: ['/hey'],
    refused: [['/hey', 'Route GET "/hey" matches the same requests as GET "/hey"']],
    requests: [['/hey', ['/hey']]],
    differs: noDuplicates,
  },
  {
    name: 'a pattern that looks like a hostname',
    routes: ['www1.example.com/hello', 'www2.example.com/hello'],
    requests: [
      ['/www1.example.com/hello', ['www1.example.com/hello']],
      ['/www2.example.com/hello', ['www2.example.com/hello']],
      ['/hello', null],
    ],
    differs: 'fw routes paths only: a pattern without a leading "/" gets one',
  },
  {
    name: 'static routes of ALL and GET',
    routes: ['ALL /foo', 'GET /bar'],
    requests: [
      ['GET /foo', ['ALL /foo']],
      ['POST /bar', null],
    ],
  },
  {
    name: 'ALL static and GET star',
    routes: ['ALL /x', 'GET *'],
    requests: [
      ['GET /x', ['ALL /x']],
      ['GET /y', ['GET *', { '*': 'y' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'GET star, ALL static, GET star again',
    routes: ['GET *', 'ALL /x'],
    refused: [['GET *', 'matches the same requests as GET "*"']],
    requests: [['GET /x', ['ALL /x']]],
    differs: `${oneRoute}; ${noDuplicates}`,
  },
  {
    name: 'GET star, GET static, ALL star (Hono #699)',
    routes: ['GET /y/*', 'GET /y/a', 'ALL /y/b/*', 'GET /y/b/bar'],
    requests: [
      ['GET /y/b/bar', ['GET /y/b/bar']],
      ['GET /y/b/baz', ['ALL /y/b/*', { '*': 'baz' }]],
      ['GET /y/c', ['GET /y/*', { '*': 'c' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'ALL star, ALL star, GET static, ALL star',
    routes: ['ALL *', 'ALL /a/*', 'GET /a/foo', 'ALL /b/*', 'GET /b/bar'],
    requests: [
      ['GET /b/bar', ['GET /b/bar']],
      ['POST /b/bar', ['ALL /b/*', { '*': 'bar' }]],
      ['GET /c', ['ALL *', { '*': 'c' }]],
    ],
    differs: oneRoute,
  },
  {
    name: 'a capturing group in a constraint',
    routes: ['/foo/:capture{(bar|baz)}'],
    requests: [
      ['/foo/bar', ['/foo/:capture{(bar|baz)}', { capture: 'bar' }]],
      ['/foo/baz', ['/foo/:capture{(bar|baz)}', { capture: 'baz' }]],
      ['/foo/qux', null],
    ],
  },
  {
    name: 'a non-capturing group in a constraint',
    routes: ['/foo/:capture{(?:bar|baz)}'],
    requests: [
      ['/foo/bar', ['/foo/:capture{(?:bar|baz)}', { capture: 'bar' }]],
      ['/foo/baz', ['/foo/:capture{(?:bar|baz)}', { capture: 'baz' }]],
      ['/foo/qux', null],
    ],
  },
  {
    name: 'a non-capturing group with a prefix',
    routes: ['/foo/:capture{ba(?:r|z)}'],
    requests: [
      ['/foo/bar', ['/foo/:capture{ba(?:r|z)}', { capture: 'bar' }]],
      ['/foo/baz', ['/foo/:capture{ba(?:r|z)}', { capture: 'baz' }]],
      ['/foo/qux', null],
    ],
  },
  {
    name: 'a capturing group with a prefix',
    routes: ['/foo/:capture{ba(r|z)}/:next'],
    requests: [['/foo/bar/1', ['/foo/:capture{ba(r|z)}/:next', { capture: 'bar', next: '1' }]]],
  },
  {
    name: 'an unknown method',
    routes: ['GET /', 'ALL /all'],
    requests: [
      ['UNKNOWN_METHOD /', null],
      ['UNKNOWN_METHOD /all', ['ALL /all']],
    ],
  },
];

runRouterCases("Hono's shared router cases", cases);
