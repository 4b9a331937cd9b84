import { describe, expect, it, vi } from 'vitest';
import { EventBus, EventBusBridge, KVBusTransport } from '../../src/event-bus';
import { MemoryKV } from '../../src/kv/memory';

function peer(store: MemoryKV, options: { topics?: string[]; onError?: (e: unknown) => void } = {}) {
  const bus = new EventBus();
  const bridge = new EventBusBridge(bus, { transport: new KVBusTransport(store, { channel: 'test', pollIntervalMs: 0 }), ...options });
  return { bus, bridge };
}

describe('EventBusBridge over a KVStore (polling)', () => {
  it('delivers an event emitted on one bus to the other exactly once, not back to the sender', async () => {
    const store = new MemoryKV();
    const a = peer(store);
    const b = peer(store);
    await a.bridge.start();
    await b.bridge.start();
    const onA = vi.fn();
    const onB = vi.fn();
    a.bus.on('order.*', onA);
    b.bus.on('order.*', onB);
    await a.bus.emitAsync('order.paid', { id: 7 });
    await b.bridge.poll();
    await b.bridge.poll();
    await a.bridge.poll();
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).toHaveBeenCalledTimes(1);
    expect(onB.mock.calls[0][0]).toEqual({ id: 7 });
    expect(onB.mock.calls[0][1]).toMatchObject({ topic: 'order.paid', remote: true, origin: a.bridge.instanceId });
    expect(b.bridge.stats()).toMatchObject({ received: 1 });
    expect(a.bridge.stats()).toMatchObject({ published: 1, received: 0 });
  });

  it('skips history: events stored before a bridge subscribed are not replayed', async () => {
    const store = new MemoryKV();
    const a = peer(store);
    await a.bridge.start();
    await a.bus.emitAsync('x.y', 1);
    const late = peer(store);
    const onLate = vi.fn();
    late.bus.on('x.y', onLate);
    await late.bridge.poll();
    expect(onLate).not.toHaveBeenCalled();
    await a.bus.emitAsync('x.y', 2);
    await late.bridge.poll();
    expect(onLate.mock.calls.map((c) => c[0])).toEqual([2]);
  });

  it('forwards only the configured topics', async () => {
    const store = new MemoryKV();
    const a = peer(store, { topics: ['public.*'] });
    const b = peer(store);
    await a.bridge.start();
    await b.bridge.start();
    const got = vi.fn();
    b.bus.on('**', (_p, e) => got(e.topic));
    await a.bus.emitAsync('private.secret', 1);
    await a.bus.emitAsync('public.news', 2);
    await b.bridge.poll();
    expect(got.mock.calls.map((c) => c[0])).toEqual(['public.news']);
  });

  it('reports a payload that is not JSON and malformed stored messages, without crashing', async () => {
    const store = new MemoryKV();
    const errors: string[] = [];
    const a = peer(store, { onError: (e) => errors.push((e as Error).message) });
    const b = peer(store, { onError: (e) => errors.push((e as Error).message) });
    await a.bridge.start();
    await b.bridge.start();
    const local = vi.fn();
    a.bus.on('big', local);
    a.bus.emit('big', { n: 1n });
    expect(local).toHaveBeenCalledTimes(1);
    await store.put('test:999999999999999:garbage', 'not json');
    await store.put('test:999999999999998:other', JSON.stringify({ hello: 1 }));
    await b.bridge.poll();
    expect(errors[0]).toMatch(/not JSON-serializable/);
    expect(errors.filter((m) => m.startsWith('Dropped a malformed'))).toHaveLength(2);
    expect(b.bridge.stats().dropped).toBe(2);
  });

  it('minPollGapMs limits KV listings to one per gap', async () => {
    const store = new MemoryKV();
    let listings = 0;
    const counting = Object.assign(Object.create(store), {
      list: (o: unknown) => {
        listings++;
        return store.list(o as never);
      },
    });
    const a = peer(store);
    await a.bridge.start();
    const bus = new EventBus();
    const got = vi.fn();
    bus.on('t.x', got);
    const bridge = new EventBusBridge(bus, {
      transport: new KVBusTransport(counting, { channel: 'test', pollIntervalMs: 0, minPollGapMs: 60_000 }),
    });
    await bridge.start();
    const afterStart = listings;
    await a.bus.emitAsync('t.x', 1);
    await bridge.poll();
    expect(listings).toBe(afterStart + 1);
    await a.bus.emitAsync('t.x', 2);
    await bridge.poll();
    await bridge.poll();
    expect(listings).toBe(afterStart + 1);
    expect(got.mock.calls.map((c) => c[0])).toEqual([1]);
    expect(() => new KVBusTransport(store, { minPollGapMs: -1 })).toThrow(/minPollGapMs/);
  });

  it('rejects bad construction', () => {
    expect(() => new KVBusTransport(null as never)).toThrow(/needs a KVStore/);
    expect(() => new KVBusTransport(new MemoryKV(), { channel: '' })).toThrow(/channel/);
    expect(() => new KVBusTransport(new MemoryKV(), { pollIntervalMs: -1 })).toThrow(/pollIntervalMs/);
    expect(() => new EventBusBridge(new EventBus(), {} as never)).toThrow(/needs a transport/);
  });
});
