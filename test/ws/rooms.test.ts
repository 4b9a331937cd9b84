import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fw, MemoryRoomBridge, RoomManager, type RoomBridge, type RoomEvent } from 'fw';
import { roomsApp, type Chat } from './rooms-app';
import { serve, type NodeServer } from 'fw/node';
import { client } from './ws-suite';

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

async function join(server: NodeServer, room: string, user: string) {
  const c = await client(`ws://127.0.0.1:${server.port}/chat/${room}?user=${user}`);
  expect(await c.next()).toBe('joined');
  return c;
}

describe('RoomManager on one instance', () => {
  const rooms = new RoomManager<Chat>();
  let server: NodeServer;
  beforeAll(async () => {
    server = await serve(roomsApp(rooms), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(() => server.stop());

  it('broadcasts to the room only, except the sender, and reports presence, rooms and connections', async () => {
    const a = await join(server, 'one', 'a');
    const b = await join(server, 'one', 'b');
    const c = await join(server, 'one', 'c');
    const d = await join(server, 'two', 'd');
    a.ws.send('hi');
    expect(await b.next()).toBe('a: hi');
    expect(await c.next()).toBe('a: hi');
    d.ws.send('alone');
    b.ws.send('/rooms');
    expect(await b.next()).toBe('["one"]');
    a.ws.send('second');
    expect(await b.next()).toBe('a: second');
    expect(await c.next()).toBe('a: second');
    d.ws.send('/rooms');
    expect(await d.next()).toBe('["two"]');

    expect(rooms.rooms()).toEqual([
      { room: 'one', members: 3, local: 3 },
      { room: 'two', members: 1, local: 1 },
    ]);
    const presence = rooms.presence('one');
    expect(presence.map((m) => m.data)).toEqual([{ user: 'a' }, { user: 'b' }, { user: 'c' }]);
    expect(presence.every((m) => m.instance === rooms.instanceId && typeof m.joinedAt === 'string')).toBe(true);
    expect(rooms.members('two')).toHaveLength(1);
    expect(rooms.connections()).toEqual({
      instance: rooms.instanceId,
      active: 4,
      byPath: { '/chat/one': 3, '/chat/two': 1 },
      remoteMembers: 0,
    });
    expect(JSON.parse(JSON.stringify({ rooms: rooms.rooms(), presence, connections: rooms.connections() }))).toEqual({
      rooms: rooms.rooms(),
      presence,
      connections: rooms.connections(),
    });

    c.ws.send('/leave');
    expect(await c.next()).toBe('left');
    b.ws.close();
    await b.closed;
    await until(() => rooms.connections().active === 3);
    expect(rooms.presence('one').map((m) => m.data)).toEqual([{ user: 'a' }]);
    for (const x of [a, c, d]) x.ws.close();
    await until(() => rooms.connections().active === 0);
    expect(rooms.rooms()).toEqual([]);
  });

  it('is what the MCP tools read through app state fw:rooms', () => {
    const app = new Fw();
    const manager = new RoomManager().attach(app);
    expect(app.state('fw:rooms')).toBe(manager);
  });

  it('rejects an empty room name and a message that is neither text nor bytes', async () => {
    await expect(rooms.broadcast('', 'x')).rejects.toThrow(TypeError);
    await expect(rooms.broadcast('one', { not: 'bytes' } as never)).rejects.toThrow(/string, an ArrayBuffer/);
  });
});

describe('RoomManager across instances through a bridge', () => {
  const bridge = new MemoryRoomBridge();
  const first = new RoomManager<Chat>({ bridge, instanceId: 'first' });
  const second = new RoomManager<Chat>({ bridge, instanceId: 'second' });
  let s1: NodeServer;
  let s2: NodeServer;
  beforeAll(async () => {
    s1 = await serve(roomsApp(first), { port: 0, hostname: '127.0.0.1' });
    s2 = await serve(roomsApp(second), { port: 0, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await s1.stop();
    await s2.stop();
  });

  it('fans broadcasts and presence out to the other instance, binary included', async () => {
    const ann = await join(s1, 'lobby', 'ann');
    const bob = await join(s2, 'lobby', 'bob');
    const cat = await join(s2, 'lobby', 'cat');
    await until(() => first.presence('lobby').length === 3 && second.presence('lobby').length === 3);
    ann.ws.send('hello everyone');
    expect(await bob.next()).toBe('ann: hello everyone');
    expect(await cat.next()).toBe('ann: hello everyone');
    bob.ws.send(Buffer.from([9, 8, 7]));
    expect([...((await ann.next()) as Buffer)]).toEqual([9, 8, 7]);
    expect([...((await cat.next()) as Buffer)]).toEqual([9, 8, 7]);

    expect(first.rooms()).toEqual([{ room: 'lobby', members: 3, local: 1 }]);
    expect(first.presence('lobby').map((m) => [m.instance, m.data])).toEqual([
      ['first', { user: 'ann' }],
      ['second', { user: 'bob' }],
      ['second', { user: 'cat' }],
    ]);
    expect(first.connections()).toMatchObject({ active: 1, remoteMembers: 2 });

    const late = new RoomManager<Chat>({ bridge, instanceId: 'late' });
    await late.connect();
    await until(() => late.presence('lobby').length === 3);
    expect(late.rooms()).toEqual([{ room: 'lobby', members: 3, local: 0 }]);

    cat.ws.close();
    await until(() => first.presence('lobby').length === 2 && late.presence('lobby').length === 2);
    await second.close();
    await until(() => first.presence('lobby').length === 1);
    expect(first.presence('lobby').map((m) => m.instance)).toEqual(['first']);
    await late.close();
    ann.ws.close();
    bob.ws.close();
  });
});

/** A link from one instance to the shared bridge that can be cut, as when that instance's process dies. */
class CuttableLink implements RoomBridge {
  cut = false;
  constructor(private readonly hub: MemoryRoomBridge) {}
  async publish(event: RoomEvent): Promise<void> {
    if (!this.cut) await this.hub.publish(event);
  }
  subscribe(listener: (event: RoomEvent) => void): Promise<() => void> {
    return this.hub.subscribe((event) => {
      if (!this.cut) listener(event);
    });
  }
}

describe('RoomManager heartbeat', () => {
  it('drops the members of an instance that went silent without saying bye', async () => {
    const hub = new MemoryRoomBridge();
    const link = new CuttableLink(hub);
    const watcher = new RoomManager<Chat>({ bridge: hub, instanceId: 'watcher', heartbeatMs: 50 });
    const doomed = new RoomManager<Chat>({ bridge: link, instanceId: 'doomed', heartbeatMs: 50 });
    await watcher.connect();
    const server = await serve(roomsApp(doomed), { port: 0, hostname: '127.0.0.1' });
    try {
      const c = await join(server, 'lobby', 'zed');
      await until(() => watcher.presence('lobby').length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(watcher.presence('lobby').map((m) => m.instance)).toEqual(['doomed']);
      link.cut = true;
      await until(() => watcher.presence('lobby').length === 0);
      expect(watcher.rooms()).toEqual([]);
      c.ws.close();
    } finally {
      await server.stop();
      await watcher.close();
      await doomed.close();
    }
  });

  it('rejects a bad heartbeatMs', () => {
    expect(() => new RoomManager({ heartbeatMs: -1 })).toThrow(RangeError);
  });
});
