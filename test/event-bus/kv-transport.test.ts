import { describe, expect, it, vi } from 'vitest';
import { EventBus, EventBusBridge, KVBusTransport, type KVBusTransportOptions } from '../../src/event-bus';
import { MemoryKV } from '../../src/kv/memory';
import type { KVStore } from '../../src/kv/types';
import { RedisKV } from '../../targets/node/redis-kv';

interface Got {
  topic: string;
  payload: number;
  id: string;
}

function peer(store: KVStore, options: KVBusTransportOptions = {}) {
  const bus = new EventBus();
  const got: Got[] = [];
  const errors: Error[] = [];
  const bridge = new EventBusBridge(bus, {
    transport: new KVBusTransport(store, { channel: 'kvt', pollIntervalMs: 0, ...options }),
    onError: (error) => errors.push(error as Error),
  });
  bus.on('**', (payload, event) => {
    if (event.remote) got.push({ topic: event.topic, payload: payload as number, id: event.id as string });
  });
  return { bus, bridge, got, errors };
}

const payloadsOf = (got: Got[], topic: string) => got.filter((g) => g.topic === topic).map((g) => g.payload);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('KVBusTransport', () => {
  it('delivers 1200 events emitted in a burst (many per millisecond) in order per topic, none missing', async () => {
    const store = new MemoryKV();
    const sender = peer(store);
    const reader = peer(store);
    await sender.bridge.start();
    await reader.bridge.start();
    for (let i = 0; i < 600; i++) {
      await sender.bus.emitAsync('a.x', i);
      await sender.bus.emitAsync('b.y', i);
    }
    await reader.bridge.poll();
    expect(reader.got).toHaveLength(1200);
    expect(payloadsOf(reader.got, 'a.x')).toEqual(range(0, 600));
    expect(payloadsOf(reader.got, 'b.y')).toEqual(range(0, 600));
    const keys = (await store.list({ prefix: 'kvt:' })).map((k) => k.slice(4));
    expect(keys.every((k) => /^\d{15}:[0-9a-z]{8}:\d{12}$/.test(k))).toBe(true);
  });

  it('over RedisKV (real Redis): 900 events in order, and a restarted named consumer gets what was stored meanwhile', async () => {
    const store = new RedisKV({ url: 'redis://127.0.0.1:6379', prefix: `fw:test:kvbus:${process.pid}:${Date.now()}:` });
    try {
      const sender = peer(store);
      const first = peer(store, { consumer: 'redis-reader' });
      await sender.bridge.start();
      await first.bridge.start();
      await Promise.all(range(0, 600).map((i) => sender.bus.emitAsync(`r.${i % 3}`, i)));
      await first.bridge.poll();
      await first.bridge.stop();
      await Promise.all(range(600, 900).map((i) => sender.bus.emitAsync(`r.${i % 3}`, i)));
      const again = peer(store, { consumer: 'redis-reader' });
      await again.bridge.start();
      await again.bridge.poll();
      for (const topic of ['r.0', 'r.1', 'r.2']) {
        const mine = (from: number, to: number) => range(from, to).filter((i) => `r.${i % 3}` === topic);
        expect(payloadsOf(first.got, topic)).toEqual(mine(0, 600));
        expect(payloadsOf(again.got, topic)).toEqual(mine(600, 900));
      }
    } finally {
      for (const key of await store.list()) await store.delete(key);
      await store.close();
    }
  });

  it('a restarted consumer with a name resumes from its durable cursor: nothing lost, nothing repeated', async () => {
    const store = new MemoryKV();
    const sender = peer(store);
    await sender.bridge.start();
    for (let i = 0; i < 50; i++) await sender.bus.emitAsync('t.x', i);
    const first = peer(store, { consumer: 'billing' });
    await first.bridge.start();
    for (let i = 50; i < 300; i++) await sender.bus.emitAsync('t.x', i);
    await first.bridge.poll();
    await first.bridge.stop();
    for (let i = 300; i < 563; i++) await sender.bus.emitAsync('t.x', i);

    const again = peer(store, { consumer: 'billing' });
    await again.bridge.start();
    await again.bridge.poll();
    expect(payloadsOf(first.got, 't.x')).toEqual(range(50, 300));
    expect(payloadsOf(again.got, 't.x')).toEqual(range(300, 563));

    const stranger = peer(store, { consumer: 'audit' });
    await stranger.bridge.start();
    await stranger.bridge.poll();
    expect(stranger.got).toEqual([]);
    const anonymous = peer(store);
    await anonymous.bridge.start();
    await sender.bus.emitAsync('t.x', 563);
    await anonymous.bridge.poll();
    expect(payloadsOf(anonymous.got, 't.x')).toEqual([563]);
  });

  it('moves the cursor only past handled events: one still running when the consumer stopped comes again, same event.id', async () => {
    const store = new MemoryKV();
    const sender = peer(store);
    await sender.bridge.start();
    const first = peer(store, { consumer: 'slow' });
    let release: () => void = () => undefined;
    first.bus.on('t.x', (payload) => (payload === 7 ? new Promise<void>((resolve) => (release = resolve)) : undefined));
    await first.bridge.start();
    for (let i = 0; i < 5; i++) await sender.bus.emitAsync('t.x', i);
    await first.bridge.poll();
    for (let i = 5; i < 10; i++) await sender.bus.emitAsync('t.x', i);
    const stuck = first.bridge.poll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.bridge.stats().pending).toBe(1);
    await first.bridge.stop();

    const again = peer(store, { consumer: 'slow' });
    await again.bridge.start();
    await again.bridge.poll();
    expect(payloadsOf(again.got, 't.x')).toEqual(range(5, 10));
    const before = first.got.find((g) => g.payload === 5);
    expect(again.got.find((g) => g.payload === 5)?.id).toBe(before?.id);
    release();
    await stuck;
  });

  it('reports a failing poll to the bridge onError and stats, and delivers everything once the store is back', async () => {
    const store = new MemoryKV();
    let broken = false;
    const flaky: KVStore = Object.assign(Object.create(store) as KVStore, {
      list: (options?: { prefix?: string }) => (broken ? Promise.reject(new Error('KV is down')) : store.list(options)),
    });
    vi.useFakeTimers();
    try {
      const sender = peer(store);
      const reader = peer(flaky, { pollIntervalMs: 20 });
      await sender.bridge.start();
      await reader.bridge.start();
      broken = true;
      for (let i = 0; i < 20; i++) await sender.bus.emitAsync('t.x', i);
      for (let tick = 0; tick < 100 && reader.errors.length < 2; tick++) await vi.advanceTimersByTimeAsync(20);
      expect(reader.errors[0].message).toMatch(/KVBusTransport poll of "kvt:" failed: KV is down/);
      expect(reader.bridge.stats().errors).toBeGreaterThanOrEqual(2);
      broken = false;
      for (let tick = 0; tick < 100 && reader.got.length < 20; tick++) await vi.advanceTimersByTimeAsync(20);
      expect(payloadsOf(reader.got, 't.x')).toEqual(range(0, 20));
      await reader.bridge.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a poll without an onError to report to rejects instead', async () => {
    let broken = false;
    const store = new MemoryKV();
    const flaky: KVStore = Object.assign(Object.create(store) as KVStore, {
      list: (options?: { prefix?: string }) => (broken ? Promise.reject(new Error('no listing')) : store.list(options)),
    });
    const transport = new KVBusTransport(flaky, { pollIntervalMs: 0 });
    await transport.subscribe(() => undefined);
    broken = true;
    await expect(transport.poll()).rejects.toThrow(/KVBusTransport poll of "fw:bus:" failed: no listing/);
    expect(transport.stats().errors).toBe(1);
    await expect(new KVBusTransport(flaky).subscribe(() => undefined)).rejects.toThrow(/no listing/);
  });

  it('rejects bad options at construction', () => {
    const store = new MemoryKV();
    expect(() => new KVBusTransport(store, { consumer: '' })).toThrow(/consumer must be a non-empty string without ":"/);
    expect(() => new KVBusTransport(store, { consumer: 'a:b' })).toThrow(/consumer must be a non-empty string without ":"/);
    expect(() => new KVBusTransport(store, { ttlSeconds: 0 })).toThrow(/ttlSeconds must be a number > 0, got 0/);
    expect(() => new KVBusTransport(store, { pollIntervalMs: Number.NaN })).toThrow(/pollIntervalMs must be a number >= 0/);
    expect(() => new EventBusBridge(new EventBus(), { transport: new KVBusTransport(store), onError: 'log' as never })).toThrow(
      /onError must be a function/,
    );
  });
});
