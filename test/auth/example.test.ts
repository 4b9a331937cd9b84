/** examples/auth: Basic credentials buy a JWT that opens /api with an API key; /sso takes tokens of the JWKS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fw } from 'fw';
import { createApp } from '../../examples/auth/app';
import { hashPassword } from '../../src/basic-auth';
import { basic } from './helpers';
import { type JwksServer, type SigningKey, signingKey, startJwksServer, tokenFrom } from './jwks-server';

let server: JwksServer;
let key: SigningKey;
let app: Fw;

beforeAll(async () => {
  key = await signingKey('sso-1');
  server = await startJwksServer([key.jwk]);
  app = createApp({
    jwtSecret: 'example-secret-example-secret-example',
    users: [{ username: 'ann', passwordHash: await hashPassword('secret', { iterations: 1000 }) }],
    apiKeys: ['partner-key'],
    jwksUrl: server.url,
    issuer: 'https://auth.example/',
    appOrigin: 'https://app.example',
  });
});
afterAll(() => server.stop());

describe('examples/auth', () => {
  it('trades Basic credentials for a JWT that opens /api with the API key', async () => {
    expect((await app.request('/token', { method: 'POST', headers: { authorization: basic('ann', 'nope') } })).status).toBe(401);
    const { token } = await (await app.request('/token', { method: 'POST', headers: { authorization: basic('ann', 'secret') } })).json();
    const me = await app.request('/api/me', {
      headers: { authorization: `Bearer ${token}`, 'x-api-key': 'partner-key', origin: 'https://app.example' },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(await me.json()).toEqual({ user: 'ann', role: 'reader' });
    const noKey = await app.request('/api/me', { headers: { authorization: `Bearer ${token}`, origin: 'https://app.example' } });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('answers a preflight without credentials', async () => {
    const res = await app.request('/api/me', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-api-key',
      },
    });
    expect(res.status).toBe(204);
  });

  it('takes provider tokens on /sso', async () => {
    const token = await tokenFrom(key, { sub: 'sso-user', iss: 'https://auth.example/' });
    expect(await (await app.request('/sso/me', { headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
      user: 'sso-user',
      issuer: 'https://auth.example/',
    });
  });
});
