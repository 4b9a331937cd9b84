import { describe, expect, it } from 'vitest';
import { Router } from '../../src/core/router';

function table(): Router<string> {
  const router = new Router<string>();
  const routes: [string, string][] = [
    ['GET', '/user'], ['GET', '/user/comments'], ['GET', '/user/avatar'], ['GET', '/user/lookup/username/:username'],
    ['GET', '/user/lookup/email/:address'], ['GET', '/event/:id'], ['GET', '/event/:id/comments'], ['POST', '/event/:id/comment'],
    ['GET', '/map/:location/events'], ['GET', '/status'], ['GET', '/very/deeply/nested/route/hello/there'], ['GET', '/static/*'],
  ];
  for (const [method, path] of routes) router.add(method, path, `${method} ${path}`);
  return router;
}

describe('Router', () => {
  it("answers the 7 lookups of Hono's router benchmark", () => {
    const router = table();
    expect(router.match('GET', '/user')).toEqual({ value: 'GET /user', params: {} });
    expect(router.match('GET', '/user/comments')?.value).toBe('GET /user/comments');
    expect(router.match('GET', '/user/lookup/username/hey')).toEqual({ value: 'GET /user/lookup/username/:username', params: { username: 'hey' } });
    expect(router.match('GET', '/event/abcd1234/comments')).toEqual({ value: 'GET /event/:id/comments', params: { id: 'abcd1234' } });
    expect(router.match('POST', '/event/abcd1234/comment')).toEqual({ value: 'POST /event/:id/comment', params: { id: 'abcd1234' } });
    expect(router.match('GET', '/very/deeply/nested/route/hello/there')?.value).toBe('GET /very/deeply/nested/route/hello/there');
    expect(router.match('GET', '/static/index.html')).toEqual({ value: 'GET /static/*', params: { '*': 'index.html' } });
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

  it('the first registration of a method and path wins', () => {
    const router = new Router<string>();
    router.add('GET', '/a', 'first');
    router.add('GET', '/a', 'second');
    router.add('GET', '/b/:id', 'first');
    router.add('GET', '/b/:id', 'second');
    expect(router.match('GET', '/a')?.value).toBe('first');
    expect(router.match('GET', '/b/1')?.value).toBe('first');
  });

  it('params objects are fresh per match', () => {
    const router = table();
    const a = router.match('GET', '/event/1')!;
    a.params.id = 'changed';
    expect(router.match('GET', '/event/1')!.params.id).toBe('1');
    const s = router.match('GET', '/user')!;
    s.params.x = 'y';
    expect(router.match('GET', '/user')!.params).toEqual({});
  });

  it('keeps matching correctly with hundreds of routes', () => {
    const router = table();
    for (let i = 0; i < 300; i++) {
      router.add('GET', `/r${i}/:id/items/${i % 7}`, `r${i}`);
      router.add('GET', `/s${i}/static`, `s${i}`);
    }
    expect(router.match('GET', '/r123/x/items/4')).toEqual({ value: 'r123', params: { id: 'x' } });
    expect(router.match('GET', '/r123/x/items/5')).toBeNull();
    expect(router.match('GET', '/s299/static')?.value).toBe('s299');
    expect(router.match('GET', '/user/lookup/email/a@b')?.params).toEqual({ address: 'a@b' });
  });
});
