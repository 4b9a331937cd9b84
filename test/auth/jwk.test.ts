/**
 * jwk: keys from a JWKS served by fw/node on 127.0.0.1. Ported cases of Hono's jwk middleware tests (static keys,
 * jwks URL, URL from the context, anonymous access, cookie, refusals) plus caching, rotation and a failing key
 * server. Deliberate differences (see src/jwk/README.md): a key server that cannot be reached gives 503
 * JWKS_UNAVAILABLE where Hono's rethrows (a 500); option names are camelCase (`jwksUrl`, `allowAnonymous`).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { jwk } from '../../src/jwk';
import { guarded } from './helpers';
import { type JwksServer, type SigningKey, signingKey, startJwksServer, tokenFrom } from './jwks-server';

let server: JwksServer;
let first: SigningKey;
let second: SigningKey;

beforeAll(async () => {
  first = await signingKey('key-1');
  second = await signingKey('key-2');
  server = await startJwksServer([first.jwk]);
});
afterAll(() => server.stop());

const get = (app: Fw, headers: Record<string, string> = {}) => app.request('/auth/who', { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('jwk: keys from a JWKS URL', () => {
  it('verifies a token against the fetched set and puts the claims on the context', async () => {
    server.keys = [first.jwk];
    const app = guarded(jwk({ jwksUrl: server.url, alg: 'ES256' }));
    const res = await get(app, bearer(await tokenFrom(first, { sub: 'user-1', name: 'ユーザー' })));
    expect(res.status).toBe(200);
    expect((await res.json()).claims).toEqual({ sub: 'user-1', name: 'ユーザー' });
  });

  it('fetches the set once for many requests (cache)', async () => {
    server.keys = [first.jwk];
    const before = server.fetches;
    const app = guarded(jwk({ jwksUrl: server.url, alg: 'ES256' }));
    const token = await tokenFrom(first);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(app, bearer(token))));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(server.fetches - before).toBe(1);
  });

  it('fetches again for an unknown kid (rotation), at most once per cooldown', async () => {
    server.keys = [first.jwk];
    const app = guarded(jwk({ jwksUrl: server.url, alg: 'ES256', cooldown: 0 }));
    const before = server.fetches;
    expect((await get(app, bearer(await tokenFrom(first)))).status).toBe(200);
    server.keys = [first.jwk, second.jwk];
    expect((await get(app, bearer(await tokenFrom(second)))).status).toBe(200);
    expect(server.fetches - before).toBe(2);

    const limited = guarded(jwk({ jwksUrl: server.url, alg: 'ES256', cooldown: 60_000 }));
    server.keys = [first.jwk];
    const start = server.fetches;
    expect((await get(limited, bearer(await tokenFrom(first)))).status).toBe(200);
    server.keys = [first.jwk, second.jwk];
    const unknown = await get(limited, bearer(await tokenFrom(second)));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('no key matches the token');
    const forged = await signingKey('forged');
    for (let i = 0; i < 5; i++) expect((await get(limited, bearer(await tokenFrom(forged)))).status).toBe(401);
    expect(server.fetches - start).toBe(1);
  });

  it('refuses a token signed by a key outside the set, or with a refused algorithm', async () => {
    server.keys = [first.jwk];
    const app = guarded(jwk({ jwksUrl: server.url, alg: 'ES256' }));
    const impostor = await signingKey('key-1');
    expect((await get(app, bearer(await tokenFrom(impostor)))).status).toBe(401);
    expect((await get(app, bearer('not.a.token'))).status).toBe(401);
    const rs = await signingKey('key-rs', 'RS256');
    server.keys = [first.jwk, rs.jwk];
    const esOnly = guarded(jwk({ jwksUrl: server.url, alg: 'ES256' }));
    expect((await get(esOnly, bearer(await tokenFrom(rs, {}, 'RS256')))).status).toBe(401);
  });

  it('answers 503 JWKS_UNAVAILABLE, never 401 or 500, when the key server fails', async () => {
    const token = await tokenFrom(first);
    for (const mode of ['error', 'missing', 'garbage', 'no-keys'] as const) {
      server.mode = mode;
      const res = await get(guarded(jwk({ jwksUrl: server.url, alg: 'ES256' })), bearer(token));
      expect(res.status, mode).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'JWKS_UNAVAILABLE' });
      expect(res.headers.get('retry-after')).toBe('5');
    }
    server.mode = 'hang';
    expect((await get(guarded(jwk({ jwksUrl: server.url, alg: 'ES256', timeout: 200 })), bearer(token))).status).toBe(503);
    server.mode = 'ok';
    const closed = await startJwksServer([]);
    await closed.stop();
    expect((await get(guarded(jwk({ jwksUrl: closed.url, alg: 'ES256' })), bearer(token))).status).toBe(503);
  });

  it('takes the URL from the request (a binding of ctx.env)', async () => {
    server.keys = [first.jwk];
    const app = new Fw({ logErrors: false });
    app.use('/auth', jwk({ jwksUrl: (ctx) => ctx.header('x-jwks') ?? 'http://127.0.0.1:9/none', alg: 'ES256' }));
    app.get('/auth/who', (ctx) => ctx.jwtPayload);
    const res = await app.request('/auth/who', { headers: { ...bearer(await tokenFrom(first)), 'x-jwks': server.url } });
    expect(res.status).toBe(200);
  });
});

describe('jwk: static keys, anonymous access, cookie, options', () => {
  it('verifies against keys given in the options, then the URL', async () => {
    const app = guarded(jwk({ keys: [second.jwk], alg: 'ES256' }));
    expect((await get(app, bearer(await tokenFrom(second)))).status).toBe(200);
    expect((await get(app, bearer(await tokenFrom(first)))).status).toBe(401);
    server.keys = [first.jwk];
    const both = guarded(jwk({ keys: [second.jwk], jwksUrl: server.url, alg: 'ES256' }));
    expect((await get(both, bearer(await tokenFrom(first)))).status).toBe(200);
    expect((await get(both, bearer(await tokenFrom(second)))).status).toBe(200);
  });

  it('refuses a request without a token unless allowAnonymous; a sent token must still verify', async () => {
    expect((await get(guarded(jwk({ keys: [first.jwk], alg: 'ES256' })))).status).toBe(401);
    const open = guarded(jwk({ keys: [first.jwk], alg: 'ES256', allowAnonymous: true }));
    const anonymous = await get(open);
    expect(anonymous.status).toBe(200);
    expect((await anonymous.json()).claims).toBe(null);
    expect((await get(open, bearer('bad.token.here'))).status).toBe(401);
  });

  it('picks the one fitting key for a token without kid, refuses it when several fit', async () => {
    const noKid = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).sign(first.privateKey);
    expect((await get(guarded(jwk({ keys: [first.jwk], alg: 'ES256' })), bearer(noKid))).status).toBe(200);
    expect((await get(guarded(jwk({ keys: [first.jwk, second.jwk], alg: 'ES256' })), bearer(noKid))).status).toBe(401);
  });

  it('stacks on nested paths', async () => {
    const nested = new Fw({ logErrors: false });
    nested.use('/auth', jwk({ keys: [first.jwk], alg: 'ES256' }));
    nested.use('/auth/inner', jwk({ keys: [second.jwk], alg: 'ES256', headerName: 'x-inner' }));
    nested.get('/auth/inner/x', () => 'ok');
    const headers = { ...bearer(await tokenFrom(first)), 'x-inner': `Bearer ${await tokenFrom(second)}` };
    expect((await nested.request('/auth/inner/x', { headers })).status).toBe(200);
    expect((await nested.request('/auth/inner/x', { headers: bearer(await tokenFrom(first)) })).status).toBe(401);
  });

  it('reads the token from a cookie', async () => {
    const app = guarded(jwk({ keys: [first.jwk], alg: 'ES256', cookie: 'access_token' }));
    expect((await get(app, { cookie: `access_token=${await tokenFrom(first)}` })).status).toBe(200);
  });

  it('checks the claims as jwt() does', async () => {
    const app = guarded(jwk({ keys: [first.jwk], alg: 'ES256', issuer: 'https://issuer.example', audience: 'api' }));
    expect((await get(app, bearer(await tokenFrom(first, { iss: 'https://issuer.example', aud: 'api' })))).status).toBe(200);
    expect((await get(app, bearer(await tokenFrom(first, { iss: 'https://other.example', aud: 'api' })))).status).toBe(401);
    expect((await get(app, bearer(await tokenFrom(first, { iss: 'https://issuer.example', aud: 'api', exp: 1 })))).status).toBe(401);
  });

  it('refuses bad options at startup with a message', () => {
    expect(() => jwk({ alg: 'ES256' })).toThrow(/give `jwksUrl`/);
    expect(() => jwk({ jwksUrl: server.url } as never)).toThrow(/`alg` is required/);
    expect(() => jwk({ jwksUrl: server.url, alg: 'HS256' as never })).toThrow(/refused algorithm "HS256"/);
    expect(() => jwk({ jwksUrl: 'not a url', alg: 'ES256' })).toThrow(/absolute http\(s\) URL/);
    expect(() => jwk({ jwksUrl: 'ftp://x/jwks', alg: 'ES256' })).toThrow(/http or https/);
    expect(() => jwk({ keys: [{ kty: 'oct', k: 'abc' }], alg: 'ES256' })).toThrow(/public keys only/);
    expect(() => jwk({ jwksUrl: server.url, alg: 'ES256', cooldown: -1 })).toThrow(/cooldown/);
    expect(() => jwk({ jwks_uri: server.url, alg: 'ES256' } as never)).toThrow(/unknown option "jwks_uri"/);
  });
});
