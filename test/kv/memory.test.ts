import { describe, expect, it } from 'vitest';
import { MemoryKV } from '../../src/kv/memory';
import { prefixedKV } from '../../src/kv/prefixed';
import { runKVConformance } from './conformance';

let clock = 1_000_000;
const now = (): number => clock;
const elapse = async (seconds: number): Promise<void> => {
  clock += seconds * 1000;
};

runKVConformance('memory', () => new MemoryKV({ now }), { elapse });

const shared = new MemoryKV({ now });
runKVConformance('prefixed view over memory', () => prefixedKV(shared, `t${Math.random().toString(36).slice(2)}:`), { elapse });

describe('MemoryKV bound', () => {
  it('evicts the least recently used entry when full', async () => {
    const kv = new MemoryKV({ maxEntries: 3 });
    await kv.put('a', '1');
    await kv.put('b', '2');
    await kv.put('c', '3');
    await kv.get('a');
    await kv.put('d', '4');
    expect(await kv.list()).toEqual(['a', 'c', 'd']);
    expect(kv.size).toBe(3);
  });

  it('drops expired entries before evicting live ones', async () => {
    let t = 0;
    const kv = new MemoryKV({ maxEntries: 2, now: () => t });
    await kv.put('old', '1', { ttl: 1 });
    await kv.put('keep', '2');
    t = 5000;
    await kv.put('new', '3');
    expect(await kv.list()).toEqual(['keep', 'new']);
  });

  it('rejects a bad bound', () => {
    expect(() => new MemoryKV({ maxEntries: 0 })).toThrow(/maxEntries must be a positive integer/);
  });
});

describe('prefixedKV', () => {
  it('keeps keys apart and strips the prefix when listing', async () => {
    const base = new MemoryKV();
    const a = prefixedKV(base, 'a:');
    const b = prefixedKV(base, 'b:');
    await a.put('k', '1');
    await b.put('k', '2');
    expect(await a.get('k')).toBe('1');
    expect(await b.list()).toEqual(['k']);
    expect(await base.list()).toEqual(['a:k', 'b:k']);
    expect(() => prefixedKV(base, '')).toThrow(/non-empty prefix/);
  });
});
