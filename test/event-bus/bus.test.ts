import { describe, expect, it, vi } from 'vitest';
import { EventBus, topicMatches } from '../../src/event-bus';

describe('EventBus', () => {
  it('on/emit/unsubscribe and stats', () => {
    const bus = new EventBus();
    const seen: unknown[] = [];
    const off = bus.on('user.created', (p, e) => seen.push([p, e.topic, e.remote]));
    expect(bus.emit('user.created', { id: 1 })).toBe(1);
    off();
    expect(bus.emit('user.created', { id: 2 })).toBe(0);
    expect(seen).toEqual([[{ id: 1 }, 'user.created', false]]);
    expect(bus.stats()).toEqual({ topics: 0, handlers: 0, emitted: 2 });
  });

  it('once fires a single time, even when emitted re-entrantly', () => {
    const bus = new EventBus();
    const h = vi.fn(() => {
      bus.emit('t');
    });
    bus.once('t', h);
    bus.emit('t');
    bus.emit('t');
    expect(h).toHaveBeenCalledTimes(1);
    expect(bus.has('t')).toBe(false);
  });

  it('wildcards: * is one segment, ** one or more', () => {
    expect(topicMatches('user.*', 'user.created')).toBe(true);
    expect(topicMatches('user.*', 'user.profile.updated')).toBe(false);
    expect(topicMatches('user.**', 'user.profile.updated')).toBe(true);
    expect(topicMatches('**', 'a')).toBe(true);
    expect(topicMatches('*.created', 'order.created')).toBe(true);
    expect(topicMatches('user.*', 'user')).toBe(false);
    const bus = new EventBus();
    const got: string[] = [];
    bus.on('user.*', (_p, e) => got.push(`star:${e.topic}`));
    bus.on('user.**', (_p, e) => got.push(`deep:${e.topic}`));
    bus.emit('user.created');
    bus.emit('user.profile.updated');
    bus.emit('order.created');
    expect(got).toEqual(['star:user.created', 'deep:user.created', 'deep:user.profile.updated']);
    expect(bus.has('user.deleted')).toBe(true);
    expect(bus.has('order.deleted')).toBe(false);
  });

  it('off removes one handler or the whole topic; clear empties', () => {
    const bus = new EventBus();
    const a = vi.fn();
    const b = vi.fn();
    bus.on('x', a);
    bus.on('x', b);
    expect(bus.off('x', a)).toBe(true);
    expect(bus.off('x', a)).toBe(false);
    bus.emit('x');
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    bus.on('y', a);
    expect(bus.off('x')).toBe(true);
    expect(bus.topics()).toEqual(['y']);
    bus.clear();
    expect(bus.stats().handlers).toBe(0);
  });

  it('emit reports handler errors (sync and async) to onError and keeps calling the others', async () => {
    const errors: [string, string][] = [];
    const bus = new EventBus({ onError: (e, topic) => errors.push([topic, (e as Error).message]) });
    const after = vi.fn();
    bus.on('t', () => {
      throw new Error('sync');
    });
    bus.on('t', async () => {
      throw new Error('async');
    });
    bus.on('t', after);
    expect(bus.emit('t')).toBe(3);
    expect(after).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toEqual([
      ['t', 'sync'],
      ['t', 'async'],
    ]);
  });

  it('emitAsync awaits every handler and rejects with their errors', async () => {
    const bus = new EventBus();
    const order: string[] = [];
    bus.on('job', async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('slow');
    });
    bus.on('job', () => {
      order.push('fast');
    });
    await expect(bus.emitAsync('job', 1)).resolves.toBe(2);
    expect(order.sort()).toEqual(['fast', 'slow']);
    bus.on('bad', () => {
      throw new Error('one');
    });
    await expect(bus.emitAsync('bad')).rejects.toThrow('one');
    bus.on('bad', async () => {
      throw new Error('two');
    });
    await expect(bus.emitAsync('bad')).rejects.toBeInstanceOf(AggregateError);
  });

  it('enforces maxHandlersPerTopic with a clear error', () => {
    const bus = new EventBus({ name: 'small', maxHandlersPerTopic: 2 });
    bus.on('t', () => {});
    bus.on('t', () => {});
    expect(() => bus.on('t', () => {})).toThrow(/EventBus "small": topic "t" already has 2 handlers \(maxHandlersPerTopic\)/);
    expect(() => bus.on('other', () => {})).not.toThrow();
  });

  it('the default limit is 1000', () => {
    const bus = new EventBus();
    for (let i = 0; i < 1000; i++) bus.on('t', () => {});
    expect(() => bus.on('t', () => {})).toThrow(/1000 handlers/);
  });

  it.each([
    ['', /non-empty string/],
    ['a..b', /empty segment/],
    ['.a', /empty segment/],
    [42, /non-empty string/],
  ])('rejects topic %j', (topic, message) => {
    const bus = new EventBus();
    expect(() => bus.on(topic as never, () => {})).toThrow(message);
    expect(() => bus.emit(topic as never)).toThrow(message);
  });

  it('rejects bad handlers, bad options and emitting to a pattern', () => {
    const bus = new EventBus();
    expect(() => bus.on('t', 'x' as never)).toThrow(/handler must be a function/);
    expect(() => bus.emit('user.*')).toThrow(/Cannot emit to the pattern/);
    expect(() => new EventBus({ maxHandlersPerTopic: 0 })).toThrow(/positive integer/);
  });
});
