import { describe, expect, it } from 'vitest';
import { RawHeaders } from '../../../targets/node/raw-headers';

const raw = ['Host', 'example.com', 'Accept', 'text/html', 'X-Tag', 'a', 'x-tag', 'b', 'Cookie', 'k=v'];
const pairs = (list: string[]): [string, string][] => list.flatMap((v, i) => (i % 2 === 0 ? [[v, list[i + 1]] as [string, string]] : []));

describe('RawHeaders (fw/node request headers)', () => {
  it('answers get and has like Headers without copying', () => {
    const headers = new RawHeaders(raw);
    const real = new Headers(pairs(raw));
    expect(headers).toBeInstanceOf(Headers);
    for (const name of ['host', 'ACCEPT', 'x-tag', 'cookie', 'missing']) {
      expect(headers.get(name)).toBe(real.get(name));
      expect(headers.has(name)).toBe(real.has(name));
    }
  });

  it('iterates, sorted and combined, as Headers does', () => {
    const real = new Headers(pairs(raw));
    expect([...new RawHeaders(raw)]).toEqual([...real]);
    expect([...new RawHeaders(raw).keys()]).toEqual([...real.keys()]);
    expect([...new RawHeaders(raw).values()]).toEqual([...real.values()]);
    expect([...new RawHeaders(raw).entries()]).toEqual([...real.entries()]);
    const seen: string[] = [];
    new RawHeaders(raw).forEach((value, key) => seen.push(`${key}=${value}`));
    expect(seen).toEqual([...real].map(([k, v]) => `${k}=${v}`));
  });

  it('is mutable, keeping what the raw list had', () => {
    const headers = new RawHeaders(raw);
    headers.set('accept', 'application/json');
    headers.append('x-tag', 'c');
    headers.delete('cookie');
    expect([headers.get('accept'), headers.get('x-tag'), headers.get('cookie'), headers.get('host')]).toEqual([
      'application/json',
      'a, b, c',
      null,
      'example.com',
    ]);
    expect(new RawHeaders(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2']).getSetCookie()).toEqual(['a=1', 'b=2']);
  });

  it('is accepted where Headers are (new Headers, new Request)', () => {
    expect(new Headers(new RawHeaders(raw)).get('x-tag')).toBe('a, b');
    expect(new Request('http://localhost/', { headers: new RawHeaders(raw) }).headers.get('accept')).toBe('text/html');
  });

  it('refuses an invalid name as Headers does', () => {
    expect(() => new RawHeaders(raw).get('bad name')).toThrow(TypeError);
  });
});
