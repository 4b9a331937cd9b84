import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { call } from './helpers';

const verbs = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;

describe('route registration', () => {
  it.each(verbs)('%s registers a route for its method only', async (verb) => {
    const app = new Fw();
    app[verb]('/thing', (ctx) => `${ctx.method} thing`);
    const method = verb.toUpperCase();
    const hit = await call(app, '/thing', { method });
    expect(hit.status).toBe(200);
    expect(hit.text).toBe(`${method} thing`);
    const other = verb === 'post' ? 'PUT' : 'POST';
    expect((await call(app, '/thing', { method: other })).status).toBe(405);
  });

  it('head registers an explicit HEAD route that wins over the GET fallback', async () => {
    const app = new Fw();
    app.get('/h', () => 'body').head('/h', (ctx) => ctx.setHeader('x-head', 'own') && null);
    const res = await call(app, '/h', { method: 'HEAD' });
    expect(res.headers.get('x-head')).toBe('own');
    expect(res.text).toBe('');
  });

  it('all answers every method, and a specific method route wins over it', async () => {
    const app = new Fw();
    app.all('/any', (ctx) => `any ${ctx.method}`).post('/any', () => 'specific post');
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      expect((await call(app, '/any', { method })).text).toBe(`any ${method}`);
    }
    expect((await call(app, '/any', { method: 'POST' })).text).toBe('specific post');
  });

  it('route(method, path, handler) is the generic form, case-insensitive on the method', async () => {
    const app = new Fw();
    app.route('patch', '/r', () => 'patched').route('ALL', '/r2', () => 'all');
    expect((await call(app, '/r', { method: 'PATCH' })).text).toBe('patched');
    expect((await call(app, '/r2', { method: 'DELETE' })).text).toBe('all');
  });

  it('route() rejects an unknown method and a non-string path with clear errors', () => {
    const app = new Fw();
    expect(() => app.route('FETCH', '/x', () => 1)).toThrow(/Unknown route method "FETCH"/);
    expect(() => app.route('GET', 42 as unknown as string, () => 1)).toThrow(/path must be a string/);
  });

  it('rejects malformed patterns at registration', () => {
    const app = new Fw();
    expect(() => app.get('/a/:/b', () => 1)).toThrow(/needs a name/);
    expect(() => app.get('/a/*/b', () => 1)).toThrow(/only as the last segment/);
    app.get('/u/:id', () => 1);
    expect(() => app.get('/u/:name', () => 1)).toThrow(/matches the same requests as GET "\/u\/:id"/);
  });

  it('every registration method returns the app for chaining', () => {
    const app = new Fw();
    for (const verb of [...verbs, 'head', 'all'] as const) expect(app[verb](`/${verb}`, () => 1)).toBe(app);
    expect(app.route('GET', '/r', () => 1)).toBe(app);
    expect(app.group('/g', () => undefined)).toBe(app);
  });

  it('a non-function handler is a constant answer', async () => {
    const app = new Fw();
    app
      .get('/text', 'constant')
      .get('/obj', { a: 1 })
      .get('/res', new Response('made', { status: 201 }));
    expect((await call(app, '/text')).text).toBe('constant');
    expect((await call(app, '/obj')).json).toEqual({ a: 1 });
    const first = await call(app, '/res');
    const second = await call(app, '/res');
    expect([first.status, first.text, second.status, second.text]).toEqual([201, 'made', 201, 'made']);
  });
});

describe('parameters and wildcards', () => {
  it('captures named params, decoded', async () => {
    const app = new Fw();
    app.get('/users/:id/posts/:postId', (ctx) => ctx.params);
    const res = await call(app, '/users/J%C3%BCrgen%20M/posts/7');
    expect(res.json).toEqual({ id: 'Jürgen M', postId: '7' });
  });

  it('answers a param with malformed percent-encoding with 400 BAD_PATH (no route sees an undecodable path)', async () => {
    const app = new Fw();
    app.get('/p/:v', (ctx) => ctx.params.v);
    const res = await call(app, '/p/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).code).toBe('BAD_PATH');
  });

  it('a trailing * captures the remainder, decoded', async () => {
    const app = new Fw();
    app.get('/static/*', (ctx) => ctx.params['*']);
    expect((await call(app, '/static/css/a%20b.css')).text).toBe('css/a b.css');
    expect((await call(app, '/static/')).text).toBe('');
  });

  it('an empty segment never matches a param', async () => {
    const app = new Fw();
    app.get('/u/:id', (ctx) => ctx.params.id);
    expect((await call(app, '/u/')).status).toBe(404);
  });

  it('precedence is static > param > wildcard', async () => {
    const app = new Fw();
    app
      .get('/files/*', () => 'wild')
      .get('/files/:name', () => 'param')
      .get('/files/readme', () => 'static');
    expect((await call(app, '/files/readme')).text).toBe('static');
    expect((await call(app, '/files/other')).text).toBe('param');
    expect((await call(app, '/files/a/b')).text).toBe('wild');
  });

  it('backtracks from a static branch that dead-ends to a param branch', async () => {
    const app = new Fw();
    app
      .get('/a/b/c', () => 'static')
      .get('/a/:x/d', (ctx) => `param ${ctx.params.x}`)
      .get('/a/*', (ctx) => `wild ${ctx.params['*']}`);
    expect((await call(app, '/a/b/d')).text).toBe('param b');
    expect((await call(app, '/a/b/e')).text).toBe('wild b/e');
    expect((await call(app, '/a/b/c')).text).toBe('static');
  });

  it('backtracking never leaks params of an abandoned branch', async () => {
    const app = new Fw();
    app.get('/x/:a/y', (ctx) => ctx.params).get('/x/*', (ctx) => ctx.params);
    expect((await call(app, '/x/1/z')).json).toEqual({ '*': '1/z' });
  });

  it('backtracks across methods: a param route of the wrong method yields to a wildcard of the right one', async () => {
    const app = new Fw();
    app.post('/m/:id', () => 'post param').get('/m/*', () => 'get wild');
    expect((await call(app, '/m/1')).text).toBe('get wild');
    expect((await call(app, '/m/1', { method: 'POST' })).text).toBe('post param');
  });

  it('the root path and a root wildcard work', async () => {
    const app = new Fw();
    app.get('/', () => 'root').get('/*', (ctx) => `rest ${ctx.params['*']}`);
    expect((await call(app, '/')).text).toBe('root');
    expect((await call(app, '/deep/er')).text).toBe('rest deep/er');
  });
});

describe('trailing slash', () => {
  it('a registered trailing slash is dropped, and a request with a trailing slash matches the route without it', async () => {
    const app = new Fw();
    app.get('/users/', () => 'users').get('/items/:id', (ctx) => ctx.params.id);
    expect((await call(app, '/users')).text).toBe('users');
    expect((await call(app, '/users/')).text).toBe('users');
    expect((await call(app, '/items/3/')).text).toBe('3');
    expect(app.getRoutes().map((r) => r.path)).toEqual(['/users', '/items/:id']);
  });
});

describe('groups', () => {
  it('registers under the prefix, nests and concatenates', async () => {
    const app = new Fw();
    app.group('/api', (api) => {
      api.get('/', () => 'api root');
      api.group('/v1', (v1) => {
        v1.get('/users/:id', (ctx) => `v1 user ${ctx.params.id}`).post('users', () => 'created');
        v1.group('admin/', (admin) => admin.delete('/x', () => 'deleted'));
      });
    });
    expect((await call(app, '/api')).text).toBe('api root');
    expect((await call(app, '/api/v1/users/9')).text).toBe('v1 user 9');
    expect((await call(app, '/api/v1/users', { method: 'POST' })).text).toBe('created');
    expect((await call(app, '/api/v1/admin/x', { method: 'DELETE' })).text).toBe('deleted');
  });

  it('offers every registration method: verbs, all, route, group, use', async () => {
    const app = new Fw();
    app.group('/g', (g) => {
      for (const verb of ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'] as const) g[verb]('/m', (ctx) => ctx.method);
      g.all('/all', () => 'all').route('GET', '/route', () => 'route');
    });
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect((await call(app, '/g/m', { method })).text).toBe(method);
    expect((await call(app, '/g/all', { method: 'PUT' })).text).toBe('all');
    expect((await call(app, '/g/route')).text).toBe('route');
  });

  it('use() inside a group applies only to the group prefix', async () => {
    const app = new Fw();
    app.group('/admin', (g) => {
      g.use((ctx, next) => {
        ctx.setHeader('x-admin', 'yes');
        return next();
      });
      g.use('/deep', (ctx, next) => {
        ctx.setHeader('x-deep', 'yes');
        return next();
      });
      g.get('/panel', () => 'panel').get('/deep/x', () => 'deep');
    });
    app.get('/admin-not', () => 'not admin').get('/public', () => 'public');
    const panel = await call(app, '/admin/panel');
    expect([panel.headers.get('x-admin'), panel.headers.get('x-deep')]).toEqual(['yes', null]);
    const deep = await call(app, '/admin/deep/x');
    expect([deep.headers.get('x-admin'), deep.headers.get('x-deep')]).toEqual(['yes', 'yes']);
    expect((await call(app, '/public')).headers.get('x-admin')).toBeNull();
    expect((await call(app, '/admin-not')).headers.get('x-admin')).toBeNull();
  });
});

describe('HEAD, OPTIONS, 405 and 404', () => {
  it('HEAD on a GET route answers with the GET headers and no body', async () => {
    const app = new Fw();
    app.get('/doc', (ctx) => ctx.setHeader('x-doc', '1').status(203) && { big: 'x'.repeat(100) });
    const get = await call(app, '/doc');
    const head = await call(app, '/doc', { method: 'HEAD' });
    expect(head.status).toBe(203);
    expect(head.text).toBe('');
    expect(head.headers.get('x-doc')).toBe('1');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
  });

  it('HEAD on a GET route with params and middleware', async () => {
    const app = new Fw();
    app.use((ctx, next) => next());
    app.get('/p/:id', (ctx) => ctx.params.id);
    const head = await call(app, '/p/5', { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('content-type')]).toEqual([200, '', 'text/plain;charset=UTF-8']);
  });

  it('OPTIONS on a known path without an OPTIONS route answers 204 with Allow', async () => {
    const app = new Fw();
    app.get('/r', () => 1).post('/r', () => 2);
    const res = await call(app, '/r', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('allow')!.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
  });

  it('an explicit OPTIONS route wins over the automatic answer', async () => {
    const app = new Fw();
    app.get('/r', () => 1).options('/r', () => 'custom');
    expect((await call(app, '/r', { method: 'OPTIONS' })).text).toBe('custom');
  });

  it('any other unregistered method on a known path answers 405 with Allow and an error body', async () => {
    const app = new Fw();
    app.get('/items/:id', () => 1).delete('/items/:id', () => 2);
    for (const method of ['PUT', 'POST', 'PATCH', 'PROPFIND']) {
      const res = await call(app, '/items/3', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')!.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS']);
      expect(res.json).toEqual({ error: `Method ${method} is not allowed on /items/3`, code: 'METHOD_NOT_ALLOWED' });
    }
  });

  it('404 only when no route matches the path; the body names method and path', async () => {
    const app = new Fw();
    app.get('/known', () => 1);
    const res = await call(app, '/unknown/path', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Route DELETE /unknown/path not found', code: 'NOT_FOUND' });
  });

  it('an app with no routes answers 404 to everything', async () => {
    const app = new Fw();
    expect((await call(app, '/')).status).toBe(404);
    expect((await call(app, '/', { method: 'OPTIONS' })).status).toBe(404);
  });
});

describe('bad paths never crash', () => {
  it('paths with .. are resolved, and // is one slash, so it never matches an empty param', async () => {
    const app = new Fw();
    app
      .get('/a/:x/b', (ctx) => ctx.params.x)
      .get('/secret', () => 'secret')
      .get('/files/*', (ctx) => ctx.params['*']);
    expect((await call(app, '/a//b')).status).toBe(404);
    expect((await call(app, '//secret')).text).toBe('secret');
    const dotted = await call(app, '/files/../secret');
    expect([dotted.status, dotted.text]).toEqual([200, 'secret']);
    const encoded = await call(app, '/files/%2e%2e/%2e%2e/secret');
    expect(encoded.status).toBe(200);
    expect(encoded.text).toBe('secret');
    const doubled = await call(app, '/files//etc/passwd');
    expect([doubled.status, doubled.text]).toEqual([200, 'etc/passwd']);
  });

  it('a 10 000-segment path answers 404 (or the wildcard) without a crash', async () => {
    const app = new Fw();
    app.get('/a/:b/c', () => 1).get('/w/*', (ctx) => String(ctx.params['*'].length));
    const long = '/x'.repeat(10_000);
    expect((await call(app, long)).status).toBe(404);
    expect((await call(app, `/a${long}`)).status).toBe(404);
    const wild = await call(app, `/w${long}`);
    expect([wild.status, wild.text]).toEqual([200, String(long.length - 1)]);
    const deepStatic = new Fw();
    let path = '';
    for (let i = 0; i < 2000; i++) path += `/s${i}`;
    deepStatic.get(`${path}/:last`, (ctx) => ctx.params.last);
    expect((await call(deepStatic, `${path}/end`)).text).toBe('end');
    expect((await call(deepStatic, `${path}${long}`)).status).toBe(404);
  });

  it('unknown methods on unknown paths are 404 and on known paths 405', async () => {
    const app = new Fw();
    app.get('/k', () => 1);
    expect((await call(app, '/nope', { method: 'BREW' })).status).toBe(404);
    expect((await call(app, '/k', { method: 'BREW' })).status).toBe(405);
  });
});
