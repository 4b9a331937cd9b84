/**
 * security({ nonce: true }) puts the nonce in the header whatever the policy names, and permissionsPolicy writes a
 * structured-field dictionary browsers parse. Nonce cases ported from @fastify/helmet (test/global.test.js), in
 * fw's words; deliberate differences are commented.
 */
import { describe, expect, it } from 'vitest';
import { Fw, type Context } from 'fw';
import { type CSPDirectives, renderCSP, security, securityHeaders } from '../../src/security';

/** An app whose page echoes its nonce, so the test can compare it with the header. */
async function app(contentSecurityPolicy?: CSPDirectives): Promise<Fw> {
  const fw = new Fw({ logErrors: false });
  await fw.plugin(security({ nonce: true, ...(contentSecurityPolicy ? { contentSecurityPolicy } : {}) }));
  fw.get('/', (ctx: Context) => (ctx as Context & { nonce: string }).nonce);
  fw.get('/boom', () => {
    throw new Error('boom');
  });
  return fw;
}

async function policy(fw: Fw, path = '/'): Promise<{ csp: string; nonce: string }> {
  const res = await fw.request(path);
  return { csp: res.headers.get('content-security-policy') ?? '', nonce: await res.text() };
}

describe('security({ nonce: true })', () => {
  it('derives script-src and style-src from a policy that names only default-src, keeping what default-src allows', async () => {
    const { csp, nonce } = await policy(await app({ 'default-src': ["'self'"] }));
    // @fastify/helmet writes `script-src 'nonce-…'` here, which newly blocks same-origin scripts; fw keeps 'self'.
    expect(csp).toBe(`default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`);
  });

  it("drops 'none' from a derived list that now holds the nonce", () => {
    expect(renderCSP({ 'default-src': ["'none'"] }, 'N')).toBe("default-src 'none'; script-src 'nonce-N'; style-src 'nonce-N'");
  });

  it('adds the nonce to script-src and style-src when the policy names them (helmet "merging options")', async () => {
    const { csp, nonce } = await policy(await app({ 'default-src': ["'self'"], 'script-src': ["'self'"], 'style-src': ["'self'"] }));
    expect(csp).toBe(`default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'nonce-${nonce}'`);
  });

  it("keeps the options' own lists (helmet \"correct options property\"); 'unsafe-inline' leaves script-src only", async () => {
    const { csp, nonce } = await policy(
      await app({ 'script-src': ["'self'", "'unsafe-eval'", "'unsafe-inline'"], 'style-src': ["'self'", "'unsafe-inline'"] }),
    );
    // Helmet keeps 'unsafe-inline' in script-src; browsers ignore it once a nonce is there, fw leaves it out.
    expect(csp).toBe(`script-src 'self' 'unsafe-eval' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline' 'nonce-${nonce}'`);
  });

  it('adds it to script-src-elem and style-src-elem when named, and adds no script-src to a policy without default-src', () => {
    expect(renderCSP({ 'img-src': ["'self'"], 'script-src-elem': ["'self'"] }, 'N')).toBe(
      "img-src 'self'; script-src-elem 'self' 'nonce-N'",
    );
  });

  it('does not stack nonces: each request has its own, and the options object is left unchanged', async () => {
    const directives: CSPDirectives = { 'default-src': ["'self'"], 'script-src': ["'self'"] };
    const fw = await app(directives);
    const first = await policy(fw);
    const second = await policy(fw);
    expect(first.nonce).not.toBe(second.nonce);
    expect(second.csp).toBe(`default-src 'self'; script-src 'self' 'nonce-${second.nonce}'; style-src 'self' 'nonce-${second.nonce}'`);
    expect(directives).toEqual({ 'default-src': ["'self'"], 'script-src': ["'self'"] });
  });

  it('puts the nonce on error answers too (helmet "error messages")', async () => {
    const res = await (await app({ 'default-src': ["'self'"] })).request('/boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
  });

  it('refuses at startup a policy that cannot carry the nonce (a string, or none at all)', () => {
    expect(() => security({ nonce: true, contentSecurityPolicy: "default-src 'self'" })).toThrow(
      'security: nonce: true needs contentSecurityPolicy as directives',
    );
    expect(() => security({ nonce: true, contentSecurityPolicy: false })).toThrow(/there is no policy to add it to/);
  });
});

describe('permissionsPolicy', () => {
  const header = async (permissionsPolicy: Record<string, string[]>) => {
    const fw = new Fw();
    fw.use(securityHeaders({ permissionsPolicy }));
    fw.get('/', () => 'x');
    return (await fw.request('/')).headers.get('permissions-policy');
  };

  it('writes origins as structured-field strings and keywords as tokens', async () => {
    expect(await header({ camera: ['self', 'https://a.example'] })).toBe('camera=(self "https://a.example")');
    expect(
      await header({ geolocation: ["'self'", 'https://Maps.Example:8443/', '"https://b.example"'], fullscreen: ['*'], payment: [] }),
    ).toBe('geolocation=(self "https://maps.example:8443" "https://b.example"), fullscreen=(*), payment=()');
    expect(await header({ autoplay: ['src'] })).toBe('autoplay=(src)');
  });

  it.each([
    [{ camera: ['https://a.example/path'] }, /"https:\/\/a.example\/path" is not self, src, \* or an origin/],
    [{ camera: ['a.example'] }, /is not self, src, \* or an origin/],
    [{ camera: ['"https://a.example" self'] }, /is not self/],
    [{ camera: ["'none'"] }, /an empty list \[\] allows no one/],
    [{ Camera: ['self'] }, /feature "Camera" is not a feature name/],
    [{ 'camera=(*), x': [] }, /is not a feature name/],
    [{ camera: 'self' as unknown as string[] }, /must be a list/],
  ])('refuses %j at startup', (permissionsPolicy, message) => {
    expect(() => securityHeaders({ permissionsPolicy })).toThrow(message);
  });
});
