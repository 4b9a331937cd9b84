import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { cache } from '../../src/cache';
import { cacheControlValue } from '../../src/cache/cache-control';

describe('cache() after-handler', () => {
  it('rejects negative or fractional seconds, bad Vary names, a bad scope and empty options', () => {
    expect(() => cache({ maxAge: -1 })).toThrow('maxAge must be a whole number');
    expect(() => cache({ sMaxAge: 1.5 })).toThrow('sMaxAge must be a whole number');
    expect(() => cache({ maxAge: 1, vary: ['Accept\r\nX-Evil: 1'] })).toThrow('invalid Vary header name');
    expect(() => cache({ maxAge: 1, scope: 'everyone' as never })).toThrow("scope must be 'public' or 'private'");
    expect(() => cache({})).toThrow('at least one directive');
  });

  it('renders every directive in a stable order', () => {
    expect(
      cacheControlValue({
        scope: 'public',
        maxAge: 60,
        sMaxAge: 300,
        staleWhileRevalidate: 30,
        staleIfError: 600,
        mustRevalidate: true,
        immutable: true,
      }),
    ).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=30, stale-if-error=600, must-revalidate, immutable');
    expect(cacheControlValue({ noStore: true })).toBe('no-store');
  });

  it("sets Cache-Control and Vary on successful GET and HEAD only, and keeps the handler's own unless told to override", async () => {
    const app = new Fw();
    app.onAfterHandle(cache({ scope: 'public', maxAge: 60, vary: ['Accept-Language'] }));
    app.get('/', () => 'hi');
    app.post('/', () => 'posted');
    app.get('/fail', (ctx) => ctx.status(503).text('down'));
    app.get('/own', (ctx) => ctx.setHeader('cache-control', 'no-store') && 'mine');
    app.get('/cookie', (ctx) => {
      ctx.setCookie('sid', 'secret');
      return 'with cookie';
    });
    const ok = await app.request('/');
    expect(ok.headers.get('cache-control')).toBe('public, max-age=60');
    expect(ok.headers.get('vary')).toBe('Accept-Language');
    expect((await app.request('/', { method: 'POST' })).headers.has('cache-control')).toBe(false);
    expect((await app.request('/fail')).headers.has('cache-control')).toBe(false);
    expect((await app.request('/own')).headers.get('cache-control')).toBe('no-store');
    expect((await app.request('/cookie')).headers.has('cache-control')).toBe(false);

    const forced = new Fw();
    forced.get('/own', (ctx) => ctx.setHeader('cache-control', 'no-store') && 'mine', {
      afterHandle: cache({ scope: 'private', maxAge: 5, override: true }),
    });
    expect((await forced.request('/own')).headers.get('cache-control')).toBe('private, max-age=5');
  });
});
