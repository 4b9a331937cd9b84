/**
 * durableRooms() after workerd restarts on its saved storage: the fixture chat (fixtures/durable-rooms-worker.ts)
 * runs with Durable Object storage persisted to a temporary directory; disposing Miniflare kills workerd and every
 * socket with it, and a new Miniflare on the same directory must not list those sockets in presence, rooms or
 * connections, while sockets connected after the restart are listed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bundleWorker, compatibilityDate } from './helpers';

type State = {
  rooms: { room: string; members: number; local: number }[];
  presence: { data: { user: string }; instance: string }[];
  connections: { active: number; byPath: Record<string, number>; remoteMembers: number };
};

const persist = mkdtempSync(join(tmpdir(), 'fw-rooms-restart-'));
let script = '';
let mf: Miniflare | null = null;
let origin = '';
const sockets: WebSocket[] = [];

/** Starts workerd with the chat worker on the persisted storage. */
async function start(): Promise<void> {
  mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    cf: false,
    compatibilityDate,
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
    durableObjects: { ROOMS: { className: 'TestRoom', useSQLite: true } },
    durableObjectsPersist: persist,
  });
  origin = (await mf.ready).host;
}

/** Connects to a chat room as `user`, waits for the welcome, then sends `commands` one at a time (each answered). */
function member(room: string, user: string, ...commands: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${origin}/chat/${room}?user=${user}`);
    sockets.push(ws);
    const pending = ['joined', ...commands];
    ws.on('message', () => {
      pending.shift();
      if (pending.length === 0) resolve(ws);
      else ws.send(pending[0]);
    });
    ws.on('error', (error) => reject(error));
  });
}

async function state(room: string): Promise<State> {
  const res = await mf!.dispatchFetch(`http://127.0.0.1/state/${room}`);
  return (await res.json()) as State;
}

/**
 * Reads the state until `done` holds, or returns the last one for the assertions to show. The directory hears of
 * changes within about 50 ms when the machine is idle; a loaded one can take seconds, hence the generous deadline.
 */
async function settled(room: string, done: (s: State) => boolean): Promise<State> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await state(room);
    if (done(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const users = (s: State) => s.presence.map((m) => m.data.user).sort();
/** The directory's rooms once both members are counted: lobby holds one socket and has bob (or dan) from side as well. */
const twoRooms = [
  { room: 'lobby', members: 2, local: 1 },
  { room: 'side', members: 1, local: 1 },
];
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

beforeAll(async () => {
  script = await bundleWorker('test/targets/worker/fixtures/durable-rooms-worker.ts');
  await start();
}, 60_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await mf?.dispose();
  rmSync(persist, { recursive: true, force: true });
});

describe('durableRooms after workerd restarts on saved storage', () => {
  it('lists no socket that died with the old process in presence, rooms or connections, and lists the new ones', async () => {
    // ann is held by lobby's object; bob by side's, and a member of lobby stored there.
    await member('lobby', 'ann');
    await member('side', 'bob', '/join lobby');
    const before = await settled('lobby', (s) => s.connections.active === 2 && isEqual(s.rooms, twoRooms));
    expect(users(before)).toEqual(['ann', 'bob']);
    expect(before.rooms).toEqual(twoRooms);
    expect(before.connections).toMatchObject({ active: 2, remoteMembers: 1 });

    for (const ws of sockets) ws.on('error', () => undefined);
    await mf!.dispose();
    await start();

    const after = await state('lobby');
    expect(after.presence).toEqual([]);
    expect(after.rooms).toEqual([]);
    expect(after.connections).toEqual({ instance: 'durable-objects', active: 0, byPath: {}, remoteMembers: 0 });
    expect((await state('side')).presence).toEqual([]);

    await member('lobby', 'cid');
    await member('side', 'dan', '/join lobby');
    const live = await settled('lobby', (s) => s.connections.active === 2 && isEqual(s.rooms, twoRooms));
    expect(users(live)).toEqual(['cid', 'dan']);
    expect(live.rooms).toEqual(twoRooms);
    expect(live.connections).toMatchObject({ active: 2, byPath: { '/chat/lobby': 1, '/chat/side': 1 }, remoteMembers: 1 });
  }, 60_000);
});
