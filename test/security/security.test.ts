import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { generateNonce, nonceMiddleware, renderCSP, security, securityHeaders } from '../../src/security';

describe('securityHeaders', () => {
  it('adds the default headers to every kind of response, 404s included', async () => {
    const app = new Fw();
    app.use(securityHeaders());
    app.get('/', () => ({ ok: true }));
    app.get('/passthrough', () => fetchLikeResponse());
    for (const path of ['/', '/missing', '/passthrough']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets each header be overridden or turned off, and keeps headers the handler set', async () => {
    const app = new Fw();
    app.use(
      securityHeaders({
        contentSecurityPolicy: { 'default-src': ["'none'"] },
        strictTransportSecurity: { maxAge: 60, includeSubDomains: false, preload: true },
        xFrameOptions: false,
        referrerPolicy: 'strict-origin',
        permissionsPolicy: { camera: ['self'] },
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: 'cross-origin',
      }),
    );
    app.get('/', (ctx) => ctx.setHeader('x-powered-by', 'me').setHeader('referrer-policy', 'origin') && 'hi');
    const res = await app.request('/');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=60; preload');
    expect(res.headers.has('x-frame-options')).toBe(false);
    expect(res.headers.get('referrer-policy')).toBe('origin');
    expect(res.headers.get('permissions-policy')).toBe('camera=(self)');
    expect(res.headers.has('cross-origin-opener-policy')).toBe(false);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.has('x-powered-by')).toBe(false);
  });

  it('rejects CSP directives that would inject header syntax', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { 'script-src': ["'self'; script-src *"] } })).toThrow('Invalid CSP source');
    expect(() => renderCSP({ 'bad name': ["'self'"] })).toThrow('Invalid CSP directive name');
  });

  it('puts a fresh nonce on ctx and in script-src and style-src', async () => {
    const app = new Fw();
    await app.plugin(security({ nonce: true }));
    app.get('/', (ctx) => ctx.html(`<script nonce="${(ctx as typeof ctx & { nonce: string }).nonce}"></script>`));
    const a = await app.request('/');
    const b = await app.request('/');
    const nonce = (await a.text()).match(/nonce="([^"]+)"/)![1];
    expect(a.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(a.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(b.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('generates 128-bit base64 nonces, and nonceMiddleware works alone', async () => {
    expect(atob(generateNonce())).toHaveLength(16);
    expect(generateNonce()).not.toBe(generateNonce());
    const app = new Fw();
    app.use(nonceMiddleware());
    app.get('/', (ctx) => (ctx as typeof ctx & { nonce: string }).nonce);
    expect(await (await app.request('/')).text()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

function fetchLikeResponse(): Response {
  return Response.redirect('http://localhost/elsewhere', 302);
}
