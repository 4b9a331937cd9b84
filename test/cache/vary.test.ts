/** cache({ vary }): the Vary names are kept whoever chose the caching, merged with the response's own Vary. */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { cache } from '../../src/cache';
import { appendVary } from '../../src/security';

function app(): Fw {
  const fw = new Fw();
  fw.onAfterHandle(cache({ scope: 'public', maxAge: 60, vary: ['Accept-Language', 'Accept-Encoding'] }));
  fw.get('/own', (ctx) => ctx.setHeader('cache-control', 'private, max-age=5') && 'mine');
  fw.get('/own-vary', (ctx) => ctx.setHeader('cache-control', 'no-cache').setHeader('vary', 'Cookie, accept-encoding') && 'mine');
  fw.get('/plain-vary', () => new Response('x', { headers: { vary: 'Origin' } }));
  fw.get('/star', () => new Response('x', { headers: { vary: '*' } }));
  fw.get('/cookie', (ctx) => {
    ctx.setCookie('sid', 'secret');
    return 'with cookie';
  });
  fw.get('/redirect', () => Response.redirect('https://elsewhere.example/', 302));
  fw.get('/fail', (ctx) => ctx.status(500).text('down'));
  return fw;
}

describe('cache({ vary })', () => {
  it('keeps its Vary when the handler set its own Cache-Control (which it leaves as it is)', async () => {
    const res = await app().request('/own');
    expect(res.headers.get('cache-control')).toBe('private, max-age=5');
    expect(res.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
  });

  it("merges with the response's Vary without repeating a name in another case", async () => {
    const fw = app();
    expect((await fw.request('/own-vary')).headers.get('vary')).toBe('Cookie, accept-encoding, Accept-Language');
    expect((await fw.request('/plain-vary')).headers.get('vary')).toBe('Origin, Accept-Language, Accept-Encoding');
  });

  it('leaves Vary: * alone (it already says every header matters)', async () => {
    expect((await app().request('/star')).headers.get('vary')).toBe('*');
  });

  it('keeps Vary on a response setting a cookie, which gets no shared Cache-Control', async () => {
    const res = await app().request('/cookie');
    expect(res.headers.has('cache-control')).toBe(false);
    expect(res.headers.get('vary')).toBe('Accept-Language, Accept-Encoding');
  });

  it('leaves errors and redirects alone', async () => {
    const fw = app();
    for (const path of ['/fail', '/redirect']) {
      const res = await fw.request(path);
      expect([res.headers.has('vary'), res.headers.has('cache-control')], path).toEqual([false, false]);
    }
  });
});

describe('appendVary (cases of @fastify/cors test/vary.test.js)', () => {
  const merged = (current: string | null, token: string) => {
    const headers = new Headers(current === null ? {} : { vary: current });
    appendVary(headers, token);
    return headers.get('vary');
  };

  it('sets the name when there is no Vary, or an empty one', () => {
    expect(merged(null, 'Origin')).toBe('Origin');
    expect(merged('', 'Accept-Encoding')).toBe('Accept-Encoding');
  });

  it('appends to the existing value as written, whatever its spacing and commas', () => {
    expect(merged('Access-Control-Request-Headers', 'Origin')).toBe('Access-Control-Request-Headers, Origin');
    expect(merged(' Access-Control-Request-Headers ,Access-Control-Request-Method', 'Origin')).toBe(
      'Access-Control-Request-Headers ,Access-Control-Request-Method, Origin',
    );
  });

  it('does not repeat a name, in any case, nor add to a list holding *', () => {
    expect(merged('Accept-Encoding, X-Foo', 'x-foo')).toBe('Accept-Encoding, X-Foo');
    // @fastify/cors rewrites 'Accept,*' to '*'; fw leaves it, which means the same.
    expect(merged('Accept,*', 'Origin')).toBe('Accept,*');
    expect(merged('*', 'Origin')).toBe('*');
  });

  it('* replaces the list', () => {
    expect(merged('Origin', '*')).toBe('*');
  });
});
