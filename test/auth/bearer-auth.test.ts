/**
 * bearerAuth: cases ported from Hono's bearer-auth tests and @fastify/bearer-auth's, in our words. Deliberate
 * differences (see src/bearer-auth/README.md): the challenge carries a realm only when one is configured; the body is
 * fw's JSON error (custom messages go through `onError`); the scheme is case-insensitive (Fastify's default is not).
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { Fw as CoreFw } from 'fw/core';
import { bearerAuth } from '../../src/bearer-auth';
import { guarded } from './helpers';

const who = (app: Fw, authorization?: string, header = 'authorization') =>
  app.request('/auth/who', { headers: authorization === undefined ? {} : { [header]: authorization } });

describe('bearerAuth', () => {
  const app = guarded(bearerAuth({ token: 'abcdefg12345-._~+/=' }));

  it('lets the right token in and puts it on the context', async () => {
    const res = await who(app, 'Bearer abcdefg12345-._~+/=');
    expect(res.status).toBe(200);
    expect((await res.json()).token).toBe('abcdefg12345-._~+/=');
  });

  it('answers no credentials 401 with a bare Bearer challenge', async () => {
    const res = await who(app);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a malformed header 400 invalid_request (RFC 6750 3.1)', async () => {
    for (const header of ['Bearer', 'Bearer ', 'Bearer abc def', 'Bearer ab"c', 'Bearer =abc']) {
      const res = await who(app, header);
      expect(res.status, header).toBe(400);
      expect(res.headers.get('www-authenticate'), header).toMatch(/^Bearer error="invalid_request"/);
    }
  });

  it('answers another scheme as no credentials: 401, bare challenge (RFC 6750 3)', async () => {
    for (const header of ['Basic abcdefg12345', 'Bearerabcdefg', 'Token abc']) {
      const res = await who(app, header);
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate'), header).toBe('Bearer');
    }
  });

  it('answers a wrong token 401 invalid_token', async () => {
    const res = await who(app, 'Bearer invalid-token');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="the token is not valid"');
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('compares tokens case-sensitively, schemes case-insensitively', async () => {
    expect((await who(app, 'Bearer ABCDEFG12345-._~+/=')).status).toBe(401);
    expect((await who(app, 'bearer abcdefg12345-._~+/=')).status).toBe(200);
    expect((await who(app, 'BEARER abcdefg12345-._~+/=')).status).toBe(200);
  });

  it('includes the realm, escaped, in every challenge when configured', async () => {
    const realm = guarded(bearerAuth({ token: 't', realm: 'api "v1"' }));
    expect((await who(realm)).headers.get('www-authenticate')).toBe('Bearer realm="api \\"v1\\""');
    expect((await who(realm, 'Bearer x')).headers.get('www-authenticate')).toMatch(/^Bearer realm="api \\"v1\\"", error="invalid_token"/);
  });

  it('takes a custom prefix, and none at all', async () => {
    const custom = guarded(bearerAuth({ token: 'abc', prefix: 'Token' }));
    expect((await who(custom, 'Token abc')).status).toBe(200);
    expect((await who(custom, 'Bearer abc')).status).toBe(401);
    expect((await who(custom)).headers.get('www-authenticate')).toBe('Token');
    const none = guarded(bearerAuth({ token: 'abc', prefix: '' }));
    expect((await who(none, 'abc')).status).toBe(200);
    expect((await who(none, 'Bearer abc')).status).toBe(400);
  });

  it('treats regex metacharacters of the prefix as text', async () => {
    const paren = guarded(bearerAuth({ token: 'abc', prefix: 'Bearer(v1)' }));
    expect((await who(paren, 'Bearer(v1) abc')).status).toBe(200);
    const dots = guarded(bearerAuth({ token: 'abc', prefix: 'a.b+c' }));
    expect((await who(dots, 'a.b+c abc')).status).toBe(200);
    expect((await who(dots, 'axbbc abc')).status).toBe(401);
  });

  it('accepts any token of a list', async () => {
    const list = guarded(bearerAuth({ token: ['one', 'two', 'three'] }));
    for (const t of ['one', 'two', 'three']) expect((await who(list, `Bearer ${t}`)).status).toBe(200);
    expect((await who(list, 'Bearer four')).status).toBe(401);
  });

  it('asks a verify function, with the context', async () => {
    const verified = guarded(bearerAuth({ verify: (token, ctx) => token === 'dynamic' && ctx.path === '/auth/who' }));
    expect((await who(verified, 'Bearer dynamic')).status).toBe(200);
    expect((await who(verified, 'Bearer static')).status).toBe(401);
  });

  it('reads a custom header', async () => {
    const custom = guarded(bearerAuth({ token: 'abc', headerName: 'x-api-key' }));
    expect((await who(custom, 'Bearer abc', 'x-api-key')).status).toBe(200);
    expect((await who(custom, 'Bearer abc')).status).toBe(401);
  });

  it('stacks on nested paths', async () => {
    const nested = new Fw({ logErrors: false });
    nested.use('/auth', bearerAuth({ token: 'outer' }));
    nested.use('/auth/inner', bearerAuth({ token: 'inner', headerName: 'x-inner' }));
    nested.get('/auth/inner/x', () => 'ok');
    expect((await nested.request('/auth/inner/x', { headers: { authorization: 'Bearer outer', 'x-inner': 'Bearer inner' } })).status).toBe(
      200,
    );
    expect((await nested.request('/auth/inner/x', { headers: { authorization: 'Bearer outer' } })).status).toBe(401);
  });

  it('lets onError answer the refusal its own way', async () => {
    const custom = guarded(bearerAuth({ token: 'abc' }));
    custom.onError((error, ctx) => ctx.status((error as { status: number }).status).text('custom: go away'));
    const res = await who(custom, 'Bearer wrong');
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('custom: go away');
  });

  it('takes padding around the token, refuses a bare key or a misspelt scheme (ported from @fastify/bearer-auth)', async () => {
    const keyed = guarded(bearerAuth({ token: '123456789012354579814' }));
    expect((await who(keyed, 'bearer   123456789012354579814   ')).status).toBe(200);
    expect((await who(keyed, '123456789012354579814')).status).toBe(401);
    expect((await who(keyed, 'bearerr 123456789012354579814')).status).toBe(401);
    expect((await who(keyed, 'Beaver 123456789012354579814')).status).toBe(401);
  });

  it('awaits a verify promise, and lets its failure be a 500 (Fastify with failSilent: false)', async () => {
    const asyncVerify = guarded(bearerAuth({ verify: async (token) => token === 'abcdefg' }));
    expect((await who(asyncVerify, 'Bearer abcdefg')).status).toBe(200);
    expect((await who(asyncVerify, 'Bearer abcdefh')).status).toBe(401);
    const failing = guarded(bearerAuth({ verify: () => Promise.reject(new Error('failing')) }));
    expect((await who(failing, 'Bearer abcdefg')).status).toBe(500);
  });

  it('answers the same on a fw/core app', async () => {
    const core = new CoreFw();
    core.use(bearerAuth({ token: 'abc', realm: 'core' }));
    core.get('/x', (ctx) => ctx.bearerToken);
    const refused = await core.request('/x', { headers: { authorization: 'Bearer nope' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm="core", error="invalid_token"/);
    expect(await (await core.request('/x', { headers: { authorization: 'Bearer abc' } })).text()).toBe('abc');
  });

  it('refuses bad options at startup with a message', () => {
    expect(() => bearerAuth({})).toThrow(/either `token` .* or `verify`/);
    expect(() => bearerAuth({ token: 'a', verify: () => true })).toThrow(/exactly one/);
    expect(() => bearerAuth({ token: [] })).toThrow(/non-empty/);
    expect(() => bearerAuth({ token: 'has space' })).toThrow(/made of/);
    expect(() => bearerAuth({ token: 'a', prefix: 'Two words' })).toThrow(/single word/);
    expect(() => bearerAuth({ token: 'a', headerName: '' })).toThrow(/must not be empty/);
    expect(() => bearerAuth({ tokens: ['a'] } as never)).toThrow(/did you mean "token"/);
  });
});
