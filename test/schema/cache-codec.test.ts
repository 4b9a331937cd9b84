import { describe, expect, it } from 'vitest';
import { deserializeFromCache, serializeForCache } from 'fw';

describe('serializeForCache / deserializeFromCache', () => {
  it('returns bytes and round-trips what JSON loses', () => {
    const value = {
      at: new Date(Date.UTC(2025, 4, 6, 7, 8, 9, 10)),
      map: new Map<unknown, unknown>([
        ['k', 1],
        [2, { nested: new Set(['a']) }],
      ]),
      set: new Set([1, 'two', 3n]),
      big: 2n ** 80n,
      bytes: new Uint8Array([0, 1, 254, 255]),
      missing: undefined,
      list: [undefined, null, -0, NaN, Infinity],
      text: 'ünïcödé \u2028 😀',
    };
    const bytes = serializeForCache(value);
    expect(bytes).toBeInstanceOf(Uint8Array);
    const back = deserializeFromCache<typeof value>(bytes);
    expect(back).toEqual(value);
    expect(back.at).toBeInstanceOf(Date);
    expect(back.map).toBeInstanceOf(Map);
    expect(back.set.has(3n)).toBe(true);
    expect(typeof back.big).toBe('bigint');
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(Object.hasOwn(back, 'missing')).toBe(true);
    expect(Object.is(back.list[2], -0)).toBe(true);
  });

  it('keeps shared and cyclic references', () => {
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic.self = cyclic;
    const back = deserializeFromCache<Record<string, any>>(serializeForCache(cyclic));
    expect(back.a).toBe(back.b);
    expect(back.self).toBe(back);
  });

  it('round-trips primitives and accepts an ArrayBuffer', () => {
    for (const value of [null, undefined, 0, 'x', true, [], {}]) {
      expect(deserializeFromCache(serializeForCache(value))).toEqual(value);
    }
    const bytes = serializeForCache({ a: 1 });
    expect(deserializeFromCache(bytes.slice().buffer)).toEqual({ a: 1 });
  });

  it('refuses values it cannot encode with a TypeError', () => {
    expect(() => serializeForCache({ fn: () => 1 })).toThrow(TypeError);
    expect(() => serializeForCache({ s: Symbol('x') })).toThrow(/serializeForCache cannot encode/);
    class Custom {
      x = 1;
    }
    expect(() => serializeForCache(new Custom())).toThrow(TypeError);
  });

  it('refuses bytes that are not a cache payload with a TypeError', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    for (const bad of [
      encode('not json'),
      encode('{"a":1}'),
      encode('"text"'),
      encode('[["Nope",1]]'),
      new Uint8Array([0xff, 0xfe]),
      new Uint8Array(),
    ]) {
      expect(() => deserializeFromCache(bad)).toThrow(TypeError);
    }
    expect(() => deserializeFromCache('[1]' as any)).toThrow(/needs the Uint8Array/);
  });
});
