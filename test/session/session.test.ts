import { describe, expect, it } from 'vitest';
import { Fw, MemoryKV } from 'fw';
import { KVSessionStore, MemorySessionStore, session, sessionMiddleware, type SessionOptions } from '../../src/session';
import { cookieHeader, otherSecret, secret, setCookieOf, signedValue } from './helpers';

async function app(options: Partial<SessionOptions> = {}): Promise<Fw> {
  const fw = new Fw();
  await fw.plugin(session({ secret, ...options }));
  fw.get('/login', async (ctx) => {
    ctx.session.user = ctx.query.user ?? 'ada';
    await ctx.session.save();
    return { id: ctx.session.id };
  });
  fw.get('/me', (ctx) => ({ user: ctx.session.user ?? null, isNew: ctx.session.isNew, id: ctx.session.id }));
  fw.get('/count', (ctx) => {
    ctx.session.count = ((ctx.session.count as number | undefined) ?? 0) + 1;
    return { count: ctx.session.count };
  });
  fw.get('/logout', async (ctx) => {
    await ctx.session.destroy();
    return { ok: true };
  });
  fw.get('/rotate', async (ctx) => {
    const before = ctx.session.id;
    await ctx.session.regenerate();
    return { before, after: ctx.session.id };
  });
  return fw;
}

const me = (fw: Fw, cookie?: string) => fw.request('/me', cookie ? { headers: { cookie } } : undefined);

describe('session: bad cookies start a fresh session, never an error page', () => {
  const bad = [
    ['a forged signature', signedValue('someone-elses-id', 'a-guessed-secret-of-32-characters-long')],
    ['an id with no signature', 'abc'],
    ['an empty value', ''],
    ['a trailing dot', 'abc.'],
    ['a leading dot', '.abc'],
    ['a signature that is not base64url', 'abc.!!!$$$'],
    ['a signature of the wrong length', 'abc.AAAA'],
    ['a signature of 4n+1 characters (no byte form; atob throws on it)', 'abc.AAAAA'],
    ['broken percent-encoding', '%E0%A4%A'],
    ['a NUL byte', 'abc%00.def'],
    ['a huge value', 'x'.repeat(100_000)],
  ];
  for (const [label, value] of bad) {
    it(`treats ${label} as no session`, async () => {
      const fw = await app();
      const res = await me(fw, `session=${value}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: null, isNew: true });
      expect(setCookieOf(res)).toBeNull();
    });
  }

  it('refuses a cookie whose id is real but whose signature was made with another secret', async () => {
    const fw = await app();
    const login = await fw.request('/login');
    const { id } = (await login.json()) as { id: string };
    const res = await me(fw, `session=${signedValue(id, otherSecret)}`);
    expect(await res.json()).toMatchObject({ user: null, isNew: true });
  });

  it('accepts a cookie signed independently with the right secret (HMAC-SHA256 over the id, base64url)', async () => {
    const store = new MemorySessionStore();
    await store.set('known-id', { user: 'grace' }, 60);
    const fw = await app({ store });
    const res = await me(fw, `session=${signedValue('known-id', secret)}`);
    expect(await res.json()).toMatchObject({ user: 'grace', isNew: false, id: 'known-id' });
  });

  it('accepts only the canonical base64url signature: the three variants differing in the unused low bits are refused', async () => {
    const fw = await app();
    const cookie = cookieHeader(await fw.request('/login?user=ada'));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const mac = cookie.slice(cookie.lastIndexOf('.') + 1);
    expect(mac).toHaveLength(43);
    const last = alphabet.indexOf(mac.at(-1)!);
    const variants = [1, 2, 3].map((bits) => `${cookie.slice(0, -1)}${alphabet[last ^ bits]}`);
    for (const variant of variants) {
      expect(Buffer.from(variant.slice(variant.lastIndexOf('.') + 1), 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
      const res = await me(fw, variant);
      expect(await res.json()).toMatchObject({ user: null, isNew: true });
      expect(setCookieOf(res)).toBeNull();
    }
    expect(await (await me(fw, cookie)).json()).toMatchObject({ user: 'ada', isNew: false });
  });

  it('starts fresh (with a new id) when the signed session has expired from the store', async () => {
    let now = 1_000_000;
    const fw = await app({ store: new MemorySessionStore({ now: () => now }), ttl: 60 });
    const cookie = cookieHeader(await fw.request('/login'));
    expect(await (await me(fw, cookie)).json()).toMatchObject({ user: 'ada' });
    now += 61_000;
    const expired = (await (await me(fw, cookie)).json()) as { user: unknown; isNew: boolean; id: string };
    expect(expired).toMatchObject({ user: null, isNew: true });
    expect(cookie).not.toContain(expired.id);
  });

  it('treats a stored value that is not a JSON object as no session, and ignores __proto__ in stored data', async () => {
    const kv = new MemoryKV();
    await kv.put('session:broken', 'not json');
    await kv.put('session:list', '[1,2]');
    await kv.put('session:proto', '{"__proto__":{"polluted":true},"user":"eve"}');
    const fw = await app({ store: new KVSessionStore(kv) });
    expect(await (await me(fw, `session=${signedValue('broken', secret)}`)).json()).toMatchObject({ user: null, isNew: true });
    expect(await (await me(fw, `session=${signedValue('list', secret)}`)).json()).toMatchObject({ user: null, isNew: true });
    const proto = await me(fw, `session=${signedValue('proto', secret)}`);
    expect(await proto.json()).toMatchObject({ user: 'eve', isNew: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('session: options are checked up front', () => {
  it.each([
    [{}, /secret/],
    [{ secret: 'short' }, /at least 32 characters/],
    [{ secret: [] }, /at least 32 characters/],
    [{ secret: [secret, 'short'] }, /at least 32 characters/],
    [{ secret, name: 'bad name;' }, /invalid cookie name/],
    [{ secret, ttl: 0 }, /ttl/],
    [{ secret, ttl: Number.NaN }, /ttl/],
    [{ secret, store: {} }, /store/],
    [{ secret, generateId: 'x' }, /generateId/],
    [{ secret, onCreated: 1 }, /onCreated/],
  ])('rejects %j', (options, message) => {
    expect(() => session(options as unknown as SessionOptions)).toThrow(message);
  });

  it('answers a 500 (not a crash) when generateId returns something unusable', async () => {
    const fw = await app({ generateId: () => '' });
    const res = await fw.request('/me');
    expect(res.status).toBe(500);
  });
});

describe('session: usage', () => {
  it('stores fields server-side; the cookie carries only the signed id, with safe attributes', async () => {
    const fw = await app({ ttl: 3600 });
    const login = await fw.request('/login?user=linus');
    const { id } = (await login.json()) as { id: string };
    const line = setCookieOf(login)!;
    expect(line).toContain(`session=${encodeURIComponent(signedValue(id, secret))}`);
    expect(line).not.toContain('linus');
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Max-Age=3600/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const res = await me(fw, cookieHeader(login));
    expect(await res.json()).toEqual({ user: 'linus', isNew: false, id });
    expect(setCookieOf(res)).toBeNull();
  });

  it('marks the cookie Secure on https and applies cookie options', async () => {
    const fw = await app({ name: 'sid', cookie: { sameSite: 'Strict', domain: 'example.com' } });
    const res = await fw.request('https://example.com/login');
    const line = setCookieOf(res, 'sid')!;
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Domain=example.com/);
  });

  it('saves changed fields when the request ends, without an explicit save()', async () => {
    const fw = await app();
    const first = await fw.request('/count');
    expect(await first.json()).toEqual({ count: 1 });
    const cookie = cookieHeader(first);
    expect(await (await fw.request('/count', { headers: { cookie } })).json()).toEqual({ count: 2 });
    expect(await (await fw.request('/count', { headers: { cookie } })).json()).toEqual({ count: 3 });
  });

  it('does not store or set a cookie for an untouched new session', async () => {
    const store = new MemorySessionStore();
    const fw = await app({ store });
    const res = await me(fw);
    const { id } = (await res.json()) as { id: string };
    expect(setCookieOf(res)).toBeNull();
    expect(await store.get(id)).toBeNull();
  });

  it('destroy() forgets the data and clears the cookie', async () => {
    const store = new MemorySessionStore();
    const fw = await app({ store });
    const login = await fw.request('/login');
    const { id } = (await login.json()) as { id: string };
    const cookie = cookieHeader(login);
    const out = await fw.request('/logout', { headers: { cookie } });
    expect(setCookieOf(out)).toMatch(/^session=; Max-Age=0/);
    expect(await store.get(id)).toBeNull();
    expect(await (await me(fw, cookie)).json()).toMatchObject({ user: null, isNew: true });
  });

  it('regenerate() moves the data to a new id and the old cookie stops working', async () => {
    const fw = await app();
    const login = await fw.request('/login');
    const oldCookie = cookieHeader(login);
    const rotated = await fw.request('/rotate', { headers: { cookie: oldCookie } });
    const { before, after } = (await rotated.json()) as { before: string; after: string };
    expect(after).not.toBe(before);
    const newCookie = cookieHeader(rotated);
    expect(await (await me(fw, newCookie)).json()).toMatchObject({ user: 'ada', id: after });
    expect(await (await me(fw, oldCookie)).json()).toMatchObject({ user: null, isNew: true });
  });

  it('rotates keys: a cookie signed with an older secret in the list still works; re-saving signs with the first', async () => {
    const store = new MemorySessionStore();
    const old = await app({ store, secret: otherSecret });
    const cookie = cookieHeader(await old.request('/count'));
    const rotated = await app({ store, secret: [secret, otherSecret] });
    const res = await rotated.request('/count', { headers: { cookie } });
    expect(await res.json()).toEqual({ count: 2 });
    const id = decodeURIComponent(cookie.slice('session='.length)).split('.')[0];
    expect(cookieHeader(res)).toBe(`session=${encodeURIComponent(signedValue(id, secret))}`);
    const dropped = await app({ store, secret });
    expect(await (await dropped.request('/count', { headers: { cookie } })).json()).toEqual({ count: 1 });
  });

  it('calls onCreated once, when a new session is first stored', async () => {
    const created: string[] = [];
    const fw = await app({ onCreated: (s) => void created.push(s.id) });
    await me(fw);
    expect(created).toEqual([]);
    const first = await fw.request('/count');
    const cookie = cookieHeader(first);
    await fw.request('/count', { headers: { cookie } });
    await fw.request('/login', { headers: { cookie } });
    expect(created).toHaveLength(1);
  });

  it('uses generateId for new ids', async () => {
    let n = 0;
    const fw = await app({ generateId: () => `custom-${++n}` });
    const res = await fw.request('/login');
    expect(await res.json()).toEqual({ id: 'custom-1' });
  });

  it('still saves the session when the handler throws, and the error answer carries the cookie', async () => {
    const fw = new Fw();
    fw.use(sessionMiddleware({ secret }));
    fw.get('/boom', (ctx) => {
      ctx.session.tried = true;
      throw new Error('handler failed');
    });
    fw.get('/me', (ctx) => ({ tried: ctx.session.tried ?? false }));
    const res = await fw.request('/boom');
    expect(res.status).toBe(500);
    expect(await (await fw.request('/me', { headers: { cookie: cookieHeader(res) } })).json()).toEqual({ tried: true });
  });

  it('rejects a write to a reserved name', async () => {
    const fw = new Fw();
    fw.use(sessionMiddleware({ secret }));
    fw.get('/', (ctx) => {
      (ctx.session as unknown as { id: string }).id = 'mine';
      return 'unreachable';
    });
    expect((await fw.request('/')).status).toBe(500);
  });
});
