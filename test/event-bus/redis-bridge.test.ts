import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, EventBusBridge } from '../../src/event-bus';
import { redisBusTransport } from '../../targets/node/redis-bus';

const fixture = fileURLToPath(new URL('./fixtures/redis-peer.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

interface Line {
  ready?: string;
  topic?: string;
  payload?: unknown;
  remote?: boolean;
}

class Peer {
  readonly lines: Line[] = [];
  private waiters: { test: (l: Line) => boolean; resolve: (l: Line) => void }[] = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (text) => {
      const line = JSON.parse(text) as Line;
      this.lines.push(line);
      this.waiters = this.waiters.filter((w) => (w.test(line) ? (w.resolve(line), false) : true));
    });
  }
  waitFor(test: (l: Line) => boolean): Promise<Line> {
    const found = this.lines.find(test);
    return found ? Promise.resolve(found) : new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
  emit(topic: string, payload: unknown): void {
    this.child.stdin.write(`${JSON.stringify({ topic, payload })}\n`);
  }
}

function start(channel: string): Peer {
  const child = spawn(tsx, [fixture, channel], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (d) => process.stderr.write(d));
  return new Peer(child);
}

describe('EventBusBridge over Redis (Streams, the default) with two real processes', () => {
  const channel = `fw:test:bus:${process.pid}:${Date.now()}`;
  let a: Peer;
  let b: Peer;

  beforeAll(async () => {
    a = start(channel);
    b = start(channel);
    await Promise.all([a.waitFor((l) => l.ready !== undefined), b.waitFor((l) => l.ready !== undefined)]);
  });

  afterAll(async () => {
    a?.child.stdin.end();
    b?.child.stdin.end();
    const admin = new Redis('redis://127.0.0.1:6379');
    await admin.del(channel);
    admin.disconnect();
  });

  it('an event emitted in one process arrives in the other exactly once', async () => {
    a.emit('order.created', { id: 1 });
    a.emit('test.marker', 'after order');
    await b.waitFor((l) => l.topic === 'test.marker');
    expect(b.lines.filter((l) => l.topic === 'order.created')).toEqual([{ topic: 'order.created', payload: { id: 1 }, remote: true }]);
    b.emit('reply.sent', { to: 1 });
    b.emit('test.marker2', 'after reply');
    await a.waitFor((l) => l.topic === 'test.marker2');
    expect(a.lines.filter((l) => l.topic === 'reply.sent')).toEqual([{ topic: 'reply.sent', payload: { to: 1 }, remote: true }]);
    expect(a.lines.filter((l) => l.topic === 'order.created')).toEqual([{ topic: 'order.created', payload: { id: 1 }, remote: false }]);
  });

  it('an unreachable Redis is a clear error from start()', async () => {
    const bridge = new EventBusBridge(new EventBus(), {
      transport: redisBusTransport({ url: 'redis://127.0.0.1:1', redisOptions: { retryStrategy: () => null } }),
    });
    await expect(bridge.start()).rejects.toThrow(/Redis is not reachable at redis:\/\/127.0.0.1:1/);
  });

  it('rejects an empty channel', () => {
    expect(() => redisBusTransport({ channel: '' })).toThrow(/channel/);
  });
});
