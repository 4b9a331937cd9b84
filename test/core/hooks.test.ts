import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import { ForbiddenError, HttpError } from '../../src/core/errors';
import type { Middleware } from '../../src/core/types';
import { call } from './helpers';

describe('route hooks', () => {
  it('beforeHandle returning a Response short-circuits the handler', async () => {
    const app = new Fw();
    let ran = false;
    app.get(
      '/guarded',
      () => {
        ran = true;
        return 'handler';
      },
      { beforeHandle: (ctx) => (ctx.header('x-key') === 'ok' ? undefined : new Response('denied', { status: 401 })) },
    );
    const denied = await call(app, '/guarded');
    expect([denied.status, denied.text, ran]).toEqual([401, 'denied', false]);
    const allowed = await call(app, '/guarded', { headers: { 'x-key': 'ok' } });
    expect([allowed.status, allowed.text, ran]).toEqual([200, 'handler', true]);
  });

  it('a list of beforeHandle hooks runs in order and stops at the first Response', async () => {
    const app = new Fw();
    const seen: string[] = [];
    app.get('/list', () => 'done', {
      beforeHandle: [
        () => void seen.push('a'),
        async () => {
          seen.push('b');
          return new Response('stop at b');
        },
        () => void seen.push('c'),
      ],
    });
    expect((await call(app, '/list')).text).toBe('stop at b');
    expect(seen).toEqual(['a', 'b']);
  });

  it('a short-circuit Response still carries cookies and headers set before it', async () => {
    const app = new Fw();
    app.get('/early', () => 'never', {
      beforeHandle: (ctx) => {
        ctx.setCookie('seen', '1');
        ctx.setHeader('x-before', 'yes');
        return new Response('early');
      },
    });
    const res = await call(app, '/early');
    expect([res.text, res.headers.get('x-before'), res.headers.get('set-cookie')]).toEqual(['early', 'yes', 'seen=1; Path=/']);
  });

  it('afterHandle sees the response and may replace it; returning nothing keeps it', async () => {
    const app = new Fw();
    app.get('/after', () => ({ n: 1 }), {
      afterHandle: [
        async (ctx, res) => new Response(`wrapped ${await res.text()}`, { status: 202 }),
        (ctx, res) => void res.headers.get('x'),
      ],
    });
    const res = await call(app, '/after');
    expect([res.status, res.text]).toEqual([202, 'wrapped {"n":1}']);
  });

  it('a hook that throws goes to the error handling', async () => {
    const app = new Fw();
    app.get('/b', () => 'x', {
      beforeHandle: () => {
        throw new ForbiddenError('nope');
      },
    });
    app.get('/a', () => 'x', {
      afterHandle: () => {
        throw new HttpError(418, 'teapot');
      },
    });
    expect((await call(app, '/b')).json).toEqual({ error: 'nope', code: 'FORBIDDEN' });
    expect((await call(app, '/a')).status).toBe(418);
  });
});

describe('global hooks', () => {
  it('order: middleware -> onBeforeHandle -> beforeHandle -> validation -> handler -> afterHandle -> onAfterHandle', async () => {
    const app = new Fw();
    const seen: string[] = [];
    app.use(async (ctx, next) => {
      seen.push('middleware in');
      const res = await next();
      seen.push('middleware out');
      return res;
    });
    app.onBeforeHandle(() => void seen.push('onBeforeHandle'));
    app.onAfterHandle(() => void seen.push('onAfterHandle'));
    app.post(
      '/order',
      (ctx) => {
        seen.push('handler');
        return 'ok';
      },
      {
        beforeHandle: async (ctx) => {
          seen.push('beforeHandle');
          seen.push(`body before validation: ${typeof (await ctx.body<{ n: unknown }>()).n}`);
        },
        schema: { body: { type: 'object', properties: { n: { type: 'integer', default: 5 } } } },
        afterHandle: () => void seen.push('afterHandle'),
      },
    );
    await call(app, '/order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(seen).toEqual([
      'middleware in',
      'onBeforeHandle',
      'beforeHandle',
      'body before validation: undefined',
      'handler',
      'afterHandle',
      'onAfterHandle',
      'middleware out',
    ]);
  });

  it('onBeforeHandle short-circuits every route; onAfterHandle replaces every response', async () => {
    const app = new Fw();
    app.get('/a', () => 'a').get('/b/:id', (ctx) => ctx.params.id);
    app.onBeforeHandle((ctx) => (ctx.query.block ? new Response('blocked', { status: 403 }) : undefined));
    app.onAfterHandle(async (ctx, res) => new Response(`[${await res.text()}]`, res));
    expect((await call(app, '/a')).text).toBe('[a]');
    expect((await call(app, '/b/7')).text).toBe('[7]');
    const blocked = await call(app, '/b/7?block=1');
    expect([blocked.status, blocked.text]).toEqual([403, 'blocked']);
  });

  it('onError turns errors into responses; the first hook returning something wins', async () => {
    const app = new Fw();
    app.get('/boom', () => {
      throw new Error('kaput');
    });
    app.get('/teapot', () => {
      throw new HttpError(418, 'short and stout');
    });
    app.onError((error) => (error instanceof HttpError ? undefined : { handled: (error as Error).message }));
    app.onError((error, ctx) => ctx.status(299) && 'second');
    const boom = await call(app, '/boom');
    expect([boom.status, boom.json]).toEqual([200, { handled: 'kaput' }]);
    const teapot = await call(app, '/teapot');
    expect([teapot.status, teapot.text]).toEqual([299, 'second']);
  });

  it('an onError hook that throws hands its error to the default body', async () => {
    const app = new Fw();
    app.get('/x', () => {
      throw new Error('first');
    });
    app.onError(() => {
      throw new ForbiddenError('from hook');
    });
    const res = await call(app, '/x');
    expect([res.status, res.json]).toEqual([403, { error: 'from hook', code: 'FORBIDDEN' }]);
  });

  it('onError also sees errors thrown by middleware, onNotFound and validation', async () => {
    const app = new Fw();
    const seen: string[] = [];
    app.onError((error) => void seen.push((error as Error).constructor.name));
    app.use('/mw', () => {
      throw new Error('mw');
    });
    app.get('/mw/x', () => 'x');
    app.post('/v', () => 'v', { schema: { body: { type: 'object', required: ['a'] } } });
    app.onNotFound(() => {
      throw new ForbiddenError();
    });
    expect((await call(app, '/mw/x')).status).toBe(500);
    expect((await call(app, '/v', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call(app, '/nowhere')).status).toBe(403);
    expect(seen).toEqual(['Error', 'ValidationException', 'ForbiddenError']);
  });

  it('onNotFound answers unmatched paths; notFound is its deprecated alias', async () => {
    const app = new Fw();
    app.onNotFound((ctx) => ctx.status(404) && { missing: ctx.path });
    expect(await call(app, '/gone').then((r) => [r.status, r.json])).toEqual([404, { missing: '/gone' }]);
    const legacy = new Fw();
    legacy.notFound(() => new Response('legacy 404', { status: 404 }));
    expect((await call(legacy, '/x')).text).toBe('legacy 404');
  });
});

describe('middleware (onion model)', () => {
  const trace =
    (seen: string[], name: string): Middleware =>
    async (ctx, next) => {
      seen.push(`${name} before`);
      const res = await next();
      seen.push(`${name} after`);
      return res;
    };

  it('runs in registration order around the handler', async () => {
    const app = new Fw();
    const seen: string[] = [];
    app.use(trace(seen, 'one')).use(trace(seen, 'two'));
    app.get('/', () => {
      seen.push('handler');
      return 'ok';
    });
    await call(app, '/');
    expect(seen).toEqual(['one before', 'two before', 'handler', 'two after', 'one after']);
  });

  it('middleware registered after a route still applies to it', async () => {
    const app = new Fw();
    app.get('/early', () => 'early');
    app.use(async (ctx, next) => {
      const res = await next();
      res.headers.set('x-late', 'applied');
      return res;
    });
    expect((await call(app, '/early')).headers.get('x-late')).toBe('applied');
  });

  it('a middleware may answer without calling next, with a Response or any value', async () => {
    const app = new Fw();
    app.use('/stop', () => new Response('stopped', { status: 429 }));
    app.use('/value', () => ({ from: 'middleware' }));
    app.get('/stop', () => 'never').get('/value', () => 'never');
    expect(await call(app, '/stop').then((r) => [r.status, r.text])).toEqual([429, 'stopped']);
    expect((await call(app, '/value')).json).toEqual({ from: 'middleware' });
  });

  it('a middleware that neither calls next nor returns anything is a 500, never a hang', async () => {
    const app = new Fw({ development: true });
    app.use(() => undefined);
    app.get('/', () => 'x');
    const res = await call(app, '/');
    expect(res.status).toBe(500);
    expect(res.json.error).toMatch(/neither returned a response nor called next/);
  });

  it('a middleware may call next without awaiting it and still answer with its result', async () => {
    const app = new Fw();
    app.use((ctx, next) => void next());
    app.get('/', () => 'through');
    expect((await call(app, '/')).text).toBe('through');
  });

  it('path middleware applies to the path and below, not to siblings sharing the prefix', async () => {
    const app = new Fw();
    const hit: string[] = [];
    app.use('/api', (ctx, next) => {
      hit.push(ctx.path);
      return next();
    });
    app.use('/api/*', (ctx, next) => {
      hit.push(`star ${ctx.path}`);
      return next();
    });
    app
      .get('/api', () => 1)
      .get('/api/x', () => 1)
      .get('/apix', () => 1);
    await call(app, '/api');
    await call(app, '/api/x');
    await call(app, '/apix');
    expect(hit).toEqual(['/api', 'star /api', '/api/x', 'star /api/x']);
  });

  it('middleware runs for 404, 405 and OPTIONS answers too (CORS needs it)', async () => {
    const app = new Fw();
    app.use(async (ctx, next) => {
      const res = await next();
      res.headers.set('access-control-allow-origin', '*');
      return res;
    });
    app.get('/r', () => 1);
    for (const [path, method, status] of [
      ['/nope', 'GET', 404],
      ['/r', 'PUT', 405],
      ['/r', 'OPTIONS', 204],
    ] as const) {
      const res = await call(app, path, { method });
      expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([status, '*']);
    }
  });

  it('an error thrown in a middleware before next becomes an error response', async () => {
    const app = new Fw();
    app.use(() => {
      throw new ForbiddenError('mw says no');
    });
    app.get('/', () => 'x');
    expect(await call(app, '/').then((r) => [r.status, r.json])).toEqual([403, { error: 'mw says no', code: 'FORBIDDEN' }]);
  });

  it('an outer middleware sees the error response of an inner failure and can change it', async () => {
    const app = new Fw();
    app.use(async (ctx, next) => {
      const res = await next();
      return res.status >= 500 ? new Response('masked', { status: 503 }) : res;
    });
    app.use(async () => {
      throw new Error('inner');
    });
    app.get('/', () => 'x');
    expect(await call(app, '/').then((r) => [r.status, r.text])).toEqual([503, 'masked']);
  });

  it('calling next() twice is an error answered with 500, never a double run of the handler', async () => {
    const app = new Fw({ development: true });
    let runs = 0;
    app.use(async (ctx, next) => {
      await next();
      return next();
    });
    app.get('/', () => String(++runs));
    const res = await call(app, '/');
    expect(res.status).toBe(500);
    expect(res.json.error).toMatch(/next\(\) was called more than once/);
    expect(runs).toBe(1);
  });

  it('use() rejects what is neither a middleware nor a plugin', () => {
    const app = new Fw();
    expect(() => app.use(42 as never)).toThrow(/use\(\) takes a middleware/);
    expect(() => app.use('/p', 'x' as never)).toThrow(/needs a middleware function/);
  });
});
