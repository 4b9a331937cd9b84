/**
 * csrf({ token }): the per-browser secret cookie and its tokens, with the cases of @fastify/csrf-protection
 * (test/basic.test.js, test/user-info.test.js). Differences: the token is read from a form field only in urlencoded
 * and multipart bodies (a JSON body comes from a script, which can send the header; fastify also reads req.body._csrf
 * of JSON), a binding (fastify's userInfo) needs a key of its own (fastify's hmacKey), and errors are fw's JSON 403s
 * with codes instead of fastify's messages.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { csrf, csrfToken, type CsrfTokenOptions } from '../../src/csrf';

const local = 'http://localhost';

function app(token: true | CsrfTokenOptions = true): Fw {
  return new Fw({ logErrors: false })
    .use(csrf({ token }))
    .get('/', async (ctx) => ({ token: await csrfToken(ctx) }))
    .post('/', async (ctx) => ctx.body())
    .post('/form', async (ctx) => ctx.text(await ctx.bodyText()));
}

async function tokenAndCookie(a: Fw, headers: Record<string, string> = {}): Promise<{ token: string; cookie: string }> {
  const res = await a.request(`${local}/`, { headers });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { token: (await res.json()).token, cookie };
}

const json = (headers: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ hello: 'world' }),
});

describe('csrf tokens', () => {
  it('sets the secret cookie once and makes a different token on each render', async () => {
    const a = app();
    const first = await a.request(`${local}/`);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-csrf=[A-Za-z0-9_-]{22}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const cookie = setCookie.split(';')[0];
    const second = await a.request(`${local}/`, { headers: { cookie } });
    expect(second.headers.get('set-cookie')).toBeNull();
    expect((await second.json()).token).not.toBe((await first.json()).token);
  });

  it('accepts the token in each header fastify reads, and leaves the body to the handler', async () => {
    const a = app();
    const { token, cookie } = await tokenAndCookie(a);
    for (const header of ['x-csrf-token', 'csrf-token', 'x-xsrf-token', 'xsrf-token']) {
      const res = await a.request(`${local}/`, json({ cookie, [header]: token }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ hello: 'world' });
    }
  });

  it('accepts the token in the _csrf field of urlencoded and multipart forms', async () => {
    const a = app();
    const { token, cookie } = await tokenAndCookie(a);
    const urlencoded = await a.request(`${local}/form`, {
      method: 'POST',
      headers: { cookie, origin: local, 'content-type': 'application/x-www-form-urlencoded' },
      body: `hello=world&_csrf=${encodeURIComponent(token)}`,
    });
    expect(urlencoded.status).toBe(200);
    expect(await urlencoded.text()).toBe(`hello=world&_csrf=${encodeURIComponent(token)}`);
    const body = new FormData();
    body.set('hello', 'world');
    body.set('_csrf', token);
    const multipart = await a.request(new Request(`${local}/form`, { method: 'POST', headers: { cookie, origin: local }, body }));
    expect(multipart.status).toBe(200);
    expect(await multipart.text()).toContain('name="hello"');
  });

  it('refuses a post without the secret cookie, without a token, or with a wrong one', async () => {
    const a = app();
    const { token, cookie } = await tokenAndCookie(a);
    const missingSecret = await a.request(`${local}/`, json({ 'x-csrf-token': token }));
    expect(missingSecret.status).toBe(403);
    expect(await missingSecret.json()).toMatchObject({ code: 'CSRF_SECRET_MISSING' });
    const missingToken = await a.request(`${local}/`, json({ cookie }));
    expect(await missingToken.json()).toMatchObject({ code: 'CSRF_TOKEN_MISSING' });
    for (const wrong of [`${token}x`, 'a.b', '.', token.replace(/^[^.]+/, 'AAAAAAAAAAA'), 'x'.repeat(500)]) {
      const res = await a.request(`${local}/`, json({ cookie, 'x-csrf-token': wrong }));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'CSRF_TOKEN_INVALID' });
    }
  });

  it("refuses a token made for another browser's secret", async () => {
    const a = app();
    const mine = await tokenAndCookie(a);
    const theirs = await tokenAndCookie(a);
    expect((await a.request(`${local}/`, json({ cookie: mine.cookie, 'x-csrf-token': theirs.token }))).status).toBe(403);
  });

  it('checks every unsafe method and no safe one', async () => {
    const a = new Fw({ logErrors: false }).use(csrf({ token: true })).all('/x', () => 'ok');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect((await a.request(`${local}/x`, { method })).status).toBe(403);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect((await a.request(`${local}/x`, { method })).status).toBe(200);
  });

  it('writes the cookie with custom options and name (fastify: custom cookie options)', async () => {
    const a = app({ cookie: 'csrf', cookieOptions: { path: '/hello', secure: false } });
    expect((await a.request(`${local}/`)).headers.get('set-cookie')).toMatch(/^csrf=[^;]+; Path=\/hello; HttpOnly; SameSite=Lax$/);
  });

  it('reads a custom header and field only', async () => {
    const a = app({ header: 'x-token', field: 'token' });
    const { token, cookie } = await tokenAndCookie(a);
    expect((await a.request(`${local}/`, json({ cookie, 'x-token': token }))).status).toBe(200);
    expect((await a.request(`${local}/`, json({ cookie, 'x-csrf-token': token }))).status).toBe(403);
  });

  it('binds tokens to a value (fastify: userInfo): a token made for one user fails for another', async () => {
    const a = app({ secret: 'an app key of sixteen or more', bind: (ctx) => ctx.header('x-user') });
    const { token, cookie } = await tokenAndCookie(a, { 'x-user': 'alice' });
    expect((await a.request(`${local}/`, json({ cookie, 'x-user': 'alice', 'x-csrf-token': token }))).status).toBe(200);
    expect((await a.request(`${local}/`, json({ cookie, 'x-user': 'bob', 'x-csrf-token': token }))).status).toBe(403);
  });

  it('verifies tokens signed by an older key of the list (key rotation)', async () => {
    const before = app({ secret: 'the old key, sixteen+' });
    const { token, cookie } = await tokenAndCookie(before);
    const after = app({ secret: ['the new key, sixteen+', 'the old key, sixteen+'] });
    expect((await after.request(`${local}/`, json({ cookie, 'x-csrf-token': token }))).status).toBe(200);
    const dropped = app({ secret: 'the new key, sixteen+' });
    expect((await dropped.request(`${local}/`, json({ cookie, 'x-csrf-token': token }))).status).toBe(403);
  });

  it('checks the Origin of form posts before the token', async () => {
    const a = app();
    const { token, cookie } = await tokenAndCookie(a);
    const res = await a.request(`${local}/`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${encodeURIComponent(token)}`,
    });
    expect(await res.json()).toMatchObject({ code: 'CSRF_ORIGIN_DENIED' });
  });
});

describe('csrf token options at startup (fastify: validation)', () => {
  it('refuses unknown keys, bad names, a short key and a binding without a key', () => {
    expect(() => csrf({ token: { cookies: 'x' } as CsrfTokenOptions })).toThrow('did you mean "cookie"');
    expect(() => csrf({ token: { header: [] } })).toThrow('token.header must be a header name');
    expect(() => csrf({ token: { header: 'x token' } })).toThrow('token.header must be a header name');
    expect(() => csrf({ token: { field: '' } })).toThrow('token.field must be a non-empty string');
    expect(() => csrf({ token: { secret: 'short' } })).toThrow('16 characters or more');
    expect(() => csrf({ token: { bind: () => 'u' } })).toThrow('token.bind needs token.secret');
    expect(() => csrf({ token: { cookie: 'bad name' } })).toThrow('must be an RFC 6265 token');
    expect(() => csrf({ token: { cookieOptions: { secure: false } } })).toThrow('__Host-');
    expect(() => csrf({ token: 'yes' as unknown as true })).toThrow('token must be true, false or an object');
  });

  it('csrfToken() outside a csrf({ token }) answers a 500 that names the fix', async () => {
    const a = new Fw({ logErrors: false }).get('/', async (ctx) => ({ token: await csrfToken(ctx) }));
    const res = await a.request(`${local}/`);
    expect(res.status).toBe(500);
  });
});
