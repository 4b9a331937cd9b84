/**
 * basicAuth: cases ported from Hono's basic-auth tests and @fastify/basic-auth's, in our words. Deliberate
 * differences (see src/basic-auth/README.md): the challenge adds charset="UTF-8"; the body is fw's JSON error;
 * a `verify` that throws is the app's failure (500), not a 401.
 */
import { describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { basicAuth, hashPassword } from '../../src/basic-auth';
import { basic, guarded } from './helpers';

const who = (app: Fw, authorization?: string) =>
  app.request('/auth/who', { headers: authorization === undefined ? {} : { authorization } });

describe('basicAuth', () => {
  const app = guarded(basicAuth({ username: 'hono-user-a', password: 'hono-password-a' }));

  it('refuses a request without credentials with 401 and the Basic challenge', async () => {
    const res = await who(app);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="Secure Area", charset="UTF-8"');
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lets the right user in and puts the user-id on the context', async () => {
    const res = await who(app, basic('hono-user-a', 'hono-password-a'));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toBe('hono-user-a');
  });

  it('refuses a wrong password and a wrong user-id', async () => {
    expect((await who(app, basic('hono-user-a', 'nope'))).status).toBe(401);
    expect((await who(app, basic('someone', 'hono-password-a'))).status).toBe(401);
  });

  it('leaves paths outside its prefix alone', async () => {
    expect((await app.request('/open')).status).toBe(200);
  });

  it('accepts Unicode user-ids and passwords (UTF-8)', async () => {
    const unicode = guarded(basicAuth({ username: 'ユーザー', password: 'パスワード🔑' }));
    expect((await who(unicode, basic('ユーザー', 'パスワード🔑'))).status).toBe(200);
  });

  it('accepts any of several users', async () => {
    const several = guarded(
      basicAuth({
        users: [
          { username: 'a', password: 'pa' },
          { username: 'b', password: 'pb' },
          { username: 'c', password: 'pc' },
        ],
      }),
    );
    for (const [u, p] of [
      ['a', 'pa'],
      ['b', 'pb'],
      ['c', 'pc'],
    ])
      expect((await who(several, basic(u, p))).status).toBe(200);
    expect((await who(several, basic('a', 'pb'))).status).toBe(401);
  });

  it('adds username/password to the users list', async () => {
    const both = guarded(basicAuth({ username: 'first', password: 'one', users: [{ username: 'second', password: 'two' }] }));
    expect((await who(both, basic('first', 'one'))).status).toBe(200);
    expect((await who(both, basic('second', 'two'))).status).toBe(200);
  });

  it('checks a PBKDF2 password hash made by hashPassword()', async () => {
    const passwordHash = await hashPassword('s3cret', { iterations: 1000 });
    expect(passwordHash).toMatch(/^pbkdf2-sha256\$1000\$/);
    const hashed = guarded(basicAuth({ users: [{ username: 'ann', passwordHash }] }));
    expect((await who(hashed, basic('ann', 's3cret'))).status).toBe(200);
    expect((await who(hashed, basic('ann', 's3creT'))).status).toBe(401);
    expect((await who(hashed, basic('bob', 's3cret'))).status).toBe(401);
  });

  it('asks a verify function, with the context', async () => {
    const seen: string[] = [];
    const verified = guarded(
      basicAuth({
        verify: (username, password, ctx) => {
          seen.push(ctx.path);
          return username === 'dynamic-user' && password === 'hono-password';
        },
      }),
    );
    expect((await who(verified, basic('dynamic-user', 'hono-password'))).status).toBe(200);
    expect((await who(verified, basic('dynamic-user', 'wrong'))).status).toBe(401);
    expect(seen).toEqual(['/auth/who', '/auth/who']);
  });

  it('treats a verify answer other than true as a refusal', async () => {
    const loose = guarded(basicAuth({ verify: () => 'yes' as unknown as boolean }));
    expect((await who(loose, basic('a', 'b'))).status).toBe(401);
  });

  it('stacks on nested paths: both guards must pass', async () => {
    const nested = new Fw({ logErrors: false });
    nested.use('/auth', basicAuth({ username: 'outer', password: 'po' }));
    nested.use('/auth/inner', basicAuth({ username: 'outer', password: 'po', realm: 'inner' }));
    nested.get('/auth/inner/x', () => 'ok');
    expect((await nested.request('/auth/inner/x', { headers: { authorization: basic('outer', 'po') } })).status).toBe(200);
    expect((await nested.request('/auth/inner/x', { headers: { authorization: basic('outer', 'px') } })).status).toBe(401);
  });

  it('escapes quotes in the realm', async () => {
    const quoted = guarded(basicAuth({ username: 'a', password: 'b', realm: 'say "hi"' }));
    expect((await who(quoted)).headers.get('www-authenticate')).toBe('Basic realm="say \\"hi\\"", charset="UTF-8"');
  });

  it('reads the scheme case-insensitively (RFC 9110)', async () => {
    const token = basic('hono-user-a', 'hono-password-a').slice(6);
    for (const scheme of ['basic', 'BASIC', 'Basic']) expect((await who(app, `${scheme} ${token}`)).status).toBe(200);
  });

  it('keeps colons after the first in the password', async () => {
    const colons = guarded(basicAuth({ username: 'user', password: 'pass:with:colons' }));
    expect((await who(colons, basic('user', 'pass:with:colons'))).status).toBe(200);
  });

  it('accepts an empty password when configured so', async () => {
    const empty = guarded(basicAuth({ username: 'user', password: '' }));
    expect((await who(empty, basic('user', ''))).status).toBe(200);
  });

  it('answers malformed credentials 401, never 500', async () => {
    for (const header of [
      'Basic',
      'Basic ',
      'Basic !!!!',
      'Basic dXNlcg==',
      'Bearer abc',
      'Basic /w==',
      'Basic Zm9vOmJhcg==extra',
      'Basic a b',
    ]) {
      const res = await who(app, header);
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate'), header).toContain('Basic realm=');
    }
  });

  it('decodes RFC 7617 section 2.1 UTF-8 example (test:123£)', async () => {
    const pound = guarded(basicAuth({ username: 'test', password: '123\u00A3' }));
    expect((await who(pound, 'Basic dGVzdDoxMjPCow==')).status).toBe(200);
  });

  it('refuses control characters in the credentials', async () => {
    const plain = guarded(basicAuth({ verify: () => true }));
    expect((await who(plain, basic('user\x00', 'pwd'))).status).toBe(401);
    expect((await who(plain, basic('user', 'p\x7fwd'))).status).toBe(401);
    expect((await who(plain, basic('user', 'pwd'))).status).toBe(200);
  });

  it('sends no challenge on success', async () => {
    const res = await who(app, basic('hono-user-a', 'hono-password-a'));
    expect(res.headers.get('www-authenticate')).toBe(null);
  });

  it('reads another header when told (a proxy forwarding the credentials)', async () => {
    const forwarded = guarded(basicAuth({ username: 'user', password: 'pwd', headerName: 'x-forwarded-authorization' }));
    const res = await forwarded.request('/auth/who', {
      headers: { authorization: basic('notuser', 'notpwd'), 'x-forwarded-authorization': basic('user', 'pwd') },
    });
    expect(res.status).toBe(200);
    expect((await who(forwarded, basic('user', 'pwd'))).status).toBe(401);
  });

  it('lets a verify error fail the request (500), not pass as a wrong password', async () => {
    const failing = guarded(
      basicAuth({
        verify: () => {
          throw new Error('user store down');
        },
      }),
    );
    expect((await who(failing, basic('a', 'b'))).status).toBe(500);
  });

  it('refuses bad options at startup with a message', () => {
    expect(() => basicAuth({})).toThrow(/accounts .* or a `verify` function/);
    expect(() => basicAuth({ username: 'a' })).toThrow(/`username` and `password` go together/);
    expect(() => basicAuth({ username: 'a', password: 'b', verify: () => true })).toThrow(/exactly one/);
    expect(() => basicAuth({ users: [{ username: 'a:b', password: 'c' }] })).toThrow(/without ":"/);
    expect(() => basicAuth({ users: [{ username: 'a' }] })).toThrow(/password or passwordHash/);
    expect(() => basicAuth({ users: [{ username: 'a', passwordHash: 'sha1$x' }] })).toThrow(/hashPassword\(\)/);
    expect(() => basicAuth({ username: 'a', password: 'b', relm: 'x' } as never)).toThrow(/did you mean "realm"/);
    expect(() => basicAuth({ verify: 'yes' } as never)).toThrow(/must be a function/);
  });
});
