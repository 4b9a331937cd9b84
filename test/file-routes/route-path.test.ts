import { describe, expect, it } from 'vitest';
import { fileRoutePath, routesFromManifest } from 'fw';

describe('fileRoutePath: the file rules of spec 4.3.6', () => {
  it.each([
    ['users.ts', '/users', null],
    ['users/[id].ts', '/users/:id', null],
    ['users/[id].get.ts', '/users/:id', 'GET'],
    ['users/[id].delete.tsx', '/users/:id', 'DELETE'],
    ['users/index.ts', '/users', null],
    ['index.js', '/', null],
    ['(auth)/login.ts', '/login', null],
    ['(a)/(b)/x/index.post.mjs', '/x', 'POST'],
    ['files/[...path].ts', '/files/*', null],
    ['orgs/[org]/repos/[repo].ts', '/orgs/:org/repos/:repo', null],
  ])('%s -> %s', (file, path, method) => {
    expect(fileRoutePath(file)).toEqual({ path, method });
  });

  it.each(['_helpers.ts', '_lib/x.ts', 'a/_b/c.ts', 'types.d.ts', 'users.test.ts', 'users.spec.js', 'README.md', 'data.json'])(
    'skips %s',
    (file) => {
      expect(fileRoutePath(file)).toBeNull();
    },
  );

  it.each([
    ['users/[].ts', /bad segment/],
    ['users/[a-b].ts', /bad segment/],
    ['users/x[id].ts', /bad segment/],
    ['users/[id.ts', /bad segment/],
    ['[...rest]/more.ts', /must be the last segment/],
    ['users/[id].fetch.ts', /unknown method suffix "\.fetch"/],
  ])('rejects %s with a clear error', (file, message) => {
    expect(() => fileRoutePath(file)).toThrow(message);
  });
});

describe('routesFromManifest: handlers from a module’s exports', () => {
  const noop = () => null;

  it('takes method exports (lower, upper, del), a default GET, and the config export as route options', () => {
    const routes = routesFromManifest({
      'a.ts': { get: noop, POST: noop, del: noop, helper: 42, config: { tags: ['a'], post: { summary: 'make' } } },
      'b.ts': { default: noop },
      'c/[id].patch.ts': { patch: noop },
    });
    expect(routes.map((r) => `${r.method} ${r.path} ${r.file}`)).toEqual([
      'GET /a a.ts',
      'POST /a a.ts',
      'DELETE /a a.ts',
      'GET /b b.ts',
      'PATCH /c/:id c/[id].patch.ts',
    ]);
    expect(routes[0].options).toEqual({ tags: ['a'] });
    expect(routes[1].options).toEqual({ tags: ['a'], summary: 'make' });
  });

  it('reads only the exact method names as methods (lower or upper case, and del): other exports are not routes', () => {
    const routes = routesFromManifest({
      'a.ts': { Get: noop, dElEtE: noop, constructor: noop, toString: noop, all: noop, options: noop, DEL: noop },
    });
    expect(routes.map((r) => r.method)).toEqual(['ALL', 'OPTIONS']);
  });

  it('orders static paths before parameters and rest segments', () => {
    const routes = routesFromManifest({ 'x/[...r].ts': { default: noop }, 'x/[id].ts': { default: noop }, 'x/new.ts': { default: noop } });
    expect(routes.map((r) => r.path)).toEqual(['/x/new', '/x/:id', '/x/*']);
  });

  it.each([
    [{ 'a.ts': { helper: () => 1 } }, /a\.ts: exports no handler/],
    [{ 'a.ts': { default: noop, get: noop } }, /both a default handler and get/],
    [{ 'a.ts': { get: noop, GET: noop } }, /GET is exported twice/],
    [{ 'a.get.ts': { post: noop } }, /export a default handler function for GET/],
    [{ 'a.ts': { get: noop, config: 'fast' } }, /`config` export must be an object/],
    [{ 'a.ts': null }, /not a module/],
    [{ 'a.ts': { get: noop, config: { get: true } } }, /config\.get must be an object/],
    [
      { 'users.ts': { get: noop }, 'users/index.ts': { get: noop } },
      /users\/index\.ts and users\.ts both answer GET \/users|users\.ts and users\/index\.ts both answer GET \/users/,
    ],
  ])('rejects a bad manifest (%#)', (manifest, message) => {
    expect(() => routesFromManifest(manifest as never)).toThrow(message);
  });
});
