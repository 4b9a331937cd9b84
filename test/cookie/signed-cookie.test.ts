/**
 * Signed cookies, cookie name prefixes and all cookies at once (fw/cookie). Cases ported from Hono's
 * src/helper/cookie/index.test.ts (its signed values are byte-for-byte ours: the same format and HMAC) and from
 * @fastify/cookie's signer tests (secret rotation: `renew` when an older secret signed).
 */
import { describe, expect, it } from 'vitest';
import { Fw as CoreFw } from 'fw/core';
import { Fw } from 'fw';
import { getCookie, getSignedCookie, setCookie, setSignedCookie, signCookieValue, unsignCookieValue } from '../../src/cookie';

const fortune = 'fortune_cookie=lots-of-money.UO6vMygDM6NCDU4LdvBnzdVb2Xcdj+h+ZTnmS8X7iH8%3D';
const fruit = 'fruit_cookie=mango.lRwgtW9ooM9%2Fd9ZZA%2FInNRG64CbQsfWGXQyFLPM9520%3D';
const charm = 'secret lucky charm';

function readingApp(): CoreFw {
  return new CoreFw()
    .get('/all', async (ctx) => getSignedCookie(ctx, charm))
    .get('/one', async (ctx) => ({ fortune: await getSignedCookie(ctx, charm, 'fortune_cookie') }));
}

describe('getSignedCookie', () => {
  it('reads every signed cookie at once (Hono: get signed cookies)', async () => {
    const res = await readingApp().request('/all', { headers: { cookie: `${fortune}; ${fruit}; plain=1` } });
    expect(await res.json()).toEqual({ fortune_cookie: 'lots-of-money', fruit_cookie: 'mango' });
  });

  it('answers false for a cookie whose signature matches no secret (Hono: invalid signature)', async () => {
    const forged = 'fruit_cookie=mango.LAa7RX43t2vCrLNcKmNG65H41OkyV02sraRPuY5RuVg%3D';
    const res = await readingApp().request('/all', { headers: { cookie: `${fortune}; ${forged}` } });
    expect(await res.json()).toEqual({ fortune_cookie: 'lots-of-money', fruit_cookie: false });
  });

  it('reads one signed cookie, false when forged, null when absent (Hono: get signed cookie)', async () => {
    const app = readingApp();
    expect(await (await app.request('/one', { headers: { cookie: `${fortune}; ${fruit}` } })).json()).toEqual({ fortune: 'lots-of-money' });
    const forged = 'fortune_cookie=lots-of-money.LAa7RX43t2vCrLNcKmNG65H41OkyV02sraRPuY5RuVg=';
    expect(await (await app.request('/one', { headers: { cookie: forged } })).json()).toEqual({ fortune: false });
    expect(await (await app.request('/one')).json()).toEqual({ fortune: null });
  });

  it('answers false for a cookie that is there but not signed (Hono leaves it undefined)', async () => {
    const res = await readingApp().request('/one', { headers: { cookie: 'fortune_cookie=lots-of-money' } });
    expect(await res.json()).toEqual({ fortune: false });
  });

  it('reads a prefixed signed cookie by its short name', async () => {
    const app = new CoreFw().get('/', async (ctx) => ({
      secure: await getSignedCookie(ctx, charm, 'fortune_cookie', 'secure'),
      host: await getSignedCookie(ctx, charm, 'fortune_cookie', 'host'),
    }));
    const res = await app.request('/', { headers: { cookie: `__Secure-${fortune}` } });
    expect(await res.json()).toEqual({ secure: 'lots-of-money', host: null });
  });

  it('refuses an empty secret or secret list at the call', async () => {
    const app = new CoreFw({ logErrors: false }).get('/', async (ctx) => getSignedCookie(ctx, '', 'a'));
    expect((await app.request('/')).status).toBe(500);
    await expect(signCookieValue('v', [])).rejects.toThrow('the secret list is empty');
  });
});

describe('setSignedCookie', () => {
  const app = new CoreFw()
    .get('/plain', async (ctx) => {
      await setSignedCookie(ctx, 'delicious_cookie', 'macha', 'secret chocolate chips');
      return 'ok';
    })
    .get('/path', async (ctx) => {
      await setSignedCookie(ctx, 'delicious_cookie', 'macha', 'secret chocolate chips', { path: '/a' });
      return 'ok';
    })
    .get('/secure', async (ctx) => {
      await setSignedCookie(ctx, 'delicious_cookie', 'macha', 'secret choco chips', { prefix: 'secure' });
      return 'ok';
    })
    .get('/host', async (ctx) => {
      await setSignedCookie(ctx, 'delicious_cookie', 'macha', 'secret choco chips', { prefix: 'host' });
      return 'ok';
    })
    .get('/complex', async (ctx) => {
      await setSignedCookie(ctx, 'great_cookie', 'banana', 'secret chocolate chips', {
        path: '/',
        secure: true,
        domain: 'example.com',
        httpOnly: true,
        maxAge: 1000,
        expires: new Date(Date.UTC(2000, 11, 24, 10, 30, 59, 900)),
        sameSite: 'Strict',
      });
      return 'ok';
    });

  it('writes value.signature, percent-encoded (Hono: set signed cookie, with a path)', async () => {
    expect((await app.request('/plain')).headers.get('set-cookie')).toBe(
      'delicious_cookie=macha.diubJPY8O7hI1pLa42QSfkPiyDWQ0I4DnlACH%2FN2HaA%3D; Path=/',
    );
    expect((await app.request('/path')).headers.get('set-cookie')).toBe(
      'delicious_cookie=macha.diubJPY8O7hI1pLa42QSfkPiyDWQ0I4DnlACH%2FN2HaA%3D; Path=/a',
    );
  });

  it('writes prefixed signed cookies with the attributes their prefix needs (Hono: secure and host prefix)', async () => {
    expect((await app.request('/secure')).headers.get('set-cookie')).toBe(
      '__Secure-delicious_cookie=macha.i225faTyCrJUY8TvpTuJHI20HBWbQ89B4GV7lT4E%2FB0%3D; Path=/; Secure',
    );
    expect((await app.request('/host')).headers.get('set-cookie')).toBe(
      '__Host-delicious_cookie=macha.i225faTyCrJUY8TvpTuJHI20HBWbQ89B4GV7lT4E%2FB0%3D; Path=/; Secure',
    );
  });

  it('writes every attribute (Hono: complex pattern, signed)', async () => {
    expect((await app.request('/complex')).headers.get('set-cookie')).toBe(
      'great_cookie=banana.hSo6gB7YT2db0WBiEAakEmh7dtwEL0DSp76G23WvHuQ%3D; Max-Age=1000; Domain=example.com; Path=/; Expires=Sun, 24 Dec 2000 10:30:59 GMT; HttpOnly; Secure; SameSite=Strict',
    );
  });

  it('round-trips through getSignedCookie on fw, with the app reading its own cookie back', async () => {
    const secret = 'a secret of thirty-two characters';
    const full = new Fw()
      .get('/set', async (ctx) => {
        await setSignedCookie(ctx, 'uid', 'ünïcode; 42', secret, { httpOnly: true });
        return 'set';
      })
      .get('/get', async (ctx) => ({ uid: await getSignedCookie(ctx, secret, 'uid') }));
    const cookie = (await full.request('/set')).headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(await (await full.request('/get', { headers: { cookie } })).json()).toEqual({ uid: 'ünïcode; 42' });
  });
});

describe('secret rotation (@fastify/cookie signer cases)', () => {
  it('signs with the first secret and reads with any; renew says an older one signed', async () => {
    const old = await signCookieValue('hello', 'the old secret');
    const current = await signCookieValue('hello', ['the new secret', 'the old secret']);
    expect(current).not.toBe(old);
    expect(await unsignCookieValue(current, ['the new secret', 'the old secret'])).toEqual({ valid: true, renew: false, value: 'hello' });
    expect(await unsignCookieValue(old, ['the new secret', 'the old secret'])).toEqual({ valid: true, renew: true, value: 'hello' });
    expect(await unsignCookieValue(old, 'the new secret')).toEqual({ valid: false, renew: false, value: null });
  });

  it('refuses a tampered value, a value without signature and a truncated signature', async () => {
    const signed = await signCookieValue('hello', 'secret');
    expect((await unsignCookieValue(signed.replace('hello', 'hellO'), 'secret')).valid).toBe(false);
    expect((await unsignCookieValue('hello', 'secret')).valid).toBe(false);
    expect((await unsignCookieValue(signed.slice(0, -2), 'secret')).valid).toBe(false);
    expect((await unsignCookieValue('.', 'secret')).valid).toBe(false);
  });

  it('signs the same with a secret, a list of it, or its bytes; refuses what is not a value or a secret', async () => {
    const one = await signCookieValue('some-value', 'my-secret');
    expect(await signCookieValue('some-value', ['my-secret'])).toBe(one);
    expect(await signCookieValue('some-value', new TextEncoder().encode('my-secret'))).toBe(one);
    expect(await signCookieValue('some-value', [new TextEncoder().encode('my-secret')])).toBe(one);
    await expect(signCookieValue(undefined as unknown as string, 'my-secret')).rejects.toThrow('the value must be a string');
    await expect(signCookieValue('v', 1 as unknown as string)).rejects.toThrow('a secret must be a string or bytes');
    await expect(signCookieValue('v', undefined as unknown as string)).rejects.toThrow('give a secret');
    await expect(unsignCookieValue(undefined as unknown as string, 'my-secret')).rejects.toThrow('the signed value must be a string');
  });

  it('tries every secret of the list until one verifies (@fastify/cookie: key rotation of three)', async () => {
    const secrets = ['my-secret-1', 'my-secret-2', 'my-secret-3'];
    expect(await signCookieValue('some-value', secrets)).toBe(await signCookieValue('some-value', 'my-secret-1'));
    const second = await signCookieValue('some-value', 'my-secret-2');
    expect(await unsignCookieValue(second, secrets)).toEqual({ valid: true, renew: true, value: 'some-value' });
    const other = await signCookieValue('some-value', 'invalid-secret');
    expect(await unsignCookieValue(other, secrets)).toEqual({ valid: false, renew: false, value: null });
  });

  it('signs with bytes as well as text', async () => {
    const key = new TextEncoder().encode('secret lucky charm');
    expect(await signCookieValue('lots-of-money', key)).toBe('lots-of-money.UO6vMygDM6NCDU4LdvBnzdVb2Xcdj+h+ZTnmS8X7iH8=');
  });
});

describe('getCookie: all at once and by prefix', () => {
  it('reads every cookie as an object (Hono: get all as an object), the first of a repeated name', async () => {
    const app = new CoreFw().get('/', (ctx) => getCookie(ctx));
    const res = await app.request('/', {
      headers: { cookie: 'yummy_cookie=choco; tasty_cookie = strawberry; yummy_cookie=other; q="a%20b"; bad' },
    });
    expect(await res.json()).toEqual({ yummy_cookie: 'choco', tasty_cookie: 'strawberry', q: 'a b' });
    expect(await (await app.request('/')).json()).toEqual({});
  });

  it('keeps __proto__ as a plain cookie', async () => {
    const app = new CoreFw().get('/', (ctx) => ({ proto: getCookie(ctx).__proto__ ?? null, polluted: ({} as { x?: string }).x ?? null }));
    expect(await (await app.request('/', { headers: { cookie: '__proto__=x' } })).json()).toEqual({ proto: 'x', polluted: null });
  });

  it('reads __Secure- and __Host- cookies by their short name (Hono: get cookie with prefix)', async () => {
    const app = new CoreFw().get('/', (ctx) => ({
      secure: getCookie(ctx, 'yummy_cookie', 'secure'),
      host: getCookie(ctx, 'yummy_cookie', 'host'),
      plain: getCookie(ctx, 'yummy_cookie'),
    }));
    const res = await app.request('/', { headers: { cookie: '__Secure-yummy_cookie=choco; __Host-yummy_cookie=mint' } });
    expect(await res.json()).toEqual({ secure: 'choco', host: 'mint', plain: null });
  });
});

describe('setCookie with a prefix', () => {
  it('adds the prefix and its attributes (Hono: set cookie with secure and host prefix)', async () => {
    const app = new CoreFw().get('/', (ctx) => {
      setCookie(ctx, 'a', 'v', { prefix: 'secure' });
      setCookie(ctx, 'b', 'v', { prefix: 'host', httpOnly: true });
      return 'ok';
    });
    expect((await app.request('/')).headers.getSetCookie()).toEqual([
      '__Secure-a=v; Path=/; Secure',
      '__Host-b=v; Path=/; HttpOnly; Secure',
    ]);
  });

  it('refuses options that contradict the prefix, where Hono silently drops them', async () => {
    const attempt = async (options: Parameters<typeof setCookie>[3]) => {
      const app = new CoreFw({ logErrors: false }).get('/', (ctx) => {
        setCookie(ctx, 'a', 'v', options);
        return 'ok';
      });
      return (await app.request('/')).status;
    };
    expect(await attempt({ prefix: 'host', domain: 'example.com' })).toBe(500);
    expect(await attempt({ prefix: 'host', path: '/app' })).toBe(500);
    expect(await attempt({ prefix: 'secure', secure: false })).toBe(500);
    expect(await attempt({ prefix: 'other' as 'host' })).toBe(500);
    expect(await attempt({ prefix: 'secure', path: '/app', domain: 'example.com' })).toBe(200);
  });
});
