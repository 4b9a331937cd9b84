/**
 * basicAuth, bearerAuth, jwt and jwk on every target (fw/node, fw/bun, workerd, Lambda): the same app, the same
 * answers. The JWKS is served by fw/node on 127.0.0.1 from this process.
 */
import { fileURLToPath } from 'node:url';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEveryTarget } from '../targets/every-target';
import { edKeys, jwtSecret } from './fixtures/auth-app';
import { basic } from './helpers';
import { type JwksServer, type SigningKey, signingKey, startJwksServer, tokenFrom } from './jwks-server';

const app = fileURLToPath(new URL('./fixtures/auth-app.ts', import.meta.url));

let server: JwksServer;
let key: SigningKey;
let rotated: SigningKey;

beforeAll(async () => {
  key = await signingKey('every-1');
  rotated = await signingKey('every-2');
  server = await startJwksServer([key.jwk]);
});
afterAll(() => server.stop());

const hs256 = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(jwtSecret));

describeEveryTarget('auth middleware', app, (client) => {
  it('basicAuth: 401 with the challenge, then the user with UTF-8 credentials', async () => {
    const refused = await client().fetch('/basic/me', { headers: { authorization: basic('ann', 'wrong') } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="targets", charset="UTF-8"');
    const garbage = await client().fetch('/basic/me', { headers: { authorization: 'Basic %%%' } });
    expect(garbage.status).toBe(401);
    const ok = await client().fetch('/basic/me', { headers: { authorization: basic('ann', 'pässword') } });
    expect(await ok.json()).toEqual({ user: 'ann' });
  });

  it('bearerAuth: 401 without a token, 400 malformed, 401 invalid_token, then the token', async () => {
    const none = await client().fetch('/bearer/me');
    expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
    expect((await client().fetch('/bearer/me', { headers: { authorization: 'Bearer a b' } })).status).toBe(400);
    const wrong = await client().fetch('/bearer/me', { headers: { authorization: 'Bearer token-c' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const ok = await client().fetch('/bearer/me', { headers: { authorization: 'Bearer token-b' } });
    expect(await ok.json()).toEqual({ token: 'token-b' });
  });

  it('jwt: header or cookie, issuer and expiry checked', async () => {
    const good = await hs256({ sub: 'u1', iss: 'https://issuer.example' });
    expect(await (await client().fetch('/jwt/me', { headers: { authorization: `Bearer ${good}` } })).json()).toEqual({ sub: 'u1' });
    expect(await (await client().fetch('/jwt/me', { headers: { cookie: `access_token=${good}` } })).json()).toEqual({ sub: 'u1' });
    const expired = await hs256({ sub: 'u1', iss: 'https://issuer.example', exp: 1 });
    const res = await client().fetch('/jwt/me', { headers: { authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('the token has expired');
    expect((await client().fetch('/jwt/me', { headers: { authorization: `Bearer ${await hs256({ sub: 'u1' })}` } })).status).toBe(401);
  });

  it('jwt: EdDSA with a public JWK (imported on first use)', async () => {
    const token = await new SignJWT({ sub: 'ed' }).setProtectedHeader({ alg: 'EdDSA' }).sign(await importJWK(edKeys.private, 'EdDSA'));
    expect(await (await client().fetch('/jwt-ed/me', { headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ sub: 'ed' });
    expect((await client().fetch('/jwt-ed/me', { headers: { authorization: `Bearer ${await hs256({ sub: 'ed' })}` } })).status).toBe(401);
  });

  it('jwk: keys from the JWKS, a rotated key, a failing key server as 503', async () => {
    server.keys = [key.jwk];
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-jwks-url': server.url });
    const ok = await client().fetch('/jwk/me', { headers: headers(await tokenFrom(key, { sub: 'k1' })) });
    expect(await ok.json()).toEqual({ sub: 'k1' });
    server.keys = [key.jwk, rotated.jwk];
    expect(await (await client().fetch('/jwk/me', { headers: headers(await tokenFrom(rotated, { sub: 'k2' })) })).json()).toEqual({
      sub: 'k2',
    });
    const forged = await signingKey('every-1');
    expect((await client().fetch('/jwk/me', { headers: headers(await tokenFrom(forged)) })).status).toBe(401);
    server.mode = 'error';
    try {
      const down = await client().fetch('/jwk/me', {
        headers: { authorization: `Bearer ${await tokenFrom(key)}`, 'x-jwks-url': `${server.url}?down` },
      });
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ code: 'JWKS_UNAVAILABLE' });
    } finally {
      server.mode = 'ok';
    }
  });
});
