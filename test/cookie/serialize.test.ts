/**
 * The one Set-Cookie serializer (fw/cookie, ctx.setCookie, sessions): every option is checked at the call, so no
 * option can inject an attribute or a header. Cases ported from Hono (src/utils/cookie.test.ts,
 * src/helper/cookie/index.test.ts) and @fastify/cookie (test/cookie.test.js), in fw's words.
 */
import { describe, expect, it } from 'vitest';
import { Fw as CoreFw } from 'fw/core';
import { readCookie, serializeCookie, setCookie, type CookieOptions } from 'fw/cookie';
import { Fw } from 'fw';
import { session } from 'fw/session';

const secret = 'a-session-secret-of-at-least-32-characters';
const christmas = new Date(Date.UTC(2000, 11, 24, 10, 30, 59, 900));

/** Calls the serializer with options a TypeScript caller could only pass with a cast (JavaScript, JSON config). */
function serializeLoose(name: string, options: Record<string, unknown>, value: unknown = 'v'): string {
  return serializeCookie(name, value as string, options as CookieOptions);
}

describe('attribute injection through options', () => {
  it.each([
    ['path', '/; Domain=evil.example'],
    ['path', '/\r\nSet-Cookie: x=1'],
    ['path', '/\u0000'],
    ['path', '/é'],
    ['domain', 'example.com; Domain=evil.example'],
    ['domain', 'example.com\nevil'],
    ['domain', 'exa mple.com'],
    ['domain', 'example.com/'],
    ['sameSite', 'Lax; Domain=evil.example'],
    ['sameSite', 'Strict\revil'],
    ['priority', 'High;evil'],
  ])('refuses %s = %j with a TypeError naming the option', (option, value) => {
    expect(() => serializeLoose('sid', { [option]: value })).toThrowError(new RegExp(`^setCookie\\("sid"\\): option ${option} `));
    expect(() => serializeLoose('sid', { [option]: value })).toThrowError(TypeError);
  });

  it('throws at the handler call, so the answer is a 500 without any Set-Cookie header', async () => {
    const app = new CoreFw({ logErrors: false }).get('/', (ctx) => {
      setCookie(ctx, 'sid', 'x', { path: '/; Domain=evil.example' });
      return 'never';
    });
    const res = await app.request('/');
    expect(res.status).toBe(500);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('ctx.setCookie on fw throws the same TypeError at the call', async () => {
    let caught: unknown;
    const app = new Fw({ logErrors: false }).get('/', (ctx) => {
      try {
        ctx.setCookie('sid', 'x', { domain: 'a.example; Secure' });
      } catch (error) {
        caught = error;
      }
      return 'ok';
    });
    expect((await app.request('/')).headers.getSetCookie()).toEqual([]);
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as Error).message).toContain('option domain');
  });

  it('sessions check their cookie options at startup with the same serializer', () => {
    expect(() => session({ secret, cookie: { path: '/; Domain=evil.example' } })).toThrowError(/session: cookie options: .*option path/);
    expect(() => session({ secret, cookie: { sameSite: 'Lax; x' as 'Lax' } })).toThrowError(/option sameSite/);
    expect(() => session({ secret, cookie: { domain: 'app.example', path: '/app' } })).not.toThrow();
  });
});

describe('every option is checked', () => {
  it('sameSite is one of Strict, Lax, None in any case, written canonically', () => {
    expect(serializeLoose('a', { sameSite: 'STRICT' })).toBe('a=v; Path=/; SameSite=Strict');
    expect(serializeLoose('a', { sameSite: 'lax' })).toBe('a=v; Path=/; SameSite=Lax');
    // None implies Secure (browsers drop SameSite=None without it); Hono leaves that to the caller.
    expect(serializeLoose('a', { sameSite: 'none' })).toBe('a=v; Path=/; Secure; SameSite=None');
    expect(() => serializeLoose('a', { sameSite: 'lox' })).toThrowError(/option sameSite must be one of Strict, Lax, None, got "lox"/);
    expect(() => serializeLoose('a', { sameSite: true })).toThrowError(/option sameSite/);
    expect(() => serializeLoose('a', { sameSite: 'constructor' })).toThrowError(/option sameSite/);
  });

  it('maxAge is an integer number of seconds', () => {
    expect(serializeLoose('a', { maxAge: 0 })).toBe('a=v; Max-Age=0; Path=/');
    expect(serializeLoose('a', { maxAge: 1000 })).toBe('a=v; Max-Age=1000; Path=/');
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e300, '60', null]) {
      expect(() => serializeLoose('a', { maxAge: bad }), String(bad)).toThrowError(/option maxAge must be an integer/);
    }
  });

  it('expires is a valid Date (a number of milliseconds, which @fastify/cookie takes, is refused)', () => {
    expect(serializeLoose('a', { expires: christmas })).toBe('a=v; Path=/; Expires=Sun, 24 Dec 2000 10:30:59 GMT');
    expect(() => serializeLoose('a', { expires: new Date('nope') })).toThrowError(/option expires must be a valid Date/);
    expect(() => serializeLoose('a', { expires: Date.now() + 1000 })).toThrowError(/option expires/);
    expect(() => serializeLoose('a', { expires: 'Sun, 24 Dec 2000 10:30:59 GMT' })).toThrowError(/option expires/);
  });

  it('priority is Low, Medium or High in any case', () => {
    expect(serializeLoose('a', { priority: 'low' })).toBe('a=v; Path=/; Priority=Low');
    expect(serializeLoose('a', { priority: 'medium' })).toBe('a=v; Path=/; Priority=Medium');
    expect(serializeLoose('a', { priority: 'HIGH' })).toBe('a=v; Path=/; Priority=High');
    expect(() => serializeLoose('a', { priority: 'urgent' })).toThrowError(/option priority/);
  });

  it('httpOnly, secure and partitioned are booleans; partitioned implies Secure', () => {
    expect(serializeLoose('a', { partitioned: true })).toBe('a=v; Path=/; Secure; Partitioned');
    expect(() => serializeLoose('a', { httpOnly: 'yes' })).toThrowError(/option httpOnly must be a boolean/);
    expect(() => serializeLoose('a', { secure: 1 })).toThrowError(/option secure must be a boolean/);
    expect(() => serializeLoose('a', { partitioned: 'true' })).toThrowError(/option partitioned/);
  });

  it('domain and path take what RFC 6265 allows', () => {
    expect(serializeLoose('a', { domain: '.sub-1.example.com', path: '/a b/c:d=e' })).toBe(
      'a=v; Domain=.sub-1.example.com; Path=/a b/c:d=e',
    );
    expect(() => serializeLoose('a', { path: '' })).toThrowError(/option path/);
    expect(() => serializeLoose('a', { domain: '' })).toThrowError(/option domain/);
    expect(() => serializeLoose('a', { domain: '-bad.example' })).toThrowError(/option domain/);
  });

  it('an unknown option is refused with the closest known one', () => {
    expect(() => serializeLoose('a', { samesite: 'Lax' })).toThrowError(/unknown option "samesite" \(did you mean "sameSite"\?\)/);
    // @fastify/cookie's `signed` has no equivalent here: sessions sign their own cookie.
    expect(() => serializeLoose('a', { signed: true })).toThrowError(/unknown option "signed"/);
  });

  it('the name is an RFC 6265 token and the value a string (a header cannot be injected through either)', () => {
    expect(() => serializeCookie('legit\r\nX-Injected: evil', 'value')).toThrowError(/the name must be an RFC 6265 token/);
    expect(() => serializeCookie('bad;name', 'value')).toThrowError(TypeError);
    expect(() => serializeCookie('bad=name', 'value')).toThrowError(TypeError);
    expect(serializeCookie('a', 'x; Domain=evil.example\r\n')).toBe('a=x%3B%20Domain%3Devil.example%0D%0A; Path=/');
    expect(() => serializeLoose('a', {}, 42)).toThrowError(/the value must be a string/);
    expect(() => serializeCookie('a', '\ud800')).toThrowError(/well-formed Unicode/);
  });

  it('does not modify the options object it is given', () => {
    const options: CookieOptions = { path: '/', expires: christmas, sameSite: 'lax' };
    serializeCookie('a', 'v', options);
    expect(options).toEqual({ path: '/', expires: christmas, sameSite: 'lax' });
  });
});

describe('cookie name prefixes (rfc6265bis §4.1.3)', () => {
  it('__Secure- needs Secure, __Host- needs Secure, Path=/ and no Domain', () => {
    expect(serializeCookie('__Secure-a', 'v', { secure: true })).toBe('__Secure-a=v; Path=/; Secure');
    expect(serializeCookie('__Host-a', 'v', { secure: true, path: '/' })).toBe('__Host-a=v; Path=/; Secure');
    // Hono's `prefix` option rewrites the attributes silently; fw names the attribute to fix instead.
    expect(() => serializeCookie('__Secure-a', 'v')).toThrowError(/option secure must be true for a __Secure- or __Host- cookie/);
    expect(() => serializeCookie('__host-a', 'v')).toThrowError(/option secure/);
    expect(() => serializeCookie('__Host-a', 'v', { secure: true, path: '/foo' })).toThrowError(/option path must be "\/"/);
    expect(() => serializeCookie('__Host-a', 'v', { secure: true, domain: 'example.com' })).toThrowError(/option domain must be absent/);
  });
});

describe('serialization (Hono and @fastify/cookie cases)', () => {
  it('writes every attribute in a fixed order', () => {
    const all: CookieOptions = {
      path: '/',
      secure: true,
      domain: 'example.com',
      httpOnly: true,
      maxAge: 1000,
      expires: christmas,
      sameSite: 'Strict',
      priority: 'High',
      partitioned: true,
    };
    expect(serializeCookie('__Secure-great_cookie', 'banana', all)).toBe(
      '__Secure-great_cookie=banana; Max-Age=1000; Domain=example.com; Path=/; Expires=Sun, 24 Dec 2000 10:30:59 GMT; HttpOnly; Secure; SameSite=Strict; Priority=High; Partitioned',
    );
    const { domain: _domain, ...host } = all;
    expect(serializeCookie('__Host-great_cookie', 'banana', host)).toBe(
      '__Host-great_cookie=banana; Max-Age=1000; Path=/; Expires=Sun, 24 Dec 2000 10:30:59 GMT; HttpOnly; Secure; SameSite=Strict; Priority=High; Partitioned',
    );
  });

  it('writes Path=/ by default (Hono writes no Path; the browser would then use the request directory)', () => {
    expect(serializeCookie('delicious_cookie', 'macha')).toBe('delicious_cookie=macha; Path=/');
    expect(serializeCookie('delicious_cookie', 'macha', { path: '/a' })).toBe('delicious_cookie=macha; Path=/a');
  });

  it('keeps a negative Max-Age, which expires the cookie (Hono drops it)', () => {
    expect(serializeCookie('great_cookie', 'banana', { maxAge: -1 })).toBe('great_cookie=banana; Max-Age=-1; Path=/');
  });

  it('does not refuse lifetimes over 400 days (Hono throws; browsers cap them at 400 days, rfc6265bis §5.6.1)', () => {
    const year = 3600 * 24 * 401;
    expect(serializeCookie('a', 'v', { maxAge: year })).toBe(`a=v; Max-Age=${year}; Path=/`);
  });
});

describe('reading the Cookie header', () => {
  it('trims only SP and HTAB, so a name prefixed with NBSP does not shadow the real cookie', () => {
    expect(readCookie('\u00a0dummy-cookie=evil; dummy-cookie=victim', 'dummy-cookie')).toBe('victim');
    expect(readCookie('\tyummy_cookie=choco;\t tasty_cookie = strawberry \t', 'tasty_cookie')).toBe('strawberry');
  });

  it('returns the first of duplicate names, keeps an undecodable value as sent, unquotes a quoted one', () => {
    expect(readCookie('a=first; a=last', 'a')).toBe('first');
    expect(readCookie('yummy_cookie="choco%2";', 'yummy_cookie')).toBe('choco%2');
    expect(readCookie('best_cookie="%20sugar%20"', 'best_cookie')).toBe(' sugar ');
    expect(readCookie('toString=foo', 'toString')).toBe('foo');
  });
});
