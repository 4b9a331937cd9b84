import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KVBusTransport, RoomManager, TransportRoomBridge, isRoomEvent, type BusTransport } from 'fw';
import { redisBusTransport, redisKV, serve, type NodeServer, type RedisKV } from 'fw/node';
import { roomsApp, type Chat } from './rooms-app';
import { client } from './ws-suite';

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

async function join(server: NodeServer, room: string, user: string) {
  const c = await client(`ws://127.0.0.1:${server.port}/chat/${room}?user=${user}`);
  expect(await c.next()).toBe('joined');
  return c;
}

/** Two instances (each a RoomManager on its own fw/node server) linked by bridges made by `bridge()`. */
function twoInstanceSuite(name: string, bridge: (channel: string) => BusTransport) {
  describe(name, () => {
    const channel = `fw:rooms:test:${crypto.randomUUID()}`;
    const transports = [bridge(channel), bridge(channel)];
    const one = new RoomManager<Chat>({ bridge: new TransportRoomBridge(transports[0]), instanceId: 'one' });
    const two = new RoomManager<Chat>({ bridge: new TransportRoomBridge(transports[1]), instanceId: 'two' });
    let s1: NodeServer;
    let s2: NodeServer;
    beforeAll(async () => {
      s1 = await serve(roomsApp(one), { port: 0, hostname: '127.0.0.1' });
      s2 = await serve(roomsApp(two), { port: 0, hostname: '127.0.0.1' });
      await one.connect();
      await two.connect();
    });
    afterAll(async () => {
      await one.close();
      await two.close();
      await s1.stop();
      await s2.stop();
    });

    it('carries broadcasts (text and binary) and presence between instances, and ignores garbage on the channel', async () => {
      const ann = await join(s1, 'lobby', 'ann');
      const bob = await join(s2, 'lobby', 'bob');
      await until(() => one.presence('lobby').length === 2 && two.presence('lobby').length === 2);
      await transports[0].publish('not json');
      await transports[0].publish(JSON.stringify({ type: 'join', origin: 'evil', room: 'lobby', member: { id: 42 } }));
      ann.ws.send('over the wire');
      expect(await bob.next()).toBe('ann: over the wire');
      bob.ws.send(Buffer.from([1, 2, 250]));
      expect([...((await ann.next()) as Buffer)]).toEqual([1, 2, 250]);
      expect(two.presence('lobby').map((m) => [m.instance, m.data])).toEqual([
        ['one', { user: 'ann' }],
        ['two', { user: 'bob' }],
      ]);
      bob.ws.close();
      await until(() => one.presence('lobby').length === 1);
      ann.ws.close();
      await until(() => two.presence('lobby').length === 0);
    });
  });
}

twoInstanceSuite('RoomManager over Redis pub/sub (real Redis)', (channel) => redisBusTransport({ channel }));

const stores: RedisKV[] = [];
twoInstanceSuite('RoomManager over KV polling (RedisKV on real Redis)', (channel) => {
  const store = redisKV();
  stores.push(store);
  return new KVBusTransport(store, { channel, pollIntervalMs: 25 });
});
afterAll(async () => {
  for (const store of stores) await store.close?.();
});

describe('isRoomEvent', () => {
  it('accepts well-formed events and rejects malformed ones', () => {
    expect(isRoomEvent({ type: 'alive', origin: 'a' })).toBe(true);
    expect(isRoomEvent({ type: 'broadcast', origin: 'a', room: 'r', payload: { text: 'x' }, except: null })).toBe(true);
    expect(isRoomEvent({ type: 'broadcast', origin: 'a', room: 'r', payload: {}, except: null })).toBe(false);
    expect(isRoomEvent({ type: 'sync', origin: 'a', to: 'b', rooms: { r: [{ id: 1 }] } })).toBe(false);
    expect(isRoomEvent({ type: 'explode', origin: 'a' })).toBe(false);
    expect(isRoomEvent(null)).toBe(false);
  });

  it('rejects a bridge without a transport', () => {
    expect(() => new TransportRoomBridge(null as never)).toThrow(TypeError);
  });
});
