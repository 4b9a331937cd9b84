import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { Router, noParams } from '../../src/core/router';
import { fullRouteSyntax } from '../../src/core/route-syntax';

/** A match as plain data, for comparing. */
function plain(m: { value: string; params: Record<string, string> } | null): { value: string; params: Record<string, string> } | null {
  return m && { value: m.value, params: { ...m.params } };
}

function table(): Router<string> {
  const router = new Router<string>(fullRouteSyntax);
  const routes: [string, string][] = [
    ['GET', '/user'],
    ['GET', '/user/comments'],
    ['GET', '/user/avatar'],
    ['GET', '/user/lookup/username/:username'],
    ['GET', '/user/lookup/email/:address'],
    ['GET', '/event/:id'],
    ['GET', '/event/:id/comments'],
    ['POST', '/event/:id/comment'],
    ['GET', '/map/:location/events'],
    ['GET', '/status'],
    ['GET', '/very/deeply/nested/route/hello/there'],
    ['GET', '/static/*'],
  ];
  for (const [method, path] of routes) router.add(method, path, `${method} ${path}`);
  return router;
}

describe('Router', () => {
  it("answers the 7 lookups of Hono's router benchmark", () => {
    const router = table();
    expect(plain(router.match('GET', '/user'))).toEqual({ value: 'GET /user', params: {} });
    expect(router.match('GET', '/user/comments')?.value).toBe('GET /user/comments');
    expect(plain(router.match('GET', '/user/lookup/username/hey'))).toEqual({
      value: 'GET /user/lookup/username/:username',
      params: { username: 'hey' },
    });
    expect(plain(router.match('GET', '/event/abcd1234/comments'))).toEqual({
      value: 'GET /event/:id/comments',
      params: { id: 'abcd1234' },
    });
    expect(plain(router.match('POST', '/event/abcd1234/comment'))).toEqual({
      value: 'POST /event/:id/comment',
      params: { id: 'abcd1234' },
    });
    expect(router.match('GET', '/very/deeply/nested/route/hello/there')?.value).toBe('GET /very/deeply/nested/route/hello/there');
    expect(plain(router.match('GET', '/static/index.html'))).toEqual({ value: 'GET /static/*', params: { '*': 'index.html' } });
  });

  it('returns null for a wrong method or an unknown path', () => {
    const router = table();
    expect(router.match('POST', '/user')).toBeNull();
    expect(router.match('GET', '/event/abcd1234/comment')).toBeNull();
    expect(router.match('GET', '/nope')).toBeNull();
    expect(router.match('GET', '/event')).toBeNull();
    expect(router.match('GET', '/event/1/comments/extra')).toBeNull();
  });

  it('lists allowed methods for a path', () => {
    const router = table();
    router.add('DELETE', '/event/:id', 'delete');
    expect(router.allowedMethods('/event/1').sort()).toEqual(['DELETE', 'GET']);
    expect(router.allowedMethods('/event/1/comment')).toEqual(['POST']);
    expect(router.allowedMethods('/static/a/b')).toEqual(['GET']);
    expect(router.allowedMethods('/unknown')).toEqual([]);
  });

  it('refuses a second registration of a method and path, naming both; other methods and ALL may share the path', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/a', 'first');
    router.add('GET', '/b/:id', 'first');
    expect(() => router.add('GET', '/a', 'second')).toThrow('Route GET "/a" matches the same requests as GET "/a", registered before it');
    expect(() => router.add('GET', '/b/:other', 'second')).toThrow('Route GET "/b/:other" matches the same requests as GET "/b/:id"');
    expect(() => router.add('GET', '/a/', 'second')).toThrow(/GET "\/a\/" matches the same requests as GET "\/a"/);
    router.add('POST', '/a', 'post');
    router.add('ALL', '/b/:id', 'all');
    expect(router.match('GET', '/a')?.value).toBe('first');
    expect(router.match('GET', '/b/1')?.value).toBe('first');
    expect(router.match('PUT', '/b/1')?.value).toBe('all');
  });

  it('params objects are fresh per dynamic match; static matches share one frozen empty object', () => {
    const router = table();
    const a = router.match('GET', '/event/1')!;
    a.params.id = 'changed';
    expect(router.match('GET', '/event/1')!.params.id).toBe('1');
    expect(router.match('GET', '/user')!.params).toBe(noParams);
    expect(Object.isFrozen(noParams)).toBe(true);
  });

  it('handlers on static routes get their own writable params object', async () => {
    const app = new Fw();
    app.get('/s', (ctx) => {
      (ctx.params as Record<string, string>).added = 'ok';
      return ctx.params;
    });
    const res = await app.fetch(new Request('http://localhost/s'));
    expect(await res.json()).toEqual({ added: 'ok' });
  });

  it('a method route wins over an all route on the same pattern; the most specific pattern wins across them', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('ALL', '/a/:x', 'all param');
    router.add('GET', '/a/:x', 'get param');
    router.add('ALL', '/a/b', 'all static');
    router.add('GET', '/w/*', 'get wild');
    router.add('ALL', '/w/:x', 'all param');
    expect(router.match('GET', '/a/c')?.value).toBe('get param');
    expect(router.match('POST', '/a/c')?.value).toBe('all param');
    expect(router.match('GET', '/a/b')?.value).toBe('all static');
    expect(router.match('GET', '/w/1')?.value).toBe('all param');
    expect(router.match('GET', '/w/1/2')?.value).toBe('get wild');
    expect(router.match('PROPFIND', '/w/1/2')).toBeNull();
  });

  it('routes added after a lookup are found (lookups rebuild)', () => {
    const router = table();
    expect(router.match('GET', '/late/1')).toBeNull();
    router.add('GET', '/late/:n', 'late');
    router.add('GET', '/late-static', 'late static');
    expect(router.match('GET', '/late/1')?.value).toBe('late');
    expect(router.match('GET', '/late-static')?.value).toBe('late static');
  });

  it('compressed static chains still backtrack into params at every level', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/a/b/c/d', 'static');
    router.add('GET', '/a/b/:x/e', 'param');
    router.add('GET', '/a/:y/c/d/f', 'deep');
    expect(router.match('GET', '/a/b/c/d')?.value).toBe('static');
    expect(plain(router.match('GET', '/a/b/c/e'))).toEqual({ value: 'param', params: { x: 'c' } });
    expect(plain(router.match('GET', '/a/b/c/d/f'))).toEqual({ value: 'deep', params: { y: 'b' } });
    expect(plain(router.match('GET', '/a/bb/c/d/f'))).toEqual({ value: 'deep', params: { y: 'bb' } });
    expect(plain(router.match('GET', '/a/b/cc/e'))).toEqual({ value: 'param', params: { x: 'cc' } });
  });

  it('keeps matching correctly with hundreds of routes', () => {
    const router = table();
    for (let i = 0; i < 300; i++) {
      router.add('GET', `/r${i}/:id/items/${i % 7}`, `r${i}`);
      router.add('GET', `/s${i}/static`, `s${i}`);
    }
    expect(plain(router.match('GET', '/r123/x/items/4'))).toEqual({ value: 'r123', params: { id: 'x' } });
    expect(router.match('GET', '/r123/x/items/5')).toBeNull();
    expect(router.match('GET', '/s299/static')?.value).toBe('s299');
    expect(router.match('GET', '/user/lookup/email/a@b')?.params).toEqual({ address: 'a@b' });
  });

  it('finds static paths of one length whether they are compared directly (up to four) or looked up in a table (more)', () => {
    const router = table();
    const few = ['/aa1', '/aa2', '/aa3'];
    const many = ['/bbbb1', '/bbbb2', '/bbbb3', '/bbbb4', '/bbbb5', '/bbbb6'];
    for (const path of [...few, ...many]) router.add('GET', path, path);
    router.add('POST', '/aa4', 'post');
    for (const path of [...few, ...many]) expect(router.match('GET', path)?.value).toBe(path);
    expect(router.match('GET', '/aa4')).toBeNull();
    expect(router.match('POST', '/aa4')?.value).toBe('post');
    expect(router.match('GET', '/bbbb7')).toBeNull();
    expect(router.match('GET', '/constructor')).toBeNull();
    expect(router.match('GET', '/user/comments')?.value).toBe('GET /user/comments');
  });

  it('static segments with RegExp special characters match literally; brackets are written escaped', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/file.json/:id', 'dot');
    router.add('GET', '/a+b/%28x%29/:y', 'special');
    router.add('GET', '/$^[x]|%7B1%7D/*', 'more');
    expect(plain(router.match('GET', '/file.json/7'))).toEqual({ value: 'dot', params: { id: '7' } });
    expect(router.match('GET', '/fileXjson/7')).toBeNull();
    expect(plain(router.match('GET', '/a+b/(x)/z'))).toEqual({ value: 'special', params: { y: 'z' } });
    expect(router.match('GET', '/aab/x/z')).toBeNull();
    expect(plain(router.match('GET', '/$^[x]|{1}/rest/of'))).toEqual({ value: 'more', params: { '*': 'rest/of' } });
    expect(() => router.add('GET', '/a+b/(x)/:y', 'raw')).toThrow(/"\(" only opens a constraint right after a parameter name/);
  });

  it('params before a wildcard, segments sharing a first character, and non-ASCII first segments', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/u/:id/files/*', 'files');
    router.add('GET', '/user/:name', 'user');
    router.add('GET', '/users/:name/x', 'users');
    router.add('GET', '/über/:x', 'umlaut');
    router.add('GET', '/:locale/user/:name', 'localized');
    expect(plain(router.match('GET', '/u/9/files/a/b%20c'))).toEqual({ value: 'files', params: { id: '9', '*': 'a/b c' } });
    expect(plain(router.match('GET', '/user/ann'))).toEqual({ value: 'user', params: { name: 'ann' } });
    expect(plain(router.match('GET', '/users/bob/x'))).toEqual({ value: 'users', params: { name: 'bob' } });
    expect(plain(router.match('GET', '/users/bob'))).toBeNull();
    expect(plain(router.match('GET', '/über/1'))).toEqual({ value: 'umlaut', params: { x: '1' } });
    expect(plain(router.match('GET', '/de/user/cy'))).toEqual({ value: 'localized', params: { locale: 'de', name: 'cy' } });
    expect(plain(router.match('GET', '/user/user/cy'))).toEqual({ value: 'localized', params: { locale: 'user', name: 'cy' } });
  });

  it('matches a path containing newlines and other odd characters without crashing', () => {
    const router = new Router<string>(fullRouteSyntax);
    router.add('GET', '/p/:v', 'p');
    router.add('GET', '/w/*', 'w');
    expect(plain(router.match('GET', '/p/a\nb'))).toEqual({ value: 'p', params: { v: 'a\nb' } });
    expect(plain(router.match('GET', '/w/x\ny'))).toEqual({ value: 'w', params: { '*': 'x\ny' } });
  });
});
