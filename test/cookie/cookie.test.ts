/** fw/cookie: the free cookie functions on a fw/core app, and fw's ctx.cookie()/setCookie()/deleteCookie() built on them. */
import { describe, expect, it } from 'vitest';
import { Fw as CoreFw } from 'fw/core';
import { deleteCookie, getCookie, setCookie } from 'fw/cookie';
import { Fw } from 'fw';

describe('fw/cookie on a fw/core app', () => {
  it('reads a decoded request cookie, null when absent or without a Cookie header', async () => {
    const app = new CoreFw().get('/', (ctx) => ({ a: getCookie(ctx, 'a'), b: getCookie(ctx, 'b') }));
    expect(await (await app.request('/', { headers: { cookie: 'x=1; a=h%C3%A9llo; c="q"' } })).json()).toEqual({ a: 'héllo', b: null });
    expect(await (await app.request('/')).json()).toEqual({ a: null, b: null });
  });

  it('sets and deletes cookies as separate Set-Cookie headers on any kind of answer', async () => {
    const app = new CoreFw()
      .get('/', (ctx) => {
        setCookie(ctx, 'sid', 'a b', { httpOnly: true, sameSite: 'lax', maxAge: 60 });
        deleteCookie(ctx, 'old', { path: '/app' });
        return { ok: true };
      })
      .get('/error', (ctx) => {
        setCookie(ctx, 'seen', '1');
        throw new Error('boom');
      });
    const res = await app.request('/');
    expect(res.headers.getSetCookie()).toEqual([
      'sid=a%20b; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
      'old=; Max-Age=0; Path=/app; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
    const failed = new CoreFw({ logErrors: false }).get('/', (ctx) => {
      setCookie(ctx, 'seen', '1');
      throw new Error('boom');
    });
    const error = await failed.request('/');
    expect(error.status).toBe(500);
    expect(error.headers.getSetCookie()).toEqual(['seen=1; Path=/']);
  });

  it('refuses a cookie name that is not a token: a 500 from the handler, not a broken header', async () => {
    const app = new CoreFw({ logErrors: false }).get('/', (ctx) => {
      setCookie(ctx, 'bad name', 'x');
      return 'never';
    });
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("fw's context cookie methods", () => {
  it('are the same functions, so ctx.setCookie and setCookie(ctx) write the same headers', async () => {
    const app = new Fw().get('/', (ctx) => {
      ctx.setCookie('a', ctx.cookie('in') ?? 'none');
      setCookie(ctx, 'b', getCookie(ctx, 'in') ?? 'none');
      ctx.deleteCookie('c');
      return null;
    });
    const res = await app.request('/', { headers: { cookie: 'in=v' } });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([
      'a=v; Path=/',
      'b=v; Path=/',
      'c=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
  });
});
