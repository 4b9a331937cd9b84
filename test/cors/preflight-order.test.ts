/**
 * cors() answers preflights wherever it is registered: before a bearer-guarded group, after it, scoped to the group,
 * or behind an app-wide guard. A preflight carries no credentials, so no guard sees it; an actual request still meets
 * the guard, and its 401 carries the CORS headers so the page can read it.
 */
import { describe, expect, it } from 'vitest';
import { Fw, HttpError } from 'fw';
import type { Middleware } from 'fw';
import { cors, corsPlugin } from '../../src/cors';

const origin = 'https://app.example';
const token = 'Bearer notes-token';

/** A bearer guard as users write one: anything but the token gets 401. */
const bearer: Middleware = (ctx, next) =>
  ctx.header('authorization') === token ? next() : ctx.jsonResponse({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401);

const preflight = (method = 'POST') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
});

/** The notes API: a public GET /health and a bearer-guarded /api group. */
function notesApp(): Fw {
  const app = new Fw();
  app.get('/health', () => ({ ok: true }));
  app.group('/api', (api) => {
    api.use(bearer);
    api.get('/notes', () => [{ id: 1 }]);
    api.post('/notes', () => ({ id: 2 }));
  });
  return app;
}

/** The answers a browser gets from the notes API: the preflight, an actual request without and with the token. */
async function expectCorsThroughGuard(app: Fw, allowOrigin = '*'): Promise<void> {
  const answer = await app.request('/api/notes', preflight());
  expect(answer.status).toBe(204);
  expect(answer.headers.get('access-control-allow-origin')).toBe(allowOrigin);
  expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
  expect(answer.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
  expect(await answer.text()).toBe('');

  const refused = await app.request('/api/notes', { headers: { origin } });
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
  expect(refused.headers.get('access-control-allow-origin')).toBe(allowOrigin);

  const served = await app.request('/api/notes', { method: 'POST', headers: { origin, authorization: token } });
  expect(served.status).toBe(200);
  expect(served.headers.get('access-control-allow-origin')).toBe(allowOrigin);
}

describe('cors() and guards, whatever the registration order', () => {
  it('registered after a bearer-guarded group: the preflight gets 204, not the guard 401', async () => {
    const app = notesApp();
    app.use(cors());
    await expectCorsThroughGuard(app);
  });

  it('registered before the group: the same answers', async () => {
    const app = new Fw();
    app.use(cors());
    app.group('/api', (api) => {
      api.use(bearer);
      api.get('/notes', () => [{ id: 1 }]);
      api.post('/notes', () => ({ id: 2 }));
    });
    await expectCorsThroughGuard(app);
  });

  it('after an app-wide guard that throws, with credentials: the 401 carries the origin, credentials and Vary', async () => {
    const app = new Fw();
    app.use((ctx, next) => {
      if (ctx.header('authorization') !== token) throw new HttpError(401, 'Unauthorized', { code: 'UNAUTHORIZED' });
      return next();
    });
    app.post('/api/notes', () => ({ id: 2 }));
    app.get('/api/notes', () => []);
    app.use(cors({ origin: [origin], credentials: true }));
    await expectCorsThroughGuard(app, origin);
    const refused = await app.request('/api/notes', { headers: { origin } });
    expect(refused.headers.get('access-control-allow-credentials')).toBe('true');
    expect(refused.headers.get('vary')).toContain('Origin');
  });

  it('registered as corsPlugin after the group: the same answers', async () => {
    const app = notesApp();
    app.use(corsPlugin());
    await expectCorsThroughGuard(app);
  });

  it('a preflight from an origin not allowed still gets 403 from cors(), never the guard', async () => {
    const app = notesApp();
    app.use(cors({ origin: ['https://other.example'] }));
    const answer = await app.request('/api/notes', preflight());
    expect(answer.status).toBe(403);
    expect((await answer.json()).code).toBe('CORS_ORIGIN_DENIED');
  });

  it('reaches no other middleware with a preflight; actual requests pass every middleware in its order', async () => {
    const seen: string[] = [];
    const app = new Fw();
    app.use(async (ctx, next) => {
      seen.push(`outer ${ctx.method}`);
      return next();
    });
    app.use(async (ctx, next) => {
      seen.push(`inner ${ctx.method}`);
      return next();
    });
    app.get('/notes', () => []);
    app.use(cors());
    expect((await app.request('/notes', preflight('GET'))).status).toBe(204);
    expect(seen).toEqual([]);
    const served = await app.request('/notes', { headers: { origin } });
    expect(served.headers.get('access-control-allow-origin')).toBe('*');
    expect(seen).toEqual(['outer GET', 'inner GET']);
  });

  it('answers preflights of routes guarded by a before-handle hook', async () => {
    const app = new Fw();
    app.use(cors());
    app.post('/notes', () => ({ id: 2 }), {
      beforeHandle: (ctx) => (ctx.header('authorization') === token ? undefined : ctx.jsonResponse({}, 401)),
    });
    expect((await app.request('/notes', preflight())).status).toBe(204);
    expect((await app.request('/notes', { method: 'POST', headers: { origin } })).status).toBe(401);
  });
});

describe('cors() scoped to a group', () => {
  /** Fastify's "Should support a prefix for preflight requests" (@fastify/cors test/preflight.test.js), guard added. */
  function scoped(): Fw {
    const app = new Fw();
    app.get('/hello', () => 'hello');
    app.group('/api', (api) => {
      api.use(bearer);
      api.get('/notes', () => [{ id: 1 }]);
      api.post('/notes', () => ({ id: 2 }));
      api.use(cors());
    });
    return app;
  }

  it('answers the group preflights before its guard, and actual requests with the headers', async () => {
    await expectCorsThroughGuard(scoped());
    const prefix = await scoped().request('/api', preflight('GET'));
    expect(prefix.status).toBe(204);
    expect(prefix.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('leaves paths outside the prefix alone: no CORS answer there, nor on a path that only starts with it', async () => {
    const app = scoped();
    const outside = await app.request('/hello', preflight('GET'));
    expect(outside.status).toBe(204);
    expect(outside.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(outside.headers.has('access-control-allow-origin')).toBe(false);
    expect((await app.request('/hello', { headers: { origin } })).headers.has('access-control-allow-origin')).toBe(false);
    const lookalike = await app.request('/apinotes', preflight('GET'));
    expect(lookalike.status).toBe(404);
    expect(lookalike.headers.has('access-control-allow-origin')).toBe(false);
  });
});
