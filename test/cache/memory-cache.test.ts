import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../../src/cache';

describe('MemoryCache', () => {
  it('rejects bad sizes and TTLs', () => {
    expect(() => new MemoryCache({ maxEntries: 0 })).toThrow('maxEntries must be a positive integer');
    expect(() => new MemoryCache({ ttl: -1 })).toThrow('ttl must be a positive number');
    expect(() => new MemoryCache().set('k', 1, Number.NaN)).toThrow('ttl must be a positive number');
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new MemoryCache<number>({ maxEntries: 2 });
    cache.set('a', 1).set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('expires entries after their TTL (default or per entry)', () => {
    let now = 0;
    const cache = new MemoryCache<string>({ ttl: 10, now: () => now });
    cache.set('default', 'x');
    cache.set('short', 'y', 1);
    now = 1000;
    expect(cache.has('short')).toBe(false);
    expect(cache.get('default')).toBe('x');
    now = 10_000;
    expect(cache.get('default')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('getOrSet loads once for concurrent callers and does not cache a failed load', async () => {
    const cache = new MemoryCache<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.getOrSet('k', load), cache.getOrSet('k', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
    await expect(cache.getOrSet('bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(cache.has('bad')).toBe(false);
    expect(cache.delete('k')).toBe(true);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
