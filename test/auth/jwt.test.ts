/**
 * jwt: cases ported from Hono's jwt middleware tests and @fastify/jwt's verification tests, in our words.
 * Deliberate differences (see src/jwt/README.md): no default realm (Hono uses the request URL); another scheme
 * counts as no credentials (401, bare challenge) and a malformed Bearer header is 400 invalid_request (RFC 6750);
 * signed cookies are not read.
 */
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { jwt } from '../../src/jwt';
import { guarded } from './helpers';

const secret = 'a-secret-that-is-long-enough-for-hs256';
const now = () => Math.floor(Date.now() / 1000);

function sign(claims: Record<string, unknown>, key: Uint8Array | CryptoKey = new TextEncoder().encode(secret), alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(key);
}

const get = (app: Fw, headers: Record<string, string> = {}) => app.request('/auth/who', { headers });

describe('jwt: token in the Authorization header', () => {
  const app = guarded(jwt({ secret, alg: 'HS256' }));

  it('refuses a request without a token: 401 with a bare Bearer challenge', async () => {
    const res = await get(app);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('lets a valid token in and puts its claims on ctx.jwtPayload', async () => {
    const res = await get(app, { authorization: `Bearer ${await sign({ message: 'hello world' })}` });
    expect(res.status).toBe(200);
    expect((await res.json()).claims).toEqual({ message: 'hello world' });
  });

  it('reads the scheme case-insensitively', async () => {
    const token = await sign({ sub: 'x' });
    for (const scheme of ['bearer', 'BeArEr']) expect((await get(app, { authorization: `${scheme} ${token}` })).status).toBe(200);
  });

  it('treats another scheme as no credentials', async () => {
    const res = await get(app, { authorization: `Basic ${await sign({})}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers a malformed Bearer header 400 invalid_request', async () => {
    for (const authorization of ['Bearer', 'Bearer a b', 'Bearer a"b']) {
      const res = await get(app, { authorization });
      expect(res.status, authorization).toBe(400);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_request"');
    }
  });

  it('answers a token that does not verify 401 invalid_token, never 500', async () => {
    const other = await sign({}, new TextEncoder().encode('another-secret-another-secret-xx'));
    for (const token of ['invalid-token', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.', other, `${await sign({})}x`]) {
      const res = await get(app, { authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="/);
      expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    }
  });

  it('stacks on nested paths', async () => {
    const nested = new Fw({ logErrors: false });
    nested.use('/auth', jwt({ secret, alg: 'HS256' }));
    nested.use('/auth/inner', jwt({ secret, alg: 'HS256', headerName: 'x-inner' }));
    nested.get('/auth/inner/x', (ctx) => ctx.jwtPayload);
    const token = await sign({ n: 1 });
    expect(
      (await nested.request('/auth/inner/x', { headers: { authorization: `Bearer ${token}`, 'x-inner': `Bearer ${token}` } })).status,
    ).toBe(200);
    expect((await nested.request('/auth/inner/x', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});

describe('jwt: custom header and cookie', () => {
  it('reads only the configured header', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', headerName: 'x-auth' }));
    const token = await sign({ a: 1 });
    expect((await get(app, { 'x-auth': `Bearer ${token}` })).status).toBe(200);
    expect((await get(app, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('reads the cookie when the header is absent', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', cookie: 'access_token' }));
    const res = await get(app, { cookie: `other=1; access_token=${await sign({ message: 'ユニコード' })}` });
    expect(res.status).toBe(200);
    expect((await res.json()).claims).toEqual({ message: 'ユニコード' });
    expect((await get(app, { cookie: 'access_token=nope' })).status).toBe(401);
    expect((await get(app, { cookie: 'something=else' })).status).toBe(401);
  });

  it('prefers the header to the cookie', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', cookie: 'access_token' }));
    const res = await get(app, { authorization: 'Bearer bad-token', cookie: `access_token=${await sign({})}` });
    expect(res.status).toBe(401);
  });
});

describe('jwt: algorithms', () => {
  it('refuses a token signed with another algorithm than configured (algorithm confusion)', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256' }));
    expect((await get(app, { authorization: `Bearer ${await sign({}, undefined, 'HS512')}` })).status).toBe(401);
    const unsecured = new UnsecuredJWT({ admin: true }).encode();
    expect((await get(app, { authorization: `Bearer ${unsecured}` })).status).toBe(401);
  });

  it('verifies RS256 with a PEM public key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const app = guarded(jwt({ key: await exportSPKI(publicKey), alg: 'RS256' }));
    expect((await get(app, { authorization: `Bearer ${await sign({ r: 1 }, privateKey, 'RS256')}` })).status).toBe(200);
    expect((await get(app, { authorization: `Bearer ${await sign({ r: 1 })}` })).status).toBe(401);
  });

  it('verifies ES256 with a public JWK and PS256 with a CryptoKey', async () => {
    const es = await generateKeyPair('ES256', { extractable: true });
    const esApp = guarded(jwt({ key: await exportJWK(es.publicKey), alg: 'ES256' }));
    expect((await get(esApp, { authorization: `Bearer ${await sign({}, es.privateKey, 'ES256')}` })).status).toBe(200);
    const ps = await generateKeyPair('PS256');
    const psApp = guarded(jwt({ key: ps.publicKey, alg: 'PS256' }));
    expect((await get(psApp, { authorization: `Bearer ${await sign({}, ps.privateKey, 'PS256')}` })).status).toBe(200);
  });

  it('verifies EdDSA (Ed25519)', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { extractable: true });
    const app = guarded(jwt({ key: await exportJWK(publicKey), alg: 'EdDSA' }));
    expect((await get(app, { authorization: `Bearer ${await sign({ e: 1 }, privateKey, 'EdDSA')}` })).status).toBe(200);
  });

  it('takes a list of algorithms of one family', async () => {
    const app = guarded(jwt({ secret, alg: ['HS256', 'HS512'] }));
    expect((await get(app, { authorization: `Bearer ${await sign({}, undefined, 'HS512')}` })).status).toBe(200);
    expect((await get(app, { authorization: `Bearer ${await sign({}, undefined, 'HS384')}` })).status).toBe(401);
  });
});

describe('jwt: claim checks', () => {
  const bearer = async (claims: Record<string, unknown>) => ({ authorization: `Bearer ${await sign(claims)}` });

  it('refuses an expired token and a token not yet valid, naming why', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256' }));
    const expired = await get(app, await bearer({ exp: now() - 10 }));
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error_description="the token has expired"');
    const early = await get(app, await bearer({ nbf: now() + 60 }));
    expect(early.status).toBe(401);
    expect(early.headers.get('www-authenticate')).toContain('the nbf claim check failed');
    expect((await get(app, await bearer({ exp: now() + 60, nbf: now() - 1 }))).status).toBe(200);
  });

  it('allows clock skew with clockTolerance', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', clockTolerance: 30 }));
    expect((await get(app, await bearer({ exp: now() - 10 }))).status).toBe(200);
    expect((await get(app, await bearer({ nbf: now() + 10 }))).status).toBe(200);
    expect((await get(app, await bearer({ exp: now() - 60 }))).status).toBe(401);
  });

  it('checks iss, aud and sub', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', issuer: ['https://a.example', 'https://b.example'], audience: 'api', subject: 'u1' }));
    expect((await get(app, await bearer({ iss: 'https://b.example', aud: ['web', 'api'], sub: 'u1' }))).status).toBe(200);
    expect((await get(app, await bearer({ iss: 'https://c.example', aud: 'api', sub: 'u1' }))).status).toBe(401);
    expect((await get(app, await bearer({ iss: 'https://a.example', aud: 'web', sub: 'u1' }))).status).toBe(401);
    expect((await get(app, await bearer({ iss: 'https://a.example', aud: 'api', sub: 'u2' }))).status).toBe(401);
    expect((await get(app, await bearer({ aud: 'api', sub: 'u1' }))).status).toBe(401);
  });

  it('checks the age and the required claims', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', maxTokenAge: 60, requiredClaims: ['exp'] }));
    expect((await get(app, await bearer({ iat: now(), exp: now() + 60 }))).status).toBe(200);
    expect((await get(app, await bearer({ iat: now() - 120, exp: now() + 60 }))).status).toBe(401);
    expect((await get(app, await bearer({ iat: now() }))).status).toBe(401);
    expect((await get(app, await bearer({ iat: now() + 600, exp: now() + 900 }))).status).toBe(401);
  });

  it('accepts a token without exp unless exp is required', async () => {
    expect((await get(guarded(jwt({ secret, alg: 'HS256' })), await bearer({ a: 1 }))).status).toBe(200);
  });
});

describe('jwt: realm and options', () => {
  it('puts the configured realm, escaped, in its challenges', async () => {
    const app = guarded(jwt({ secret, alg: 'HS256', realm: 'my "realm"' }));
    expect((await get(app)).headers.get('www-authenticate')).toBe('Bearer realm="my \\"realm\\""');
    expect((await get(app, { authorization: 'Bearer x.y.z' })).headers.get('www-authenticate')).toMatch(
      /^Bearer realm="my \\"realm\\"", error="invalid_token"/,
    );
  });

  it('refuses bad options at startup with a message', async () => {
    const es = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = await exportJWK(es.privateKey);
    expect(() => jwt({ secret } as never)).toThrow(/`alg` is required/);
    expect(() => jwt({ secret, alg: 'none' as never })).toThrow(/refused algorithm "none"/);
    expect(() => jwt({ secret, alg: ['HS256', 'RS256'] })).toThrow(/mixes HS\*/);
    expect(() => jwt({ secret, alg: 'RS256' })).toThrow(/public `key`, not `secret`/);
    expect(() => jwt({ key: es.publicKey, alg: 'HS256' })).toThrow(/`secret`, not `key`/);
    expect(() => jwt({ secret: '', alg: 'HS256' })).toThrow(/non-empty/);
    expect(() => jwt({ key: privateJwk, alg: 'ES256' })).toThrow(/public JWK/);
    expect(() => jwt({ key: 'not a pem', alg: 'RS256' })).toThrow(/SPKI PEM/);
    expect(() => jwt({ secret, alg: 'HS256', clockTolerance: -1 })).toThrow(/clockTolerance/);
    expect(() => jwt({ secret, alg: 'HS256', issuer: '' })).toThrow(/issuer/);
    expect(() => jwt({ secret, alg: 'HS256', audiance: 'x' } as never)).toThrow(/did you mean "audience"/);
  });
});
