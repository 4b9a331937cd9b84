import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Fw, staticFiles, type Context } from 'fw';
import fc from 'fast-check';
import { canonicalPath, canonicalPattern, decodeSegment } from '../../src/core/path';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/users/1', '/users/1'],
    ['/%61dmin', '/admin'],
    ['/adm%69n/secret.txt', '/admin/secret.txt'],
    ['//admin/secret.txt', '/admin/secret.txt'],
    ['/admin//secret.txt', '/admin/secret.txt'],
    ['/admin/', '/admin/'],
    ['/admin//', '/admin/'],
    ['//', '/'],
    ['/a\\b', '/a/b'],
    ['/a/./b', '/a/b'],
    ['/a/../b', '/b'],
    ['/../../b', '/b'],
    ['/a/%2e%2E/b', '/b'],
    ['/a/b/..', '/a/'],
    ['/a/.', '/a/'],
    ['/.well-known/x', '/.well-known/x'],
    ['/a..b/..c', '/a..b/..c'],
    ['/caf%C3%A9', '/café'],
    ['/%F0%9F%8D%8C', '/🍌'],
    ['/a%20b', '/a b'],
    ['/a%25b', '/a%25b'],
    ['/a%252Fb', '/a%252Fb'],
    ['/a%3Fb%23c', '/a%3Fb%23c'],
    ['/a%2e%2e', '/a..'],
  ])('%s -> %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it.each(['/%', '/%4', '/%zz', '/a%2', '/%C3', '/%FF', '/%C3%28', '/%ED%A0%80'])('%s has no canonical form', (raw) => {
    expect(canonicalPath(raw)).toBeNull();
    expect(canonicalPath(raw, true)).toBeNull();
  });

  it.each(['/a%2Fb', '/a%2fb', '/a%5Cb', '/a%5cb', '//a%2F', '/a/..%2F..%2Fb', '/%C3%A9%2F%C3%A9'])(
    '%s (an encoded slash or backslash) is refused by default',
    (raw) => {
      expect(canonicalPath(raw)).toBeNull();
    },
  );

  it.each([
    ['/a%2Fb', '/a%2Fb'],
    ['/a%2fb', '/a%2Fb'],
    ['/a%5cb', '/a%5Cb'],
    ['/a/..%2F..%2Fb', '/a/..%2F..%2Fb'],
    ['/%C3%A9%2F%C3%A9', '/é%2Fé'],
  ])('with encoded slashes allowed, %s -> %s (kept escaped, inside one segment)', (raw, canonical) => {
    expect(canonicalPath(raw, true)).toBe(canonical);
  });

  it('returns an already canonical path as the same string', () => {
    const path = '/users/42/posts';
    expect(canonicalPath(path)).toBe(path);
  });
});

describe('canonicalPattern', () => {
  it('decodes literal segments and keeps parameters and wildcards as written', () => {
    expect(canonicalPattern('caf%C3%A9/:id/*')).toBe('/café/:id/*');
    expect(canonicalPattern('//a//b/')).toBe('/a/b');
    expect(canonicalPattern('/%2520')).toBe('/%2520');
    expect(canonicalPattern('/')).toBe('/');
  });

  it.each([
    ['/a/%zz', 'malformed percent-escape'],
    ['/a/../b', '"." and ".." segments'],
    ['/a\\b', 'backslash'],
  ])('refuses %s at registration', (pattern, message) => {
    expect(() => new Fw().get(pattern, () => 'x')).toThrow(message);
  });
});

const guard = (ctx: Context, next: () => Promise<Response>) =>
  ctx.header('authorization') === 'secret' ? next() : ctx.status(401) && { error: 'no' };
const bypasses = [
  '/%61dmin/secret',
  '/adm%69n/secret',
  '//admin/secret',
  '/admin//secret',
  '/x/../admin/secret',
  '/./admin/secret',
  '/admin/./secret',
  '/x/%2e%2e/admin/secret',
  '/ADMIN/../admin/secret',
];

describe('a guard sees the path its route answers', () => {
  it.each(bypasses)('app.use("/admin", guard) refuses %s', async (path) => {
    const app = new Fw();
    app.use('/admin', guard);
    app.get('/admin/secret', () => 'the secret');
    expect((await app.request(path)).status).toBe(401);
    expect(await (await app.request(path, { headers: { authorization: 'secret' } })).text()).toBe('the secret');
  });

  it.each(bypasses)('a group guard refuses %s', async (path) => {
    const app = new Fw();
    app.group('/admin', (admin) => admin.use(guard).get('/secret', () => 'the secret'));
    expect((await app.request(path)).status).toBe(401);
  });

  it('a parameter route cannot answer an encoded path a guard protects', async () => {
    const app = new Fw();
    app.use('/admin', guard);
    app.get('/:page', (ctx) => ({ page: ctx.params.page }));
    expect((await app.request('/%61dmin')).status).toBe(401);
    expect((await app.request('/adm%69n')).status).toBe(401);
    expect(await (await app.request('/%61bout')).json()).toEqual({ page: 'about' });
  });

  it('ctx.path is the canonical path while ctx.request.url keeps what the client sent', async () => {
    const app = new Fw({ allowEncodedSlashes: true });
    app.get('/*', (ctx) => ({ path: ctx.path, url: ctx.request.url, rest: ctx.params['*'] }));
    expect(await (await app.request('//caf%C3%A9/./x%2Fy')).json()).toEqual({
      path: '/café/x%2Fy',
      url: 'http://localhost//caf%C3%A9/x%2Fy',
      rest: 'café/x/y',
    });
  });

  it('answers a malformed escape with 400 before any middleware runs', async () => {
    const app = new Fw();
    let ran = 0;
    app.use(async (_ctx, next) => {
      ran++;
      return next();
    });
    app.get('/*', () => 'never');
    for (const path of ['/%zz', '/a%C3', '/%FF/admin']) {
      const response = await app.request(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Malformed percent-encoding or encoded slash in the request path', code: 'BAD_PATH' });
    }
    expect(ran).toBe(0);
  });
});

describe('encoded slashes: refused by default', () => {
  const refused = ['/files/private%2Fs', '/files/private%2fs', '/files/private%5Cs', '/files/private%5cs', '/files/x%2F..%2Fprivate/s'];

  it.each(refused)('%s is a 400 before any middleware, whatever routes could have matched', async (path) => {
    const app = new Fw();
    let ran = 0;
    app.use(async (_ctx, next) => {
      ran++;
      return next();
    });
    app.use('/files/private', guard);
    app.get('/files/*', (ctx) => ({ rest: ctx.params['*'] }));
    app.get('/files/:name', (ctx) => ({ name: ctx.params.name }));
    const response = await app.request(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Malformed percent-encoding or encoded slash in the request path', code: 'BAD_PATH' });
    expect(ran).toBe(0);
  });

  it('a double-encoded slash (%252F) is text, not a slash, and passes', async () => {
    const app = new Fw();
    app.get('/users/:id', (ctx) => `posts of ${ctx.params.id}`);
    expect(await (await app.request('/users/a%252Fb')).text()).toBe('posts of a%2Fb');
    expect(await (await app.request('/users/%2525')).text()).toBe('posts of %25');
  });

  it('Hono "should decode /": /users/hono%2Fposts is a 400 by default, hono/posts with allowEncodedSlashes', async () => {
    for (const config of [{}, { allowEncodedSlashes: true }]) {
      const app = new Fw(config);
      app.get('/users/:id', (ctx) => `id is ${ctx.params.id}`);
      const response = await app.request('http://localhost/users/hono%2Fposts');
      expect(response.status).toBe(config.allowEncodedSlashes ? 200 : 400);
      if (config.allowEncodedSlashes) expect(await response.text()).toBe('id is hono/posts');
    }
  });

  it('a WebSocket route is refused the same way (the upgrade is left to app.fetch, which answers 400)', async () => {
    const app = new Fw();
    app.ws('/live/:room', { message() {} });
    const upgrade = {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
    };
    expect(await app.upgradeWebSocket(new Request('http://localhost/live/a%2Fb', { headers: upgrade }))).toBeNull();
    expect((await app.request('/live/a%2Fb', { headers: upgrade })).status).toBe(400);
    const allowing = new Fw({ allowEncodedSlashes: true });
    allowing.ws('/live/:room', { message() {} });
    expect(await allowing.upgradeWebSocket(new Request('http://localhost/live/a%2Fb', { headers: upgrade }))).toMatchObject({
      params: { room: 'a/b' },
    });
  });

  it('a mistyped option name fails at startup with the closest name', () => {
    expect(() => new Fw({ allowEncodedSlash: true } as never)).toThrow('did you mean "allowEncodedSlashes"');
  });
});

describe('encoded slashes with allowEncodedSlashes: data inside one segment, for every guard and route alike', () => {
  function filesApp(): { app: Fw; guarded: string[] } {
    const app = new Fw({ allowEncodedSlashes: true });
    const guarded: string[] = [];
    app.use('/files/private', (ctx, next) => {
      guarded.push(ctx.path);
      return guard(ctx, next);
    });
    app.get('/files/private/:file', (ctx) => ({ private: ctx.params.file }));
    app.get('/files/:name', (ctx) => ({ name: ctx.params.name, path: ctx.path }));
    return { app, guarded };
  }

  it('/files/private%2Fs matches neither the guard on /files/private nor /files/private/... routes, but /files/:name', async () => {
    const { app, guarded } = filesApp();
    for (const path of ['/files/private%2Fs', '/files/private%2fs']) {
      expect(await (await app.request(path)).json()).toEqual({ name: 'private/s', path: '/files/private%2Fs' });
    }
    expect(await (await app.request('/files/private%5Cs')).json()).toEqual({ name: 'private\\s', path: '/files/private%5Cs' });
    expect(guarded).toEqual([]);
  });

  it('the real path /files/private/s still goes through the guard', async () => {
    const { app, guarded } = filesApp();
    expect((await app.request('/files/private/s')).status).toBe(401);
    expect(await (await app.request('/files/private/s', { headers: { authorization: 'secret' } })).json()).toEqual({ private: 's' });
    expect(guarded).toEqual(['/files/private/s', '/files/private/s']);
  });

  it('a wildcard gets the decoded rest while ctx.path keeps the escape', async () => {
    const app = new Fw({ allowEncodedSlashes: true });
    app.get('/files/*', (ctx) => ({ rest: ctx.params['*'], path: ctx.path }));
    expect(await (await app.request('/files/private%2Fs')).json()).toEqual({ rest: 'private/s', path: '/files/private%2Fs' });
  });
});

describe('routes with characters the URL parser escapes', () => {
  const app = new Fw();
  app.get('/café', () => 'café');
  app.get('/🍌', () => 'banana');
  app.get('/a b', () => 'spaced');
  app.get('/🍌/:param', (ctx) => ctx.params.param);
  app.get('/%2520', () => 'literal %20');
  app.get('/q%3Fx', () => 'question');

  it.each([
    ['/café', 'café'],
    ['/caf%C3%A9', 'café'],
    ['/🍌', 'banana'],
    ['/a b', 'spaced'],
    ['/a%20b', 'spaced'],
    ['/🍌/%F0%9F%8D%8E', '🍎'],
    ['/%2520', 'literal %20'],
    ['/q%3Fx', 'question'],
  ])('%s answers', async (path, body) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });

  it('a literal %2520 route does not answer the request for a space', async () => {
    expect((await app.request('/%20')).status).toBe(404);
  });
});

describe('staticFiles behind a guard', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fw-canonical-'));
  mkdirSync(join(dir, 'admin'));
  writeFileSync(join(dir, 'admin', 'secret.txt'), 'TOP SECRET');
  writeFileSync(join(dir, 'public.txt'), 'hello');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const files = [
    '/%61dmin/secret.txt',
    '/adm%69n/secret.txt',
    '//admin/secret.txt',
    '/admin//secret.txt',
    '/x/../admin/secret.txt',
    '/admin/secret%2Etxt',
  ];

  it.each(files)('app.use("/admin", guard) before staticFiles refuses %s', async (path) => {
    const app = new Fw();
    app.use('/admin', guard);
    app.use(staticFiles(dir));
    expect((await app.request(path)).status).toBe(401);
    const allowed = await app.request(path, { headers: { authorization: 'secret' } });
    expect(await allowed.text()).toBe('TOP SECRET');
  });

  it('Hono serve-static "bypass via path mismatch": /admin%2Fsecret.txt is a 400, and with allowEncodedSlashes never the file', async () => {
    for (const allowEncodedSlashes of [false, true]) {
      const app = new Fw({ allowEncodedSlashes });
      app.use('/admin', guard);
      app.use(staticFiles(dir));
      for (const path of ['/admin%2Fsecret.txt', '/admin%5Csecret.txt']) {
        const response = await app.request(path);
        if (!allowEncodedSlashes) expect(response.status).toBe(400);
        expect(await response.text()).not.toContain('TOP SECRET');
      }
    }
  });

  it.each(files)('group("/admin", a => a.use(guard)) before staticFiles refuses %s', async (path) => {
    const app = new Fw();
    app.group('/admin', (admin) => admin.use(guard));
    app.use(staticFiles(dir));
    expect((await app.request(path)).status).toBe(401);
    expect(await (await app.request('/public.txt')).text()).toBe('hello');
  });
});

describe('Context and app helpers', () => {
  it('ctx.queries() keeps __proto__ as a plain key on a null-prototype object', async () => {
    const app = new Fw();
    app.get('/q', (ctx) => {
      const all = ctx.queries();
      return { proto: Object.getPrototypeOf(all) === null, value: all['__proto__'], one: ctx.queries('__proto__') };
    });
    expect(await (await app.request('/q?__proto__=x&__proto__=y')).json()).toEqual({ proto: true, value: ['x', 'y'], one: ['x', 'y'] });
  });

  it('app.request(request, init) applies init to a Request', async () => {
    const app = new Fw();
    app.post('/echo', async (ctx) => ({ method: ctx.method, body: await ctx.bodyText(), header: ctx.header('x-test') }));
    const response = await app.request(new Request('http://localhost/echo', { method: 'GET' }), {
      method: 'POST',
      body: 'hi',
      headers: { 'x-test': 'yes' },
    });
    expect(await response.json()).toEqual({ method: 'POST', body: 'hi', header: 'yes' });
  });
});

describe('every other thing that compares a path uses the canonical one', () => {
  const upgradeHeaders = {
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-version': '13',
  };

  it.each(['/%61dmin/live', '//admin/live', '/x/../admin/live'])('a WebSocket route behind a guard refuses %s', async (path) => {
    const app = new Fw();
    app.use('/admin', guard);
    app.ws('/admin/live', { message() {} });
    const refused = await app.upgradeWebSocket(new Request(`http://localhost${path}`, { headers: upgradeHeaders }));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(401);
    const accepted = await app.upgradeWebSocket(
      new Request(`http://localhost${path}`, { headers: { ...upgradeHeaders, authorization: 'secret' } }),
    );
    expect(accepted).not.toBeInstanceOf(Response);
    expect(accepted).toMatchObject({ path: '/admin/live' });
  });

  it.each(['/%61dmin/report', '//admin/report', '/admin/./report'])('a file route behind a guard refuses %s', async (path) => {
    const app = new Fw();
    app.use('/admin', guard);
    await app.fromFileRoutes({ manifest: { 'admin/report.ts': { GET: () => 'report' }, 'caf%C3%A9.ts': { GET: () => 'coffee' } } });
    expect((await app.request(path)).status).toBe(401);
    expect(await (await app.request('/caf%C3%A9')).text()).toBe('coffee');
  });

  it.each(['/%6Dcp', '//mcp', '/MCP/../mcp'])('the MCP endpoint with authToken refuses %s without the token', async (path) => {
    const { createMCPPlugin, mcp } = await import('fw-mcp');
    const app = new Fw();
    app.use(createMCPPlugin(mcp(app), { authToken: 'tok' }));
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    };
    expect((await app.request(path, init)).status).toBe(401);
    const allowed = await app.request(path, { ...init, headers: { ...init.headers, authorization: 'Bearer tok' } });
    expect(allowed.status).toBe(200);
  });
});

/** Decodes a segment the plain way: bytes of escapes through a strict UTF-8 decoder, the kept escapes upper-cased. */
function referenceDecode(segment: string): string | null {
  const kept = new Set([0x23, 0x25, 0x2f, 0x3f, 0x5c]);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    out += utf8.decode(new Uint8Array(bytes));
    bytes = [];
  };
  try {
    for (let i = 0; i < segment.length; i++) {
      if (segment[i] !== '%') {
        flush();
        out += segment[i];
        continue;
      }
      const hex = segment.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      const byte = Number.parseInt(hex, 16);
      i += 2;
      if (kept.has(byte)) {
        flush();
        out += `%${hex.toUpperCase()}`;
      } else bytes.push(byte);
    }
    flush();
    return out;
  } catch {
    return null;
  }
}

describe('decodeSegment against a plain byte-wise decoder (property-based)', () => {
  it('decodes the same text and refuses the same malformed escapes', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'a',
        'é',
        '%',
        '%2',
        '%zz',
        '%2f',
        '%2F',
        '%25',
        '%23',
        '%3f',
        '%5C',
        '%5c',
        '%41',
        '%C3',
        '%A9',
        '%C3%A9',
        '%E2%82%AC',
        '%FF',
        '%80',
        '+',
      ),
      fc.string({ maxLength: 3 }).filter((s) => !s.includes('/')),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const segment = pieces.join('');
        expect(decodeSegment(segment)).toBe(referenceDecode(segment));
      }),
      { numRuns: 2000 },
    );
  });
});
