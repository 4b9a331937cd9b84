/**
 * durableRooms() in workerd through miniflare: the fixture chat (fixtures/durable-rooms-worker.ts) runs as two
 * workers, `a` (127.0.0.1) and `b` (Host b.test), each its own isolate, both bound to the one FwRoom namespace
 * that `a` defines. Clients are real `ws` sockets.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { webSocketSuite } from '../../ws/ws-suite';
import { bundleWorker, compatibilityDate, runWorker } from './helpers';

type Client = {
  ws: WebSocket;
  next: () => Promise<string | Buffer>;
  closed: Promise<{ code: number; reason: string }>;
};

let mf: Miniflare;
let origin = '';

/** Opens a socket through worker `a` (default) or `b`, resolving once open with its messages queued. */
function open(path: string, through: 'a' | 'b' = 'a'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${origin}${path}`, through === 'b' ? { headers: { host: 'b.test' } } : {});
    const queue: Array<string | Buffer> = [];
    const waiters: Array<(m: string | Buffer) => void> = [];
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? (data as Buffer) : data.toString();
      const w = waiters.shift();
      if (w) w(m);
      else queue.push(m);
    });
    const closed = new Promise<{ code: number; reason: string }>((r) =>
      ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
    );
    ws.on('open', () =>
      resolve({ ws, closed, next: () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((r) => waiters.push(r))) }),
    );
    ws.on('error', reject);
  });
}

/** Joins a chat room as `user` and waits for the welcome. */
async function join(room: string, user: string, through: 'a' | 'b' = 'a'): Promise<Client> {
  const c = await open(`/chat/${room}?user=${user}`, through);
  expect(await c.next()).toBe('joined');
  return c;
}

/** Sends a command and returns the sender's next message. */
async function ask(c: Client, text: string): Promise<string> {
  c.ws.send(text);
  return String(await c.next());
}

/** A refused handshake's status and body. */
function refused(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${origin}${path}`);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('the handshake was accepted')));
    ws.on('error', () => undefined);
  });
}

async function get(path: string, through: 'a' | 'b' = 'a', init: RequestInit = {}): Promise<Response> {
  return mf.dispatchFetch(`http://${through === 'a' ? '127.0.0.1' : 'b.test'}${path}`, init as never) as unknown as Response;
}

type State = {
  rooms: { room: string; members: number; local: number }[];
  presence: { id: string; data: { user: string }; joinedAt: string; instance: string }[];
  connections: { instance: string; active: number; byPath: Record<string, number>; remoteMembers: number };
};

async function state(room: string, through: 'a' | 'b' = 'a'): Promise<State> {
  return (await (await get(`/state/${room}`, through)).json()) as State;
}

async function users(room: string, through: 'a' | 'b' = 'a'): Promise<string[]> {
  return (await state(room, through)).presence.map((m) => m.data.user);
}

async function bye(...clients: Client[]): Promise<void> {
  for (const c of clients) c.ws.close();
  await Promise.all(clients.map((c) => c.closed));
}

beforeAll(async () => {
  const script = await bundleWorker('test/targets/worker/fixtures/durable-rooms-worker.ts');
  const modules = [{ type: 'ESModule' as const, path: 'worker.mjs', contents: script }];
  mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    cf: false,
    workers: [
      { name: 'a', compatibilityDate, modules, durableObjects: { ROOMS: { className: 'TestRoom', useSQLite: true } } },
      {
        name: 'b',
        compatibilityDate,
        modules,
        routes: ['b.test/*'],
        durableObjects: { ROOMS: { className: 'TestRoom', scriptName: 'a', useSQLite: true } },
      },
    ],
  });
  origin = (await mf.ready).host;
}, 60_000);

afterAll(() => mf?.dispose());

describe('durableRooms: rooms held by Durable Objects', () => {
  it('broadcasts to every member but the sender, lists presence and counts from the objects, and updates on leave and close', async () => {
    const ann = await join('lobby', 'ann');
    const bob = await join('lobby', 'bob');
    const cid = await join('lobby', 'cid');
    expect(await ask(ann, 'hello')).toBe('delivered 2');
    expect(await bob.next()).toBe('ann: hello');
    expect(await cid.next()).toBe('ann: hello');

    const s = await state('lobby');
    expect(s.presence.map((m) => [m.data.user, m.instance])).toEqual([
      ['ann', 'room:lobby'],
      ['bob', 'room:lobby'],
      ['cid', 'room:lobby'],
    ]);
    // Counts come from the directory, which room objects update without holding up a join: poll briefly.
    await expect.poll(async () => (await state('lobby')).rooms).toContainEqual({ room: 'lobby', members: 3, local: 3 });
    await expect
      .poll(async () => (await state('lobby')).connections)
      .toMatchObject({ instance: 'durable-objects', byPath: { '/chat/lobby': 3 } });

    // An HTTP route broadcasts too (no sender to skip).
    expect(await (await get('/announce/lobby', 'a', { method: 'POST', body: 'news' })).json()).toEqual({ sent: 3 });
    for (const c of [ann, bob, cid]) expect(await c.next()).toBe('news');

    // A handler broadcasting to its own room with no sender to skip goes through the room's object (its own stub).
    bob.ws.send('/to lobby all of us');
    expect([await bob.next(), await bob.next()].sort()).toEqual(['bob@lobby: all of us', 'sent 3']);
    for (const c of [ann, cid]) expect(await c.next()).toBe('bob@lobby: all of us');

    // Binary frames go out as binary.
    bob.ws.send(Buffer.from([1, 2, 3]));
    expect(Buffer.compare((await ann.next()) as Buffer, Buffer.from([1, 2, 3]))).toBe(0);
    expect(Buffer.compare((await cid.next()) as Buffer, Buffer.from([1, 2, 3]))).toBe(0);

    expect(await ask(bob, '/leave lobby')).toBe('left lobby');
    expect(await users('lobby')).toEqual(['ann', 'cid']);
    expect(await ask(ann, 'after leave')).toBe('delivered 1');
    expect(await cid.next()).toBe('ann: after leave');

    await bye(cid);
    await expect.poll(() => users('lobby')).toEqual(['ann']);
    await bye(ann, bob);
    await expect.poll(async () => (await state('lobby')).rooms.find((r) => r.room === 'lobby')).toBeUndefined();
    await expect.poll(async () => (await state('lobby')).connections.byPath['/chat/lobby']).toBeUndefined();
  });

  it('joins rooms held by other objects: broadcasts, presence and membership cross objects, and closing leaves them all', async () => {
    const ann = await join('north', 'ann');
    const bob = await join('south', 'bob');
    expect(await ask(ann, '/join south')).toBe('in south');
    expect(await ask(ann, '/rooms')).toBe('["north","south"]');

    const south = await state('south');
    expect(south.presence.map((m) => [m.data.user, m.instance])).toEqual([
      ['bob', 'room:south'],
      ['ann', 'room:north'],
    ]);
    await expect
      .poll(async () => (await state('south')).rooms)
      .toEqual(
        expect.arrayContaining([
          { room: 'north', members: 1, local: 1 },
          { room: 'south', members: 2, local: 1 },
        ]),
      );
    expect((await state('south')).connections.remoteMembers).toBeGreaterThanOrEqual(1);

    // bob's message in south reaches ann, whose socket the north object holds.
    expect(await ask(bob, 'hi south')).toBe('delivered 1');
    expect(await ann.next()).toBe('bob: hi south');
    // ann broadcasts to south from north's object: bob gets it, and ann too (she is a member, not excluded).
    ann.ws.send('/to south ping');
    expect([await ann.next(), await ann.next()].sort()).toEqual(['ann@south: ping', 'sent 2']);
    expect(await bob.next()).toBe('ann@south: ping');

    await bye(ann);
    await expect.poll(() => users('south')).toEqual(['bob']);
    expect(await ask(bob, 'alone')).toBe('delivered 0');
    await bye(bob);
  });

  it('survives real hibernation: idle objects are dropped, and the new instances serve every socket from its attachment', async () => {
    const built = async () => ((await (await get('/isolate')).json()) as { objectsBuilt: number }).objectsBuilt;
    const ann = await join('den', 'ann');
    const bob = await join('east', 'bob');
    expect(await ask(ann, '/join east')).toBe('in east');
    const before = JSON.parse(await ask(ann, '/whoami'));
    expect(await ask(ann, '/set zoe')).toBe('now zoe');
    const instances = await built();

    // Nothing reaches den or east for 16 s: workerd hibernates an object whose only connections are
    // hibernatable sockets after about 10 s idle (measured), dropping its instance and its memory.
    await new Promise((r) => setTimeout(r, 16_000));
    expect(JSON.parse(await ask(ann, '/whoami'))).toEqual({ id: before.id, data: { user: 'zoe' } });
    expect(await built()).toBeGreaterThan(instances);
    expect(await ask(ann, '/rooms')).toBe('["den","east"]');
    // east wakes too: its remote member ann is reached through den.
    expect(await ask(bob, 'still there?')).toBe('delivered 1');
    expect(await ann.next()).toBe('bob: still there?');
    expect(await built()).toBeGreaterThanOrEqual(instances + 2);
    expect((await users('east')).sort()).toEqual(['ann', 'bob']);
    await bye(ann);
    await expect.poll(() => users('east')).toEqual(['bob']);
    await bye(bob);
  }, 60_000);
});

describe('durableRooms: options', () => {
  it('home puts a socket in the object it names; presence shows what the presence option gives, else ws.data', async () => {
    const hall = await open('/hall?user=vip-ada');
    expect(await hall.next()).toBe('joined');
    const guest = await join('main-hall', 'guest');
    // Both members are held by main-hall's own object (local 2): the /hall socket's home came from the option.
    await expect.poll(async () => (await state('main-hall')).rooms).toContainEqual({ room: 'main-hall', members: 2, local: 2 });
    const presence = (await state('main-hall')).presence;
    expect(presence.map((m) => [m.data, m.instance])).toEqual([
      [{ user: 'vip-ada', badge: 'vip' }, 'room:main-hall'],
      [{ user: 'guest' }, 'room:main-hall'],
    ]);
    await bye(hall, guest);
  });
});

describe('durableRooms: rooms across isolates', () => {
  it('a member connected through one isolate gets what a member connected through another sends, and both see one presence', async () => {
    // Proof that a and b are separate isolates: each keeps its own module-scope id.
    const isolateA = ((await (await get('/isolate', 'a')).json()) as { isolate: string }).isolate;
    const isolateB = ((await (await get('/isolate', 'b')).json()) as { isolate: string }).isolate;
    expect(isolateA).not.toBe(isolateB);

    const ann = await join('plaza', 'ann', 'a');
    const bob = await join('plaza', 'bob', 'b');
    expect(await ask(bob, 'from b')).toBe('delivered 1');
    expect(await ann.next()).toBe('bob: from b');
    expect(await ask(ann, 'from a')).toBe('delivered 1');
    expect(await bob.next()).toBe('ann: from a');

    // Either isolate reads the same rooms and presence from the objects.
    for (const through of ['a', 'b'] as const) {
      expect((await state('plaza', through)).presence.map((m) => m.data.user)).toEqual(['ann', 'bob']);
      await expect.poll(async () => (await state('plaza', through)).rooms).toContainEqual({ room: 'plaza', members: 2, local: 2 });
    }
    // An HTTP broadcast served by isolate b reaches both.
    expect(await (await get('/announce/plaza', 'b', { method: 'POST', body: 'all' })).json()).toEqual({ sent: 2 });
    expect(await ann.next()).toBe('all');
    expect(await bob.next()).toBe('all');
    await bye(ann, bob);
  });

  it('the MCP tools fw/ws/* of either isolate answer from the objects', async () => {
    const ann = await join('forum', 'ann', 'a');
    const bob = await join('forum', 'bob', 'b');
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const res = await get('/mcp', 'b', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          authorization: 'Bearer rooms-token',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      const body = (await res.json()) as { result: { content: { text: string }[]; isError?: boolean } };
      expect(body.result.isError ?? false).toBe(false);
      return JSON.parse(body.result.content[0].text);
    };
    await expect.poll(async () => (await call('fw/ws/rooms')).rooms).toContainEqual({ room: 'forum', members: 2, local: 2 });
    expect((await call('fw/ws/presence', { room: 'forum' })).presence.map((m: { data: { user: string } }) => m.data.user)).toEqual([
      'ann',
      'bob',
    ]);
    expect((await call('fw/ws/connections')).connections).toMatchObject({ instance: 'durable-objects', byPath: { '/chat/forum': 2 } });
    await bye(ann, bob);
  });
});

describe('durableRooms: bad input', () => {
  it('refuses a room name with other characters before any object is reached (400 BAD_ROOM)', async () => {
    for (const room of ['a%20b', '%3Cscript%3E', 'x'.repeat(129)]) {
      const answer = await refused(`/chat/${room}?user=ann`);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'BAD_ROOM', error: expect.stringContaining('Invalid room name') });
    }
    const http = await get('/announce/a%20b', 'a', { method: 'POST', body: 'x' });
    expect(http.status).toBe(400);
    expect(await http.json()).toMatchObject({ code: 'BAD_ROOM' });
    const presence = await get('/state/a%20b');
    expect(presence.status).toBe(400);
  });

  it('closes a socket joining a bad room with 1011, one sending over maxPayload with 1009, and drops it from the room', async () => {
    const gina = await join('gate', 'gina');
    const gus = await join('gate', 'gus');
    gina.ws.send('/join <b>');
    expect((await gina.closed).code).toBe(1011);
    gus.ws.send('x'.repeat(2000));
    expect((await gus.closed).code).toBe(1009);
    await expect.poll(() => users('gate')).toEqual([]);
    // The close handler ran once per socket (the peer's answer to the server's close does not run it again).
    await new Promise((r) => setTimeout(r, 100));
    const closes = (await (await get('/closes')).json()) as string[];
    expect(closes.filter((line) => /^(gina|gus) /.test(line))).toEqual(['gina 1011', 'gus 1009']);
  });

  it('keeps ws.data within the 16 KiB hibernation attachment: over 8 KiB at the handshake is a 500, outgrowing it closes with 1011', async () => {
    const big = await refused(`/chat/lobby?user=${'x'.repeat(8200)}`);
    expect(big.status).toBe(500);
    expect(JSON.parse(big.body)).toEqual({ error: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    const fits = await join('attic', 'x'.repeat(8000));
    expect(await ask(fits, 'hi')).toBe('delivered 0');
    const hal = await join('attic', 'hal');
    hal.ws.send('/grow 17000');
    expect(await hal.next()).toBe('grown');
    expect((await hal.closed).code).toBe(1011);
    await expect.poll(async () => (await users('attic')).map((u) => u.length)).toEqual([8000]);
    await bye(fits);
  });

  it('passes on a refused handshake and answers a plain request with 426', async () => {
    expect((await refused('/chat/lobby?user=nobody')).status).toBe(401);
    const plain = await get('/chat/lobby');
    expect(plain.status).toBe(426);
  });
});

describe('durableRooms: the shared WebSocket suite with every socket held by a room object', () => {
  let suite: Miniflare;
  let base = '';
  beforeAll(async () => {
    suite = await runWorker(await bundleWorker('test/targets/worker/fixtures/durable-ws-suite-worker.ts'), {
      durableObjects: { ROOMS: { className: 'FwRoom', useSQLite: true } },
    });
    base = (await suite.ready).toString().replace(/^http/, 'ws').replace(/\/$/, '');
  }, 60_000);
  afterAll(() => suite?.dispose());

  // Workers have no server-side ping: a silent peer is left to the runtime, so that one case does not apply.
  webSocketSuite('fw/worker with durableRooms (hibernatable sockets in FwRoom)', () => base, { serverPings: false });
});
