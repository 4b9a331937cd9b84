import cors from 'cors';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { chain, errorHandler, Fw, handler, wrap, type LegacyMiddleware } from 'fw';

const asLegacy = (mw: unknown) => mw as LegacyMiddleware;

describe('legacy middleware adapter with the real cors and helmet packages', () => {
  function app(): Fw {
    const a = new Fw();
    a.use(chain(asLegacy(helmet()), asLegacy(cors({ origin: ['https://ok.test'], credentials: true, maxAge: 600 }))));
    a.get('/data', (ctx) => ctx.setHeader('x-own', '1').jsonResponse({ ok: true }));
    a.post('/data', () => ({ posted: true }));
    return a;
  }

  it('helmet adds its security headers to fw responses (and the route keeps its own)', async () => {
    const res = await app().request('/data');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-own')).toBe('1');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self';/);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.has('x-powered-by')).toBe(false);
  });

  it('cors allows a listed origin, answers preflights itself, and leaves others without CORS headers', async () => {
    const a = app();
    const ok = await a.request('/data', { headers: { origin: 'https://ok.test' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://ok.test');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('vary')).toBe('Origin');
    const preflight = await a.request('/data', {
      method: 'OPTIONS',
      headers: { origin: 'https://ok.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-token' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-token');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');
    expect(preflight.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await preflight.text()).toBe('');
    const other = await a.request('/data', { headers: { origin: 'https://evil.test' } });
    expect(other.status).toBe(200);
    expect(other.headers.has('access-control-allow-origin')).toBe(false);
  });

  it('wrap(): one middleware; res helpers answer requests; next(err) with a status maps to that status', async () => {
    const a = new Fw();
    a.use(
      wrap((req, res, next) => {
        res.locals.seen = true;
        if (req.get('authorization') !== 'Bearer t') return res.status(401).json({ error: 'no token', path: req.path, q: req.query.q });
        res.append('set-cookie', ['a=1', 'b=2']);
        next();
      }),
    );
    a.use(
      '/boom',
      wrap((_req, _res, next) => next(Object.assign(new Error('teapot'), { status: 418 }))),
    );
    a.get('/x', () => 'x');
    a.get('/boom', () => 'never');
    const denied = await a.request('/x?q=1');
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ error: 'no token', path: '/x', q: '1' });
    const allowed = await a.request('/x', { headers: { authorization: 'Bearer t' } });
    expect(await allowed.text()).toBe('x');
    expect(allowed.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const boom = await a.request('/boom', { headers: { authorization: 'Bearer t', accept: 'application/json' } });
    expect(boom.status).toBe(418);
    expect(await boom.text()).toContain('teapot');
  });

  it('handler() and errorHandler(): Express-style routes and error middleware', async () => {
    const a = new Fw();
    a.get(
      '/hello/:name',
      handler((req, res) => res.type('text').send(`hi ${req.params.name}`)),
    );
    a.get(
      '/skip',
      handler((_req, _res, next) => next()),
    );
    a.get('/fail', () => {
      throw new Error('kaput');
    });
    a.get('/fail-quiet', () => {
      throw new Error('pass on');
    });
    a.onError(
      errorHandler((err, req, res, next) => {
        if ((err as Error).message === 'pass on' || (err as { status?: number }).status === 404) return next(err);
        res.status(503).json({ message: (err as Error).message, url: req.originalUrl });
      }),
    );
    const hello = await a.request('/hello/ada');
    expect([hello.status, hello.headers.get('content-type'), await hello.text()]).toEqual([200, 'text/plain; charset=utf-8', 'hi ada']);
    expect((await a.request('/skip')).status).toBe(404);
    const failed = await a.request('/fail?x=1');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ message: 'kaput', url: '/fail?x=1' });
    expect((await a.request('/fail-quiet')).status).toBe(500);
  });

  it('never hangs: a middleware that neither continues nor answers fails after timeoutMs; a throw is a 500', async () => {
    const a = new Fw();
    a.use(
      '/stuck',
      wrap(function stuck() {}, { timeoutMs: 20 }),
    );
    a.use(
      '/throws',
      wrap(() => {
        throw new Error('sync throw');
      }),
    );
    a.use(
      '/rejects',
      wrap(async () => {
        throw Object.assign(new Error('bad input'), { statusCode: 400 });
      }),
    );
    a.get('/stuck', () => 'no');
    a.get('/throws', () => 'no');
    a.get('/rejects', () => 'no');
    const stuck = await a.request('/stuck');
    expect(stuck.status).toBe(500);
    expect((await a.request('/throws')).status).toBe(500);
    expect((await a.request('/rejects')).status).toBe(400);
  });

  it('rejects what is not a middleware', () => {
    expect(() => wrap(42 as never)).toThrow(/Express-style middleware functions/);
    expect(() => handler('x' as never)).toThrow(/Express-style handler/);
    expect(() => errorHandler(null as never)).toThrow(/Express-style error middleware/);
  });
});
