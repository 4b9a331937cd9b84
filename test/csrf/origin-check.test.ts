/**
 * csrf()'s Origin / Sec-Fetch-Site check, with the cases of Hono's src/middleware/csrf/index.test.ts. Differences:
 * the 403 is fw's JSON error (`code: 'CSRF_ORIGIN_DENIED'`) instead of the text "Forbidden", and an origin option
 * that is not an origin throws at startup.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { csrf, type CsrfOptions } from '../../src/csrf';

function app(options?: CsrfOptions): Fw {
  return new Fw({ logErrors: false })
    .use(csrf(options))
    .get('/form', () => 'form')
    .post('/form', () => 'posted');
}

const post = (headers: Record<string, string>, body: BodyInit = 'name=hono') => ({ method: 'POST', headers, body });
const form = 'application/x-www-form-urlencoded';

describe('csrf: default options', () => {
  it('lets GET, HEAD and OPTIONS through from anywhere', async () => {
    const a = app();
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const res = await a.request('http://localhost/form', { method, headers: { origin: 'https://evil.example' } });
      expect(res.status).not.toBe(403);
    }
  });

  it('accepts a form post from its own origin', async () => {
    const res = await app().request('http://localhost/form', post({ 'content-type': form, origin: 'http://localhost' }));
    expect(res.status).toBe(200);
  });

  it('refuses form posts of every form content type from another origin, in any case', async () => {
    for (const type of [form, 'multipart/form-data; boundary=x', 'text/plain', 'Application/x-www-form-urlencoded']) {
      const res = await app().request('http://localhost/form', post({ 'content-type': type, origin: 'https://evil.example' }));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'CSRF_ORIGIN_DENIED' });
    }
  });

  it('refuses a form post without Origin, and a post without content type (text/plain for browsers)', async () => {
    expect((await app().request('http://localhost/form', post({ 'content-type': form }))).status).toBe(403);
    expect((await app().request('http://localhost/form', { method: 'POST', headers: { origin: 'https://evil.example' } })).status).toBe(
      403,
    );
  });

  it('lets JSON through: a cross-origin JSON post needs a CORS preflight first', async () => {
    const res = await app().request(
      'http://localhost/form',
      post({ 'content-type': 'application/json', origin: 'https://evil.example' }, '{}'),
    );
    expect(res.status).toBe(200);
  });

  it('accepts Sec-Fetch-Site: same-origin whatever Origin says, and refuses cross-site', async () => {
    expect((await app().request('http://localhost/form', post({ 'content-type': form, 'sec-fetch-site': 'same-origin' }))).status).toBe(
      200,
    );
    const cross = post({ 'content-type': form, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect((await app().request('http://localhost/form', cross)).status).toBe(403);
  });
});

describe('csrf: origin option', () => {
  it('a string allows that origin only', async () => {
    const a = app({ origin: 'https://example.com' });
    expect((await a.request('http://localhost/form', post({ 'content-type': form, origin: 'https://example.com' }))).status).toBe(200);
    expect((await a.request('http://localhost/form', post({ 'content-type': form, origin: 'http://example.com' }))).status).toBe(403);
  });

  it('a list allows each listed origin', async () => {
    const a = app({ origin: ['https://example.com', 'https://hono.example.com'] });
    for (const origin of ['https://example.com', 'https://hono.example.com'])
      expect((await a.request('http://localhost/form', post({ 'content-type': form, origin }))).status).toBe(200);
    expect((await a.request('http://localhost/form', post({ 'content-type': form, origin: 'http://example.jp' }))).status).toBe(403);
  });

  it('a function (sync or async) decides', async () => {
    for (const origin of [
      (o: string) => /https:\/\/(\w+\.)?example\.com$/.test(o),
      async (o: string) => /https:\/\/(\w+\.)?example\.com$/.test(o),
    ]) {
      const a = app({ origin });
      for (const allowed of ['https://example.com', 'https://hono.example.com'])
        expect((await a.request('http://localhost/form', post({ 'content-type': form, origin: allowed }))).status).toBe(200);
      for (const refused of ['http://example.com', 'https://example.jp', 'https://honoexample.com'])
        expect((await a.request('http://localhost/form', post({ 'content-type': form, origin: refused }))).status).toBe(403);
    }
  });

  it('throws at startup for something that is not an origin, or null, with the fix', () => {
    expect(() => csrf({ origin: 'example.com' })).toThrow('is not an origin');
    expect(() => csrf({ origin: 'https://example.com/app' })).toThrow('did you mean "https://example.com"');
    expect(() => csrf({ origin: ['null'] })).toThrow('is not an origin');
    expect(() => csrf({ orign: 'https://example.com' } as CsrfOptions)).toThrow('did you mean "origin"');
  });
});

describe('csrf: secFetchSite option', () => {
  const site = (value: string) => post({ 'content-type': form, 'sec-fetch-site': value });

  it('a string allows that value; others and unknown values are refused', async () => {
    const a = app({ secFetchSite: 'same-site' });
    expect((await a.request('http://localhost/form', site('same-site'))).status).toBe(200);
    expect((await a.request('http://localhost/form', site('cross-site'))).status).toBe(403);
    expect((await a.request('http://localhost/form', site('weird'))).status).toBe(403);
  });

  it('a list allows each value', async () => {
    const a = app({ secFetchSite: ['same-origin', 'none'] });
    expect((await a.request('http://localhost/form', site('same-origin'))).status).toBe(200);
    expect((await a.request('http://localhost/form', site('none'))).status).toBe(200);
    expect((await a.request('http://localhost/form', site('cross-site'))).status).toBe(403);
  });

  it('a function (sync or async) decides, with the context (a path-based bypass)', async () => {
    for (const wrap of [<T>(v: T) => v, <T>(v: T) => Promise.resolve(v)]) {
      const a = new Fw({ logErrors: false })
        .use(csrf({ secFetchSite: (value, ctx) => wrap(value === 'same-origin' || ctx.path.startsWith('/webhook')) }))
        .post('/form', () => 'posted')
        .post('/webhook/in', () => 'hooked');
      expect((await a.request('http://localhost/form', site('same-origin'))).status).toBe(200);
      expect((await a.request('http://localhost/webhook/in', site('cross-site'))).status).toBe(200);
      expect((await a.request('http://localhost/form', site('cross-site'))).status).toBe(403);
    }
  });

  it('throws at startup for a value browsers never send', () => {
    expect(() => csrf({ secFetchSite: 'same-host' as 'same-site' })).toThrow('is not one of same-origin, same-site, none, cross-site');
  });
});
