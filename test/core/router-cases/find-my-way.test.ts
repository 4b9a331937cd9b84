/**
 * find-my-way's cases about params, regexps, several params in a segment, optional params and duplicates (its
 * test/ folder: regex, params-collisions, optional-params, errors and the issue-* files), rewritten as fw's
 * tables against the Router. Request paths here are canonical, as the router receives them; its encoded-path cases
 * run through `app.fetch` in encoded-paths.test.ts.
 */
import { runRouterCases, type RouterCase } from './table';

const neverEmpty = 'a fw parameter never matches an empty value; find-my-way gives ""';
const rootWildcard = 'fw\'s "/*" leaves the leading "/" out of "*"';

const regexps: RouterCase[] = [
  {
    name: 'a matching regexp (anchors written)',
    routes: ['/test/:id(^\\d+$)'],
    requests: [
      ['/test/12', ['/test/:id(^\\d+$)', { id: '12' }]],
      ['/test/test', null],
    ],
  },
  {
    name: 'regexps with a fixed suffix',
    routes: ['/test/S/:file(^\\S+).png', '/test/D/:file(^\\D+).png'],
    requests: [
      ['/test/S/foo.png', ['/test/S/:file(^\\S+).png', { file: 'foo' }]],
      ['/test/D/foo.png', ['/test/D/:file(^\\D+).png', { file: 'foo' }]],
      ['/test/D/f00.png', null],
    ],
  },
  {
    name: 'a nested route with a regexp',
    routes: ['/test/:id(^\\d+$)/hello'],
    requests: [
      ['/test/12/hello', ['/test/:id(^\\d+$)/hello', { id: '12' }]],
      ['/test/ab/hello', null],
    ],
  },
  {
    name: 'mixed nested routes with one and two regexps',
    routes: ['/test/:id(^\\d+$)/hello/:world', '/two/:id(^\\d+$)/hello/:world(^\\d+$)'],
    requests: [
      ['/test/12/hello/world', ['/test/:id(^\\d+$)/hello/:world', { id: '12', world: 'world' }]],
      ['/two/12/hello/15', ['/two/:id(^\\d+$)/hello/:world(^\\d+$)', { id: '12', world: '15' }]],
      ['/two/12/hello/test', null],
    ],
  },
  {
    name: 'an extension regexp',
    routes: ['/test/:file(^\\d+).png'],
    requests: [
      ['/test/12.png', ['/test/:file(^\\d+).png', { file: '12' }]],
      ['/test/aa.png', null],
    ],
  },
  {
    name: 'an empty-accepting regexp',
    routes: ['/test/:id(^((?!abc).)*$)'],
    requests: [
      ['/test/', null],
      ['/test/x', ['/test/:id(^((?!abc).)*$)', { id: 'x' }]],
      ['/test/xabc', null],
    ],
    differs: neverEmpty,
  },
  {
    name: 'a regexp that is slow on some inputs is accepted',
    routes: ['/test/:id((x+x+)+y)'],
    requests: [['/test/xxy', ['/test/:id((x+x+)+y)', { id: 'xxy' }]]],
    differs: "fw does not judge regexp safety (find-my-way refuses what safe-regex2 flags); constraints are the developer's",
  },
  { name: 'an unbalanced regexp', routes: [], refused: [['/foo/:id(a', 'unbalanced "("']], requests: [] },
  {
    name: 'a group repeated in a regexp',
    routes: ['/foo/:id(([a-f0-9]{3},?)+)'],
    requests: [
      ['/foo/qwerty', null],
      ['/foo/bac,1ea', ['/foo/:id(([a-f0-9]{3},?)+)', { id: 'bac,1ea' }]],
    ],
  },
  {
    name: 'escaped brackets in a regexp',
    routes: ['/foo/:param(\\([a-f0-9]{3}\\))'],
    requests: [
      ['/foo/abc', null],
      ['/foo/(abc)', ['/foo/:param(\\([a-f0-9]{3}\\))', { param: '(abc)' }]],
    ],
  },
  {
    name: 'the wildcard when a regexp fails',
    routes: ['/:a(a)', '/*'],
    requests: [
      ['/b', ['/*', { '*': 'b' }]],
      ['/a', ['/:a(a)', { a: 'a' }]],
    ],
  },
  {
    name: 'regexp routes beside a param route',
    routes: ['/:a(a)', '/:param/static'],
    requests: [
      ['/a', ['/:a(a)', { a: 'a' }]],
      ['/param/static', ['/:param/static', { param: 'param' }]],
      ['/a/static', ['/:param/static', { param: 'a' }]],
    ],
  },
  {
    name: 'two regexp routes at the root',
    routes: ['/:a(a)', '/:b(b)/static'],
    requests: [
      ['/a', ['/:a(a)', { a: 'a' }]],
      ['/b/static', ['/:b(b)/static', { b: 'b' }]],
    ],
  },
];

const collisions: RouterCase[] = [
  {
    name: 'a param and a regexp at one position',
    routes: ['/foo/:bar', '/foo/:bar(123)'],
    requests: [
      ['/foo/value', ['/foo/:bar', { bar: 'value' }]],
      ['/foo/123', ['/foo/:bar(123)', { bar: '123' }]],
    ],
  },
  {
    name: 'a param and a multi-param node',
    routes: ['/foo/:bar', '/foo/:bar.png'],
    requests: [
      ['/foo/value', ['/foo/:bar', { bar: 'value' }]],
      ['/foo/value.png', ['/foo/:bar.png', { bar: 'value' }]],
    ],
  },
  {
    name: 'two params at one position',
    routes: ['/foo/:bar'],
    refused: [['/foo/:baz', 'matches the same requests as GET "/foo/:bar"']],
    requests: [],
  },
  {
    name: 'two different regexps at one position',
    routes: ['/foo/:bar(123)', '/foo/:bar(456)'],
    requests: [
      ['/foo/123', ['/foo/:bar(123)', { bar: '123' }]],
      ['/foo/456', ['/foo/:bar(456)', { bar: '456' }]],
    ],
    differs: 'fw tries different regexps at one position in turn; find-my-way refuses the second',
  },
  {
    name: 'the same regexp twice, names aside',
    routes: ['/foo/:bar(123)'],
    refused: [['/foo/:other(123)', 'matches the same requests as GET "/foo/:bar(123)"']],
    requests: [],
  },
  {
    name: 'two params with static endings',
    routes: ['/foo/:bar.png', '/foo/:bar.jpeg'],
    requests: [
      ['/foo/value.png', ['/foo/:bar.png', { bar: 'value' }]],
      ['/foo/value.jpeg', ['/foo/:bar.jpeg', { bar: 'value' }]],
    ],
  },
  {
    name: 'two regexps with static endings',
    routes: ['/foo/:bar(123).png', '/foo/:bar(456).jpeg'],
    requests: [
      ['/foo/123.png', ['/foo/:bar(123).png', { bar: '123' }]],
      ['/foo/456.jpeg', ['/foo/:bar(456).jpeg', { bar: '456' }]],
      ['/foo/456.png', null],
    ],
  },
  {
    name: 'a longer static suffix first',
    routes: ['/foo/:bar.png', '/foo/:bar.png.png'],
    requests: [
      ['/foo/value.png', ['/foo/:bar.png', { bar: 'value' }]],
      ['/foo/value.png.png', ['/foo/:bar.png.png', { bar: 'value' }]],
    ],
  },
  {
    name: 'a longer static suffix first, registered first',
    routes: ['/foo/:bar.png.png', '/foo/:bar.png'],
    requests: [
      ['/foo/value.png', ['/foo/:bar.png', { bar: 'value' }]],
      ['/foo/value.png.png', ['/foo/:bar.png.png', { bar: 'value' }]],
    ],
  },
  {
    name: 'a regexp node and the same with a static ending',
    routes: ['/foo/:bar(123)', '/foo/:bar(123).jpeg'],
    requests: [
      ['/foo/123.jpeg', ['/foo/:bar(123).jpeg', { bar: '123' }]],
      ['/foo/123', ['/foo/:bar(123)', { bar: '123' }]],
    ],
  },
  {
    name: 'a param and the same with a static ending',
    routes: ['/v1/foo/:code', '/v1/foo/:code.png'],
    requests: [
      ['/v1/foo/hello', ['/v1/foo/:code', { code: 'hello' }]],
      ['/v1/foo/hello.png', ['/v1/foo/:code.png', { code: 'hello' }]],
    ],
  },
  {
    name: 'two static endings, then more',
    routes: ['/v1/foo/:code.jpg/bar', '/v1/foo/:code.png/bar'],
    requests: [
      ['/v1/foo/hello.jpg/bar', ['/v1/foo/:code.jpg/bar', { code: 'hello' }]],
      ['/v1/foo/hello.png/bar', ['/v1/foo/:code.png/bar', { code: 'hello' }]],
    ],
  },
  {
    name: 'dash and dot do not collide',
    routes: ['/foo/:a-:b', '/foo/:a.:b'],
    requests: [
      ['/foo/x-y', ['/foo/:a-:b', { a: 'x', b: 'y' }]],
      ['/foo/x.y', ['/foo/:a.:b', { a: 'x', b: 'y' }]],
    ],
  },
  {
    name: 'routes differing by a static part between params',
    routes: ['/h5/:cityName-:poiName/hotels-c:cityId-r:poiId', '/h5/:cityName-:poiName/hotels-c:cityId-a:poiId'],
    requests: [
      [
        '/h5/city-poi/hotels-cC1-rP1',
        ['/h5/:cityName-:poiName/hotels-c:cityId-r:poiId', { cityName: 'city', poiName: 'poi', cityId: 'C1', poiId: 'P1' }],
      ],
      [
        '/h5/city-poi/hotels-cC1-aP1',
        ['/h5/:cityName-:poiName/hotels-c:cityId-a:poiId', { cityName: 'city', poiName: 'poi', cityId: 'C1', poiId: 'P1' }],
      ],
    ],
    refused: [['/h5/:x-:y/hotels-c:z-r:w', 'matches the same requests as GET "/h5/:cityName-:poiName/hotels-c:cityId-r:poiId"']],
  },
];

const multiParams: RouterCase[] = [
  { name: 'a dash inside a param', routes: ['/a/:param/b'], requests: [['/a/foo-bar/b', ['/a/:param/b', { param: 'foo-bar' }]]] },
  {
    name: 'a param with a fixed suffix',
    routes: ['/a/:param-static', '/b/:param.static'],
    requests: [
      ['/a/param-static', ['/a/:param-static', { param: 'param' }]],
      ['/b/param.static', ['/b/:param.static', { param: 'param' }]],
      ['/a/param-param-static', ['/a/:param-static', { param: 'param-param' }]],
      ['/b/param.param.static', ['/b/:param.static', { param: 'param.param' }]],
      ['/a/param.param-static', ['/a/:param-static', { param: 'param.param' }]],
      ['/b/param-param.static', ['/b/:param.static', { param: 'param-param' }]],
    ],
  },
  {
    name: 'a regexp of fixed length, then text',
    routes: ['/a/:param(^\\w{3})bar'],
    requests: [
      ['/a/$mebar', null],
      ['/a/foolol', null],
      ['/a/foobaz', null],
      ['/a/foolbar', null],
      ['/a/foobar', ['/a/:param(^\\w{3})bar', { param: 'foo' }]],
    ],
  },
  {
    name: 'a regexp with a dash, then text',
    routes: ['/a/:param(^\\w{3}-\\w{3})foo'],
    requests: [['/a/abc-deffoo', ['/a/:param(^\\w{3}-\\w{3})foo', { param: 'abc-def' }]]],
  },
  {
    name: 'two params split by a dash or a dot',
    routes: ['/a/:p1-:p2', '/b/:p1.:p2'],
    requests: [
      ['/a/foo-bar', ['/a/:p1-:p2', { p1: 'foo', p2: 'bar' }]],
      ['/b/foo.bar', ['/b/:p1.:p2', { p1: 'foo', p2: 'bar' }]],
      ['/a/foo-bar-baz', ['/a/:p1-:p2', { p1: 'foo-bar', p2: 'baz' }]],
      ['/b/foo.bar-baz', ['/b/:p1.:p2', { p1: 'foo', p2: 'bar-baz' }]],
      ['/a/foo', null],
      ['/b/foo', null],
    ],
  },
  {
    name: 'names with _ and $',
    routes: ['/a/:p_1-:$p', '/b/:p_1.:$p'],
    requests: [
      ['/a/foo-bar', ['/a/:p_1-:$p', { p_1: 'foo', $p: 'bar' }]],
      ['/b/foo.bar', ['/b/:p_1.:$p', { p_1: 'foo', $p: 'bar' }]],
    ],
  },
  {
    name: 'two regexps with text around them',
    routes: ['/at/:hour(^\\d+)h:minute(^\\d+)m'],
    requests: [
      ['/at/0h42m', ['/at/:hour(^\\d+)h:minute(^\\d+)m', { hour: '0', minute: '42' }]],
      ['/at/xh42m', null],
    ],
  },
  {
    name: 'params with a colon written as ::',
    routes: ['/:param(.*)::suffix', '/:param1(.*)::suffix1-:param2(.*)::suffix2/static'],
    requests: [
      ['/foo:suffix', ['/:param(.*)::suffix', { param: 'foo' }]],
      ['/foo:suffix1-bar:suffix2/static', ['/:param1(.*)::suffix1-:param2(.*)::suffix2/static', { param1: 'foo', param2: 'bar' }]],
    ],
  },
  {
    name: 'a regexp with a dash beside a dash separator',
    routes: [
      '/a/:uuid(^[\\d-]{19})-:user(^\\w+)',
      '/a/:uuid(^[\\d-]{19})-:user(^\\w+)/account',
      '/b/:uuid(^[\\d-]{19}).:user(^\\w+)',
      '/b/:uuid(^[\\d-]{19}).:user(^\\w+)/account',
    ],
    requests: [
      ['/a/1111-2222-3333-4444-foo', ['/a/:uuid(^[\\d-]{19})-:user(^\\w+)', { uuid: '1111-2222-3333-4444', user: 'foo' }]],
      ['/a/1111-2222-3333-4445-bar/account', ['/a/:uuid(^[\\d-]{19})-:user(^\\w+)/account', { uuid: '1111-2222-3333-4445', user: 'bar' }]],
      ['/b/1111-2222-3333-4444.foo', ['/b/:uuid(^[\\d-]{19}).:user(^\\w+)', { uuid: '1111-2222-3333-4444', user: 'foo' }]],
      ['/b/1111-2222-3333-4445.bar/account', ['/b/:uuid(^[\\d-]{19}).:user(^\\w+)/account', { uuid: '1111-2222-3333-4445', user: 'bar' }]],
    ],
  },
  {
    name: 'two params and a fixed suffix',
    routes: ['/a/:p1-:p2-baz', '/b/:p1.:p2-baz'],
    requests: [
      ['/a/foo-bar-baz', ['/a/:p1-:p2-baz', { p1: 'foo', p2: 'bar' }]],
      ['/b/foo.bar-baz', ['/b/:p1.:p2-baz', { p1: 'foo', p2: 'bar' }]],
    ],
  },
  {
    name: 'two regexps and a fixed suffix',
    routes: ['/a/:p1(^\\w+)-:p2(^\\w+)-kuux', '/b/:p1(^\\w+).:p2(^\\w+)-kuux'],
    requests: [
      ['/a/foo-barbaz-kuux', ['/a/:p1(^\\w+)-:p2(^\\w+)-kuux', { p1: 'foo', p2: 'barbaz' }]],
      ['/b/foo.barbaz-kuux', ['/b/:p1(^\\w+).:p2(^\\w+)-kuux', { p1: 'foo', p2: 'barbaz' }]],
    ],
  },
  {
    name: 'two params, then a wildcard',
    routes: ['/a/:p1-:p2/*', '/b/:p1.:p2/*'],
    requests: [
      ['/a/foo-bar/baz', ['/a/:p1-:p2/*', { p1: 'foo', p2: 'bar', '*': 'baz' }]],
      ['/b/foo.bar/baz', ['/b/:p1.:p2/*', { p1: 'foo', p2: 'bar', '*': 'baz' }]],
    ],
  },
  {
    name: 'nested multi-param routes',
    routes: ['/a/:p1-:p2/b/:p3', '/b/:p1.:p2/b/:p3'],
    requests: [
      ['/a/foo-bar/b/baz', ['/a/:p1-:p2/b/:p3', { p1: 'foo', p2: 'bar', p3: 'baz' }]],
      ['/b/foo.bar/b/baz', ['/b/:p1.:p2/b/:p3', { p1: 'foo', p2: 'bar', p3: 'baz' }]],
    ],
  },
  {
    name: 'nested multi-param routes with regexps',
    routes: ['/a/:p1(^\\w{3})-:p2(^\\d+)/b/:p3', '/b/:p1(^\\w{3}).:p2/b/:p3'],
    requests: [
      ['/a/foo-42/b/bar', ['/a/:p1(^\\w{3})-:p2(^\\d+)/b/:p3', { p1: 'foo', p2: '42', p3: 'bar' }]],
      ['/b/foo.42/b/bar', ['/b/:p1(^\\w{3}).:p2/b/:p3', { p1: 'foo', p2: '42', p3: 'bar' }]],
      ['/a/foo-x/b/bar', null],
    ],
  },
  {
    name: 'a tricky multi-param path',
    routes: ['/:param1-static-:param2'],
    requests: [
      ['/param1-static-param2', ['/:param1-static-:param2', { param1: 'param1', param2: 'param2' }]],
      [
        '/param1.1-param1.2-static-param2.1-param2.2',
        ['/:param1-static-:param2', { param1: 'param1.1-param1.2', param2: 'param2.1-param2.2' }],
      ],
      [
        '/param1-1-param1-2-static-param2-1-param2-2',
        ['/:param1-static-:param2', { param1: 'param1-1-param1-2', param2: 'param2-1-param2-2' }],
      ],
      ['/static-static-static', ['/:param1-static-:param2', { param1: 'static', param2: 'static' }]],
      ['/static-static-static-static', ['/:param1-static-:param2', { param1: 'static', param2: 'static-static' }]],
      ['/static-static1-static-static', ['/:param1-static-:param2', { param1: 'static-static1', param2: 'static' }]],
    ],
  },
  {
    name: 'a literal prefix and a static route beside it',
    routes: ['/prefix-:id', '/prefix-111'],
    requests: [
      ['/prefix-1111', ['/prefix-:id', { id: '1111' }]],
      ['/prefix-111', ['/prefix-111']],
    ],
  },
  {
    name: 'a literal prefix, then more',
    routes: ['/prefix-111', '/prefix-:id/hello', '/:id'],
    requests: [
      ['/prefix-1111/hello', ['/prefix-:id/hello', { id: '1111' }]],
      ['/prefix-1111-hello', ['/:id', { id: 'prefix-1111-hello' }]],
    ],
  },
  {
    name: 'a literal prefix after params',
    routes: ['/test/:param1/test/:param2/prefix-111', '/test/:param1/test/:param2/prefix-:id/hello', '/test/:param1/test/:param2/:id'],
    requests: [
      [
        '/test/value1/test/value2/prefix-1111-hello',
        ['/test/:param1/test/:param2/:id', { param1: 'value1', param2: 'value2', id: 'prefix-1111-hello' }],
      ],
      [
        '/test/value1/test/value2/prefix-9/hello',
        ['/test/:param1/test/:param2/prefix-:id/hello', { param1: 'value1', param2: 'value2', id: '9' }],
      ],
    ],
  },
];

const colons: RouterCase[] = [
  {
    name: ':: is a literal colon',
    routes: ['/name::customVerb'],
    requests: [
      ['/name:customVerb', ['/name::customVerb']],
      ['/name:test', null],
    ],
  },
  {
    name: ':: beside a parent static route',
    routes: ['/name', '/name::customVerb'],
    requests: [
      ['/name:customVerb', ['/name::customVerb']],
      ['/name:wrongCustomVerb', null],
      ['/name', ['/name']],
    ],
  },
  {
    name: ':: with params',
    routes: ['/name1::customVerb1/:param1/name2::customVerb2:param2'],
    requests: [
      [
        '/name1:customVerb1/value1/name2:customVerb2value2',
        ['/name1::customVerb1/:param1/name2::customVerb2:param2', { param1: 'value1', param2: 'value2' }],
      ],
    ],
  },
  {
    name: ':: beside a param',
    routes: ['/::articles', '/:article_name'],
    requests: [
      ['/:articles', ['/::articles']],
      ['/articles_param', ['/:article_name', { article_name: 'articles_param' }]],
    ],
  },
  {
    name: ':: in several segments',
    routes: ['/::test::foo/:param/::articles', '/::test::foo/:param/:article_name'],
    requests: [
      ['/:test:foo/param_value1/:articles', ['/::test::foo/:param/::articles', { param: 'param_value1' }]],
      [
        '/:test:foo/param_value2/articles_param',
        ['/::test::foo/:param/:article_name', { param: 'param_value2', article_name: 'articles_param' }],
      ],
    ],
  },
  {
    name: ':: after a regexp',
    routes: ['/:foo(\\d+)::bar'],
    requests: [
      ['/12:bar', ['/:foo(\\d+)::bar', { foo: '12' }]],
      ['/ab:bar', null],
    ],
  },
];

const optional: RouterCase[] = [
  {
    name: 'an optional param after params',
    routes: ['/a/:param/b/:optional?'],
    requests: [
      ['/a/foo-bar/b', ['/a/:param/b/:optional?', { param: 'foo-bar' }]],
      ['/a/foo-bar/b/foo', ['/a/:param/b/:optional?', { param: 'foo-bar', optional: 'foo' }]],
    ],
  },
  {
    name: 'an optional param, then the same path without it',
    routes: ['/foo/:bar?'],
    refused: [['/foo', 'Route GET "/foo" matches the same requests as GET "/foo/:bar?"']],
    requests: [],
  },
  {
    name: 'an optional param in the middle',
    routes: [],
    refused: [['/foo/:bar?/baz', 'must be followed only by optional parameters']],
    requests: [],
  },
  {
    name: 'an optional param in a multi-param segment',
    routes: [],
    refused: [['/a/:p1-:p2?', 'an optional parameter must be a whole segment']],
    requests: [],
    differs: 'fw makes only a whole segment optional; find-my-way drops the whole last segment',
  },
  {
    name: 'an optional param at the root',
    routes: ['/:optional?'],
    requests: [
      ['/', ['/:optional?']],
      ['/foo', ['/:optional?', { optional: 'foo' }]],
    ],
  },
  {
    name: 'an optional param, trailing slash',
    routes: ['/test/hello/:optional?'],
    requests: [
      ['/test/hello/', null],
      ['/test/hello', ['/test/hello/:optional?']],
      ['/test/hello/foo', ['/test/hello/:optional?', { optional: 'foo' }]],
      ['/test/hello/foo/', null],
    ],
    differs: `${neverEmpty}; the app (not the router) answers "/x/" with "/x"'s route`,
  },
];

const precedence: RouterCase[] = [
  {
    name: 'a param with a common prefix (nested statics)',
    routes: ['GET /a/bbbb', 'GET /a/bbaa', 'GET /a/babb', 'DELETE /a/:id'],
    requests: [
      ['DELETE /a/bbar', ['DELETE /a/:id', { id: 'bbar' }]],
      ['DELETE /a/bbbb', ['DELETE /a/:id', { id: 'bbbb' }]],
    ],
  },
  {
    name: 'a param with a common prefix (root)',
    routes: ['/aaa', '/aabb', '/abc', '/:id'],
    requests: [
      ['/aab', ['/:id', { id: 'aab' }]],
      ['/aabb', ['/aabb']],
    ],
  },
  {
    name: 'params around statics with a common prefix',
    routes: ['/:id/aaa/:id2', '/:id/aabb/:id2', '/:id/abc/:id2', '/:a/:b'],
    requests: [
      ['/hello/aab', ['/:a/:b', { a: 'hello', b: 'aab' }]],
      ['/hello/aaa/x', ['/:id/aaa/:id2', { id: 'hello', id2: 'x' }]],
    ],
  },
  {
    name: 'mixed routes with a common prefix',
    routes: [
      '/test',
      '/testify',
      '/test/hello',
      '/test/hello/test',
      '/te/:a',
      '/test/hello/:b',
      '/:c',
      '/text/hello',
      '/text/:d',
      '/text/:e/test',
    ],
    requests: [
      ['/test', ['/test']],
      ['/testify', ['/testify']],
      ['/test/hello', ['/test/hello']],
      ['/test/hello/test', ['/test/hello/test']],
      ['/te/hello', ['/te/:a', { a: 'hello' }]],
      ['/te/', null],
      ['/testy', ['/:c', { c: 'testy' }]],
      ['/besty', ['/:c', { c: 'besty' }]],
      ['/text/hellos/test', ['/text/:e/test', { e: 'hellos' }]],
      ['/te/hello/', null],
      ['/te/hellos/testy', null],
    ],
    differs: neverEmpty,
  },
  {
    name: 'a parent param does not hide a child param',
    routes: ['/text/hello', '/text/:e/test', '/:c'],
    requests: [['/text/hellos/test', ['/text/:e/test', { e: 'hellos' }]]],
  },
  {
    name: 'mixed params with a static route last',
    routes: ['/test', '/test/:a', '/test/hello/:b', '/test/hello/:c/test', '/test/hello/:c/:k', '/test/world'],
    requests: [
      ['/test/hello', ['/test/:a', { a: 'hello' }]],
      ['/test/hello/world/test', ['/test/hello/:c/test', { c: 'world' }]],
      ['/test/hello/world/te', ['/test/hello/:c/:k', { c: 'world', k: 'te' }]],
      ['/test/hello/world/testy', ['/test/hello/:c/:k', { c: 'world', k: 'testy' }]],
    ],
  },
  {
    name: 'a param and a static route with a shared prefix',
    routes: ['/woo', '/:param'],
    requests: [
      ['/winter', ['/:param', { param: 'winter' }]],
      ['/woo', ['/woo']],
      ['/winter/coming', null],
    ],
  },
  {
    name: 'a shared prefix and a different suffix',
    routes: ['/example/shared/nested/test', '/example/:param/nested/other'],
    requests: [['/example/shared/nested/other', ['/example/:param/nested/other', { param: 'shared' }]]],
  },
  {
    name: 'a shared prefix with a wildcard',
    routes: ['/woo', '/:param', '/*'],
    requests: [
      ['/winter', ['/:param', { param: 'winter' }]],
      ['/winter/coming', ['/*', { '*': 'winter/coming' }]],
    ],
  },
  {
    name: 'a shared prefix with a split node',
    routes: ['/woo', '/:param', '/wo'],
    requests: [
      ['/winter', ['/:param', { param: 'winter' }]],
      ['/wo', ['/wo']],
    ],
  },
  {
    name: 'a static route defined after a param',
    routes: ['/:param', '/static', '/other'],
    requests: [
      ['/static', ['/static']],
      ['/para', ['/:param', { param: 'para' }]],
      ['/s', ['/:param', { param: 's' }]],
      ['/o', ['/:param', { param: 'o' }]],
    ],
  },
  {
    name: 'falling back to a param brother',
    routes: ['/foo/:id', '/foo/:color/:id', '/foo/red'],
    refused: [['/foo/:color/:other', 'matches the same requests as GET "/foo/:color/:id"']],
    requests: [
      ['/foo/red/123', ['/foo/:color/:id', { color: 'red', id: '123' }]],
      ['/foo/blue/123', ['/foo/:color/:id', { color: 'blue', id: '123' }]],
      ['/foo/red', ['/foo/red']],
    ],
  },
  {
    name: 'falling back to a param brother, deeper',
    routes: [
      '/static/param1',
      '/static/param2',
      '/static/:paramA/next',
      '/static/param1/next/param3',
      '/static/param1/next/param4',
      '/static/:paramA/next/:paramB/other',
    ],
    requests: [
      ['/static/param1', ['/static/param1']],
      ['/static/paramOther/next', ['/static/:paramA/next', { paramA: 'paramOther' }]],
      ['/static/param1/next', ['/static/:paramA/next', { paramA: 'param1' }]],
      ['/static/param1/next/param3', ['/static/param1/next/param3']],
      [
        '/static/paramOther/next/paramOther2/other',
        ['/static/:paramA/next/:paramB/other', { paramA: 'paramOther', paramB: 'paramOther2' }],
      ],
      ['/static/param1/next/param3/other', ['/static/:paramA/next/:paramB/other', { paramA: 'param1', paramB: 'param3' }]],
    ],
  },
  {
    name: 'static routes beside a param one level down',
    routes: ['/api/users/award_winners', '/api/users/admins', '/api/users/:id', '/api/:resourceType/foo'],
    requests: [
      ['/api/users/admins', ['/api/users/admins']],
      ['/api/users/award_winners', ['/api/users/award_winners']],
      ['/api/users/a766c023-34ec-40d2-923c-e8259a28d2c5', ['/api/users/:id', { id: 'a766c023-34ec-40d2-923c-e8259a28d2c5' }]],
      ['/api/users/foo', ['/api/users/:id', { id: 'foo' }]],
      ['/api/things/foo', ['/api/:resourceType/foo', { resourceType: 'things' }]],
    ],
  },
  {
    name: 'a fixed path and a param path',
    routes: ['/a/b', '/a/:pam/c'],
    requests: [
      ['/a/b', ['/a/b']],
      ['/a/b/c', ['/a/:pam/c', { pam: 'b' }]],
      ['/a/foo/c', ['/a/:pam/c', { pam: 'foo' }]],
      ['/a/c', null],
    ],
  },
  {
    name: 'a param needs a value',
    routes: ['/a/:param'],
    requests: [
      ['/a/perfectly-fine-route', ['/a/:param', { param: 'perfectly-fine-route' }]],
      ['/a', null],
      ['/a-non-existing-route', null],
      ['/a/', null],
    ],
    differs: neverEmpty,
  },
  {
    name: 'prefixes that are not a route',
    routes: ['/bb/ff/', '/bb/ff/bulk', '/bb/ff/gg/bulk', '/bb/ff/bulk/bulk'],
    requests: [
      ['/bulk', null],
      ['/ff/bulk', null],
      ['/bb/ff', ['/bb/ff/']],
    ],
  },
  {
    name: 'a param prefix that is not a route',
    routes: ['/static/:parametric/static/:parametric2', '/static/:parametric/static/:parametric2/bulk'],
    requests: [
      ['/bulk', null],
      ['/static/foo/bulk', null],
      ['/static/foo/static/bulk', ['/static/:parametric/static/:parametric2', { parametric: 'foo', parametric2: 'bulk' }]],
    ],
  },
];

const wildcards: RouterCase[] = [
  {
    name: 'a wildcard, more complex',
    routes: ['/test/*'],
    requests: [
      ['/test/hello', ['/test/*', { '*': 'hello' }]],
      ['/test/hello/world', ['/test/*', { '*': 'hello/world' }]],
      ['/test/', ['/test/*', { '*': '' }]],
      ['/test', null],
    ],
  },
  {
    name: 'a wildcard under a static route of another method',
    routes: ['GET /test/hello', 'OPTIONS /*'],
    requests: [
      ['GET /test/hello', ['GET /test/hello']],
      ['OPTIONS /test/hello', ['OPTIONS /*', { '*': 'test/hello' }]],
      ['GET /test/helloo', null],
      ['OPTIONS /test', ['OPTIONS /*', { '*': 'test' }]],
    ],
  },
  {
    name: 'a wildcard and params of other methods',
    routes: ['OPTIONS /test1/foo', 'OPTIONS /test2/foo', 'GET /:test/foo', 'OPTIONS /*'],
    requests: [
      ['OPTIONS /test1/foo', ['OPTIONS /test1/foo']],
      ['GET /example/foo', ['GET /:test/foo', { test: 'example' }]],
      ['OPTIONS /test/foo/hey', ['OPTIONS /*', { '*': 'test/foo/hey' }]],
    ],
  },
  {
    name: 'a wildcard mixed with params and a common prefix',
    routes: ['OPTIONS /*', 'OPTIONS /obj/*', 'GET /obj/params/*', 'GET /obj/:id', 'GET /obj_params/*'],
    requests: [
      ['OPTIONS /obj_params/params', ['OPTIONS /*', { '*': 'obj_params/params' }]],
      ['OPTIONS /obj/params', ['OPTIONS /obj/*', { '*': 'params' }]],
      ['OPTIONS /obj/params/12', ['OPTIONS /obj/*', { '*': 'params/12' }]],
      ['GET /obj/params/12', ['GET /obj/params/*', { '*': '12' }]],
      ['GET /obj/params', ['GET /obj/:id', { id: 'params' }]],
      ['GET /obj_params/12', ['GET /obj_params/*', { '*': '12' }]],
    ],
  },
  {
    name: 'a root wildcard',
    routes: ['/static/*', '/*'],
    requests: [
      ['/static/', ['/static/*', { '*': '' }]],
      ['/static/hello', ['/static/*', { '*': 'hello' }]],
      ['/static', ['/*', { '*': 'static' }]],
      ['/stati', ['/*', { '*': 'stati' }]],
    ],
    differs: rootWildcard,
  },
  {
    name: 'a wildcard needs its prefix',
    routes: ['/static/*'],
    requests: [
      ['/stati', null],
      ['/staticc', null],
      ['/stati/hello', null],
      ['/staticc/hello', null],
    ],
  },
  {
    name: '"*" and "*/" are "/*"',
    routes: ['/*'],
    refused: [
      ['*', 'matches the same requests as GET "/*"'],
      ['*/', 'matches the same requests as GET "/*"'],
    ],
    requests: [['/', ['/*', { '*': '' }]]],
    differs: 'fw drops a trailing slash from every pattern, "*/" included; find-my-way refuses "*/"',
  },
  {
    name: 'a wildcard must be last',
    routes: [],
    refused: [
      ['*1', 'allowed only as the last segment, whole'],
      ['/a*?', 'allowed only as the last segment, whole'],
      ['/*/a', 'allowed only as the last segment, whole'],
    ],
    requests: [],
  },
];

const duplicates: RouterCase[] = [
  {
    name: 'a method already declared',
    routes: ['/test'],
    refused: [
      ['/test', 'Route GET "/test" matches the same requests as GET "/test"'],
      ['/test/', 'Route GET "/test/" matches the same requests as GET "/test"'],
    ],
    requests: [['/test', ['/test']]],
  },
  {
    name: 'a nested route already declared',
    routes: ['/test', '/test/hello', '/test/world'],
    refused: [
      ['/test/hello', 'matches the same requests as GET "/test/hello"'],
      ['/test//hello', 'matches the same requests as GET "/test/hello"'],
    ],
    requests: [],
  },
  {
    name: 'the same pattern on another method is no duplicate',
    routes: ['GET /test', 'POST /test', 'ALL /test'],
    requests: [
      ['POST /test', ['POST /test']],
      ['PUT /test', ['ALL /test']],
    ],
  },
];

runRouterCases('find-my-way: regexps', regexps);
runRouterCases('find-my-way: params at one position', collisions);
runRouterCases('find-my-way: several params in a segment', multiParams);
runRouterCases('find-my-way: double colons', colons);
runRouterCases('find-my-way: optional params', optional);
runRouterCases('find-my-way: precedence and backtracking', precedence);
runRouterCases('find-my-way: wildcards', wildcards);
runRouterCases('find-my-way: duplicate routes', duplicates);
