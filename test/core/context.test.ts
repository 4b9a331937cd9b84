import { describe, expect, it } from 'vitest';
import { Fw } from '../../src/app/fw';
import type { ExecutionContext } from '../../src/core/context';
import { call, postJson, read } from './helpers';

describe('request members', () => {
  it('exposes method, path, params, query, headers, request and app', async () => {
    const app = new Fw();
    app.put('/items/:id', (ctx) => ({
      method: ctx.method,
      path: ctx.path,
      params: ctx.params,
      query: ctx.query,
      header: ctx.headers.get('x-a'),
      url: ctx.request.url,
      sameApp: ctx.app === app,
    }));
    const res = await call(app, '/items/4?x=1', { method: 'PUT', headers: { 'x-a': 'b' } });
    expect(res.json).toEqual({
      method: 'PUT',
      path: '/items/4',
      params: { id: '4' },
      query: { x: '1' },
      header: 'b',
      url: 'http://localhost/items/4?x=1',
      sameApp: true,
    });
  });

  it('header(name) and cookie(name) return the value or null; cookies are decoded', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ({
      ua: ctx.header('User-Agent'),
      none: ctx.header('x-none'),
      sid: ctx.cookie('sid'),
      quoted: ctx.cookie('q'),
      spaced: ctx.cookie('name'),
      bad: ctx.cookie('bad'),
      missing: ctx.cookie('missing'),
    }));
    const res = await call(app, '/', {
      headers: { 'user-agent': 'tests', cookie: 'sid=abc; q="quoted"; name=J%C3%BCrgen%20M;bad=%E0%A4%A' },
    });
    expect(res.json).toEqual({ ua: 'tests', none: null, sid: 'abc', quoted: 'quoted', spaced: 'Jürgen M', bad: '%E0%A4%A', missing: null });
  });

  it('cookie(name) returns null when there is no Cookie header', async () => {
    const app = new Fw();
    app.get('/', (ctx) => String(ctx.cookie('sid')));
    expect((await call(app, '/')).text).toBe('null');
  });
});

describe('body readers', () => {
  it('body(), json() and parseBody() can each be called more than once', async () => {
    const app = new Fw();
    app.post('/echo', async (ctx) => {
      const a = await ctx.body();
      const b = await ctx.body();
      const c = await ctx.json();
      const d = await ctx.json();
      const e = await ctx.parseBody();
      const f = await ctx.parseBody('json');
      return { same: [b, c, d, e, f].every((x) => JSON.stringify(x) === JSON.stringify(a)), a };
    });
    expect((await postJson(app, '/echo', { n: 1 })).json).toEqual({ same: true, a: { n: 1 } });
  });

  it('body() with no or an unknown Content-Type parses JSON', async () => {
    const app = new Fw();
    app.post('/p', (ctx) => ctx.body());
    expect((await call(app, '/p', { method: 'POST', body: '{"x":2}' })).json).toEqual({ x: 2 });
    expect((await call(app, '/p', { method: 'POST', body: '[1]', headers: { 'content-type': 'application/x-unknown' } })).json).toEqual([
      1,
    ]);
    expect(
      (await call(app, '/p', { method: 'POST', body: '{"v":1}', headers: { 'content-type': 'application/vnd.api+json' } })).json,
    ).toEqual({ v: 1 });
  });

  it('body() of an empty or bodyless request is undefined (answered 204)', async () => {
    const app = new Fw();
    app.post('/p', (ctx) => ctx.body()).get('/g', (ctx) => ctx.body());
    expect((await call(app, '/p', { method: 'POST' })).status).toBe(204);
    expect((await call(app, '/g')).status).toBe(204);
  });

  it('parseBody(format) with an unknown format is a 415', async () => {
    const app = new Fw();
    app.post('/p', (ctx) => ctx.parseBody('toml'));
    const res = await call(app, '/p', { method: 'POST', body: 'a = 1' });
    expect([res.status, res.json]).toEqual([415, { error: 'Unknown data format "toml"', code: 'UNSUPPORTED_FORMAT' }]);
  });

  it('formData() reads multipart and urlencoded bodies, more than once, and after body text was read', async () => {
    const app = new Fw();
    app.post('/form', async (ctx) => {
      const text = await ctx.bodyText();
      const form = await ctx.formData();
      const again = await ctx.formData();
      return { name: form.get('name'), same: form === again, textLength: text.length > 0 };
    });
    const multipart = new FormData();
    multipart.set('name', 'ann');
    expect((await call(app, '/form', { method: 'POST', body: multipart })).json).toEqual({ name: 'ann', same: true, textLength: true });
    expect((await call(app, '/form', { method: 'POST', body: new URLSearchParams({ name: 'bob' }) })).json).toEqual({
      name: 'bob',
      same: true,
      textLength: true,
    });
  });

  it('formData() then json() both work on one request', async () => {
    const app = new Fw();
    app.post('/both', async (ctx) => {
      const form = await ctx.formData();
      const text = await ctx.bodyText();
      return { a: form.get('a'), text };
    });
    expect((await call(app, '/both', { method: 'POST', body: new URLSearchParams({ a: '1' }) })).json).toEqual({ a: '1', text: 'a=1' });
  });

  it('formData() on a body that is not a form is a 400', async () => {
    const app = new Fw();
    app.post('/form', async (ctx) => (await ctx.formData()).get('x'));
    const res = await postJson(app, '/form', { x: 1 });
    expect([res.status, res.json.code]).toEqual([400, 'INVALID_BODY']);
  });
});

describe('response settings apply to every kind of return value', () => {
  const kinds: [string, () => unknown, number][] = [
    ['a string', () => 'text', 201],
    ['a plain object', () => ({ ok: true }), 201],
    ['an array', () => [1, 2], 201],
    ['a Response', () => new Response('made'), 201],
    ['null', () => null, 201],
    ['a Uint8Array', () => new Uint8Array([1, 2]), 201],
    ['a Blob', () => new Blob(['blob']), 201],
  ];

  it.each(kinds)('status, setHeader and setCookie apply to %s', async (_name, value, status) => {
    const app = new Fw();
    app.get('/', (ctx) => {
      ctx.status(status).setHeader('x-one', '1').setHeader('x-two', '2');
      ctx.setCookie('a', '1', { httpOnly: true });
      ctx.setCookie('b', 'two words', { maxAge: 60, sameSite: 'lax' });
      return value();
    });
    const res = await app.fetch(new Request('http://localhost/'));
    expect(res.status).toBe(status);
    expect(res.headers.get('x-one')).toBe('1');
    expect(res.headers.get('x-two')).toBe('2');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=two%20words; Max-Age=60; Path=/; SameSite=Lax']);
  });

  it('a header the returned Response sets itself wins over ctx.setHeader; its own status wins when not 200', async () => {
    const app = new Fw();
    app.get('/', (ctx) => {
      ctx.status(202).setHeader('x-a', 'ctx').setHeader('x-b', 'ctx');
      return new Response('r', { status: 404, headers: { 'x-a': 'response' } });
    });
    const res = await call(app, '/');
    expect([res.status, res.headers.get('x-a'), res.headers.get('x-b')]).toEqual([404, 'response', 'ctx']);
  });

  it('status, headers and cookies also apply to error responses', async () => {
    const app = new Fw();
    app.get('/', (ctx) => {
      ctx.setCookie('tried', '1');
      throw new Error('x');
    });
    const res = await call(app, '/');
    expect([res.status, res.headers.get('set-cookie')]).toEqual([500, 'tried=1; Path=/']);
  });

  it('setCookie with an invalid name is a clear error (500), not a malformed header', async () => {
    const app = new Fw({ development: true });
    app.get('/', (ctx) => ctx.setCookie('bad name', 'v'));
    const res = await call(app, '/');
    expect([res.status, res.json.error]).toEqual([500, 'setCookie("bad name"): the name must be an RFC 6265 token, got "bad name"']);
  });

  it('deleteCookie expires the cookie', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.deleteCookie('sid'));
    const res = await call(app, '/');
    expect(res.headers.get('set-cookie')).toBe('sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  });
});

describe('return values', () => {
  it('a Response passes through untouched', async () => {
    const app = new Fw();
    app.get('/', () => new Response('raw', { status: 207, headers: { 'content-type': 'x/y' } }));
    const res = await call(app, '/');
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([207, 'raw', 'x/y']);
  });

  it('a string becomes text/plain', async () => {
    const app = new Fw();
    app.get('/', () => 'hi');
    const res = await call(app, '/');
    expect([res.text, res.headers.get('content-type')]).toEqual(['hi', 'text/plain;charset=UTF-8']);
  });

  it('objects and arrays become JSON; async handlers too', async () => {
    const app = new Fw();
    app.get('/o', async () => ({ a: [1, { b: null }] })).get('/a', () => [1, 'two']);
    const o = await call(app, '/o');
    expect([o.json, o.headers.get('content-type')]).toEqual([{ a: [1, { b: null }] }, 'application/json; charset=utf-8']);
    expect((await call(app, '/a')).json).toEqual([1, 'two']);
  });

  it('null and undefined give 204 with no body', async () => {
    const app = new Fw();
    app
      .get('/n', () => null)
      .get('/u', () => undefined)
      .get('/async', async () => undefined);
    for (const path of ['/n', '/u', '/async']) {
      const res = await call(app, path);
      expect([res.status, res.text]).toEqual([204, '']);
    }
  });

  it('numbers and booleans are JSON values', async () => {
    const app = new Fw();
    app.get('/n', () => 42).get('/b', () => false);
    expect((await call(app, '/n')).json).toBe(42);
    expect((await call(app, '/b')).json).toBe(false);
  });

  it('binary values: Uint8Array, ArrayBuffer, Blob and ReadableStream', async () => {
    const app = new Fw();
    app.get('/u8', () => new Uint8Array([104, 105]));
    app.get('/ab', () => new Uint8Array([111, 107]).buffer);
    app.get('/blob', () => new Blob(['<b>'], { type: 'text/html' }));
    app.get(
      '/stream',
      () =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('streamed '));
            controller.enqueue(new TextEncoder().encode('body'));
            controller.close();
          },
        }),
    );
    const u8 = await call(app, '/u8');
    expect([u8.text, u8.headers.get('content-type')]).toEqual(['hi', 'application/octet-stream']);
    expect((await call(app, '/ab')).text).toBe('ok');
    const blob = await call(app, '/blob');
    expect([blob.text, blob.headers.get('content-type')]).toEqual(['<b>', 'text/html']);
    expect((await call(app, '/stream')).text).toBe('streamed body');
  });

  it('a value that cannot be serialized (cycle, BigInt) is a 500, not a crash', async () => {
    const app = new Fw();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    app
      .get('/cycle', () => cyclic)
      .get('/big', () => ({ n: 1n }))
      .get('/async-cycle', async () => cyclic);
    app.get('/hooked', async () => cyclic, { afterHandle: () => undefined });
    for (const path of ['/cycle', '/big', '/async-cycle', '/hooked']) expect((await call(app, path)).status).toBe(500);
  });
});

describe('response helpers', () => {
  it('jsonResponse(data, status?)', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.setHeader('x-h', '1').jsonResponse({ a: 1 }, 201));
    const res = await call(app, '/');
    expect([res.status, res.json, res.headers.get('content-type'), res.headers.get('x-h')]).toEqual([
      201,
      { a: 1 },
      'application/json; charset=utf-8',
      '1',
    ]);
  });

  it('html(html, status?)', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.html('<h1>x</h1>'));
    app.get('/e', (ctx) => ctx.html('<p>e</p>', 500));
    const res = await call(app, '/');
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([200, '<h1>x</h1>', 'text/html; charset=utf-8']);
    expect((await call(app, '/e')).status).toBe(500);
  });

  it('redirect(url, status?) answers 302 by default with Location and keeps cookies', async () => {
    const app = new Fw();
    app.get('/old', (ctx) => {
      ctx.setCookie('moved', 'yes');
      return ctx.redirect('/new');
    });
    app.get('/perm', (ctx) => ctx.redirect('https://example.org/x', 301));
    const res = await app.fetch(new Request('http://localhost/old'));
    expect([res.status, res.headers.get('location'), res.headers.get('set-cookie')]).toEqual([302, '/new', 'moved=yes; Path=/']);
    const perm = await app.fetch(new Request('http://localhost/perm'));
    expect([perm.status, perm.headers.get('location')]).toEqual([301, 'https://example.org/x']);
  });

  it('text(text, status?)', async () => {
    const app = new Fw();
    app.get('/', (ctx) => ctx.text('plain', 203));
    const res = await call(app, '/');
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([203, 'plain', 'text/plain;charset=UTF-8']);
  });
});

describe('platform arguments', () => {
  it('ctx.env and ctx.executionCtx hold what fetch() was given; waitUntil hands promises to the platform', async () => {
    const app = new Fw();
    const kept: Promise<unknown>[] = [];
    const executionCtx: ExecutionContext = { waitUntil: (p) => void kept.push(p) };
    app.get('/', (ctx) => {
      ctx.waitUntil(Promise.resolve('later'));
      return { env: ctx.env, hasCtx: ctx.executionCtx === executionCtx };
    });
    const res = await read(await app.fetch(new Request('http://localhost/'), { KEY: 'v' }, executionCtx));
    expect(res.json).toEqual({ env: { KEY: 'v' }, hasCtx: true });
    expect(kept).toHaveLength(1);
    await expect(kept[0]).resolves.toBe('later');
  });

  it('without platform arguments env and executionCtx are undefined and waitUntil swallows rejections', async () => {
    const app = new Fw();
    let settled = false;
    app.get('/', (ctx) => {
      ctx.waitUntil(
        Promise.reject(new Error('background failure')).finally(() => {
          settled = true;
        }),
      );
      return { env: ctx.env === undefined, executionCtx: ctx.executionCtx === undefined };
    });
    expect((await read(await app.handle(new Request('http://localhost/')))).json).toEqual({ env: true, executionCtx: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(true);
  });

  it('app.request(path, init) answers in process', async () => {
    const app = new Fw();
    app.post('/r', async (ctx) => ctx.body());
    const res = await read(await app.request('/r', { method: 'POST', body: '{"a":1}' }));
    expect(res.json).toEqual({ a: 1 });
  });
});
