/**
 * Encoded request paths through `app.fetch`: what the URL parser escapes, percent-escapes in routes and requests,
 * double encoding, malformed escapes, repeated and trailing slashes. Cases from the issue (#16) and from
 * find-my-way's test/ folder (issue-206, issue-234, on-bad-url, path-params-match, issue-240), as fw's tables.
 * Routes and requests are decoded the same way, once; `%2F %25 %3F %23 %5C` stay escaped until a param is read.
 * `%2F` and `%5C` are a 400 by default; the cases that read them run on an app with `allowEncodedSlashes`.
 */
import { runFetchCases, type FetchCase } from './fetch-table';

const once = (text: string): string => encodeURIComponent(text);
const twice = (text: string): string => encodeURIComponent(encodeURIComponent(text));
const literalText =
  "fw reads a route's escapes as it reads a request's (%20 is a space, %2520 the text \"%20\"); find-my-way keeps a route's text as written";

/** The app option under which an encoded slash is data inside a segment instead of a 400. */
const encodedSlashes = { allowEncodedSlashes: true };

const cases: FetchCase[] = [
  {
    name: 'an encoded slash or backslash is a 400 by default, in either case; %252F is not one',
    routes: ['/files/:name', '/files/*', '/a/:x'],
    requests: [
      ['/files/a%2Fb', 400],
      ['/files/a%2fb', 400],
      ['/a/b%5Cc', 400],
      ['/a/b%5cc', 400],
      ['/files/a/b%2F', 400],
      ['/files/a%252Fb', ['/files/:name', { name: 'a%2Fb' }]],
      ['/files/a/b', ['/files/*', { '*': 'a/b' }]],
    ],
    differs:
      'Hono and find-my-way decode %2F into the param (Hono: /users/hono%2Fposts gives hono/posts); fw refuses it unless the app opts in',
  },
  {
    name: 'static routes with characters the URL parser escapes',
    routes: ['/café', '/🍌', '/a b'],
    requests: [
      ['/café', ['/café']],
      ['/caf%C3%A9', ['/café']],
      ['/caf%c3%a9', ['/café']],
      ['/cafe\u0301', null],
      ['/cafe', null],
      ['/🍌', ['/🍌']],
      ['/%F0%9F%8D%8C', ['/🍌']],
      ['/a b', ['/a b']],
      ['/a%20b', ['/a b']],
      ['/a  b', null],
      ['/a+b', null],
    ],
  },
  {
    name: 'a route written with escapes is the same route',
    routes: ['/caf%C3%A9/menu'],
    refused: [['/café/menu', 'matches the same requests as GET']],
    requests: [
      ['/café/menu', ['/caf%C3%A9/menu']],
      ['/caf%C3%A9/menu', ['/caf%C3%A9/menu']],
    ],
  },
  {
    name: 'syntax characters written escaped are literal text',
    routes: ['/x%3Ay', '/%28x%29', '/a%7B1%7D/:id', '/%2A', '/q%3F'],
    requests: [
      ['/x:y', ['/x%3Ay']],
      ['/x%3Ay', ['/x%3Ay']],
      ['/x:z', null],
      ['/(x)', ['/%28x%29']],
      ['/a{1}/7', ['/a%7B1%7D/:id', { id: '7' }]],
      ['/*', ['/%2A']],
      ['/anything', null],
      ['/q%3F', ['/q%3F']],
      ['/q?', null],
    ],
  },
  {
    name: 'a param after an emoji',
    routes: ['/🍌/:param'],
    requests: [
      ['/🍌/@', ['/🍌/:param', { param: '@' }]],
      ['/%F0%9F%8D%8C/@', ['/🍌/:param', { param: '@' }]],
      ['/🍌/%23', ['/🍌/:param', { param: '#' }]],
      ['/%F0%9F%8D%8C/%23', ['/🍌/:param', { param: '#' }]],
    ],
  },
  {
    name: 'a literal %2520 matches only the request it denotes',
    routes: ['/%2520'],
    requests: [
      ['/%2520', ['/%2520']],
      ['/%20', null],
      ['/%252520', null],
      ['/%25%32%30', ['/%2520']],
    ],
  },
  {
    name: 'a param is decoded exactly once',
    config: encodedSlashes,
    routes: ['/files/:name'],
    requests: [
      ['/files/a%252Fb', ['/files/:name', { name: 'a%2Fb' }]],
      ['/files/a%2Fb', ['/files/:name', { name: 'a/b' }]],
      ['/files/a%2fb', ['/files/:name', { name: 'a/b' }]],
      ['/files/100%25', ['/files/:name', { name: '100%' }]],
    ],
  },
  {
    name: 'an encoded slash never separates segments',
    config: encodedSlashes,
    routes: ['/a/b', '/a/:x'],
    requests: [
      ['/a%2Fb', null],
      ['/a/b%2Fc', ['/a/:x', { x: 'b/c' }]],
    ],
  },
  {
    name: 'decoding before routing (find-my-way issue-206)',
    routes: ['/static/:pathParam', '/[...]/a .html', '/[...]/a%2520.html'],
    refused: [['/[...]/a%20.html', 'matches the same requests as GET "/[...]/a .html"']],
    requests: [
      ['/[...]/a .html', ['/[...]/a .html']],
      ['/%5B...%5D/a .html', ['/[...]/a .html']],
      ['/[...]/a%20.html', ['/[...]/a .html']],
      ['/%5B...%5D/a%20.html', ['/[...]/a .html']],
      ['/[...]/a%2520.html', ['/[...]/a%2520.html']],
      ['/%5B...%5D/a%252520.html', null],
      ['/[...]/a  .html', null],
      ['/static/%25E0%A4%A', 400],
    ],
    differs: `${literalText}; a malformed escape is a 400 (find-my-way: no route)`,
  },
  {
    name: 'double encoding',
    routes: ['/:pathParam', '/reg/:regExeParam(^.*$)', '/wild/*'],
    requests: [
      [`/${twice('reg/hash# .png')}`, ['/:pathParam', { pathParam: once('reg/hash# .png') }]],
      [`/${twice('special # $ & + , / : ; = ? @')}`, ['/:pathParam', { pathParam: once('special # $ & + , / : ; = ? @') }]],
      [`/reg/${twice('hash# .png')}`, ['/reg/:regExeParam(^.*$)', { regExeParam: once('hash# .png') }]],
      [`/wild/${twice('mail@mail.it')}`, ['/wild/*', { '*': once('mail@mail.it') }]],
    ],
  },
  {
    name: 'special characters in params',
    config: encodedSlashes,
    routes: ['/:pathParam', '/reg/:regExeParam(^\\d+) .png', '/[...]/a%2520.html'],
    requests: [
      ['/[...]/a%2520.html', ['/[...]/a%2520.html']],
      ['/%5B...%5D/a%252520.html', null],
      ['/[...].html', ['/:pathParam', { pathParam: '[...].html' }]],
      ['/reg/123 .png', ['/reg/:regExeParam(^\\d+) .png', { regExeParam: '123' }]],
      ['/reg%2F123 .png', ['/:pathParam', { pathParam: 'reg/123 .png' }]],
      ['/reg/123%20.png', ['/reg/:regExeParam(^\\d+) .png', { regExeParam: '123' }]],
    ],
    differs: literalText,
  },
  {
    name: 'an encoded colon before a :: separator',
    routes: ['/:param(.*)::suffix'],
    requests: [
      ['/foo-bar%3Asuffix', ['/:param(.*)::suffix', { param: 'foo-bar' }]],
      ['/foo-bar:suffix', ['/:param(.*)::suffix', { param: 'foo-bar' }]],
    ],
  },
  {
    name: 'decoded param values (find-my-way issue-234)',
    routes: ['/p/:param1/:param2', '/foo🍌bar/:param1/:param2', '/user/:id'],
    requests: [
      ['/p/foo%23bar/foo%23bar', ['/p/:param1/:param2', { param1: 'foo#bar', param2: 'foo#bar' }]],
      ['/p/%F0%9F%8D%8C/%F0%9F%8D%8C', ['/p/:param1/:param2', { param1: '🍌', param2: '🍌' }]],
      ['/foo%F0%9F%8D%8Cbar/foo%23bar/foo%23bar', ['/foo🍌bar/:param1/:param2', { param1: 'foo#bar', param2: 'foo#bar' }]],
      ['/user/maintainer+tomas', ['/user/:id', { id: 'maintainer+tomas' }]],
      ['/user/maintainer%2Btomas', ['/user/:id', { id: 'maintainer+tomas' }]],
      ['/user/maintainer%20tomas', ['/user/:id', { id: 'maintainer tomas' }]],
      ['/user/maintainer%252Btomas', ['/user/:id', { id: 'maintainer%2Btomas' }]],
    ],
  },
  {
    name: 'each escaped character in a param',
    config: encodedSlashes,
    routes: ['/:param1'],
    requests: [
      '%23',
      '%24',
      '%26',
      '%2b',
      '%2B',
      '%2c',
      '%2C',
      '%2f',
      '%2F',
      '%3a',
      '%3A',
      '%3b',
      '%3B',
      '%3d',
      '%3D',
      '%3f',
      '%3F',
      '%40',
      '%5c',
      '%5C',
      '%25',
    ].map((escaped): [string, FetchCase['requests'][number][1]] => [
      `/foo${escaped}bar`,
      ['/:param1', { param1: `foo${decodeURIComponent(escaped)}bar` }],
    ]),
  },
  {
    name: 'a malformed escape is a 400',
    routes: ['/hello/:id'],
    requests: [
      ['/hello/%world', 400],
      ['/hello/%E0%A4%A', 400],
      ['/hello/%C3', 400],
      ['/hello/ok', ['/hello/:id', { id: 'ok' }]],
    ],
    differs: 'fw answers a path with no canonical form 400 before routing; find-my-way calls onBadUrl or finds no route',
  },
  {
    name: 'repeated and trailing slashes',
    routes: ['/ab1', '/ab2', '/ac', '/:pam'],
    requests: [
      ['/ab1', ['/ab1']],
      ['/ab1/', ['/ab1']],
      ['//ab1', ['/ab1']],
      ['//ab1//', ['/ab1']],
      ['/ac/', ['/ac']],
      ['//foo//', ['/:pam', { pam: 'foo' }]],
      ['/abcdef/', ['/:pam', { pam: 'abcdef' }]],
      ['//abcdef', ['/:pam', { pam: 'abcdef' }]],
    ],
  },
  {
    name: 'repeated slashes between segments',
    routes: ['/a/b', '/a/:pam/c'],
    requests: [
      ['/a//b', ['/a/b']],
      ['/a///b///c', ['/a/:pam/c', { pam: 'b' }]],
      ['/a//foo//c', ['/a/:pam/c', { pam: 'foo' }]],
      ['/a//c', null],
    ],
  },
  {
    name: 'a trailing slash answers the route without it',
    routes: ['/book', '/book/:id'],
    requests: [
      ['/book/', ['/book']],
      ['/book/1/', ['/book/:id', { id: '1' }]],
    ],
    differs: 'the app answers "/x/" with "/x"\'s route (Hono: no route)',
  },
  {
    name: 'dot segments are resolved before routing',
    routes: ['/secret', '/files/:name'],
    requests: [
      ['/files/../secret', ['/secret']],
      ['/files/%2e%2e/secret', ['/secret']],
      ['/files/.%2E/secret', ['/secret']],
      ['/files/a%2E%2Eb', ['/files/:name', { name: 'a..b' }]],
    ],
  },
];

runFetchCases('encoded request paths through app.fetch', cases);
