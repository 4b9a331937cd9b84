/**
 * durableRooms() mistakes a developer can make, each failing with a message saying what to do: checked where they
 * surface (module scope, first upgrade), without workerd where none is needed.
 */
import { Fw } from 'fw';
import { Fw as CoreFw } from 'fw/core';
import { describe, expect, it, vi } from 'vitest';
import { FwRoom, durableRooms, worker, type RoomObjectState } from '../../../targets/worker';

const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined };
const state = {} as RoomObjectState;

function upgradeRequest(path: string): Request {
  return new Request(`http://localhost${path}`, { headers: { upgrade: 'websocket', connection: 'Upgrade' } });
}

describe('durableRooms: mistakes fail with a message saying what to do', () => {
  it('an FwRoom with no app attached in its module says to pass worker(app, { rooms })', () => {
    expect(() => new FwRoom(state, {})).toThrow(/worker\(app, \{ rooms: durableRooms/);
  });

  it('refuses options without a namespace function, or a home/presence that is not a function', () => {
    expect(() => durableRooms({} as never)).toThrow(/namespace: \(env\) => env\.ROOMS/);
    expect(() => durableRooms({ namespace: 'ROOMS' } as never)).toThrow(/namespace/);
    expect(() => durableRooms({ namespace: () => ({}) as never, home: 'x' } as never)).toThrow(/home/);
    expect(() => durableRooms({ namespace: () => ({}) as never, presence: {} } as never)).toThrow(/presence/);
    expect(() => durableRooms({ namespace: () => ({}) as never, timeoutMs: 0 })).toThrow(
      /durableRooms.timeoutMs must be a positive integer of milliseconds/,
    );
  });

  it('worker(app, { rooms }) refuses something else than durableRooms(), and an app without WebSocket routes', () => {
    expect(() => worker(new Fw(), { rooms: {} as never })).toThrow(/durableRooms\(\{ namespace/);
    const rooms = durableRooms({ namespace: () => ({}) as never });
    expect(() => worker(new CoreFw(), { rooms })).toThrow(/needs an app with WebSocket routes/);
  });

  it('a missing namespace binding fails the upgrade with a 500 and logs how to bind FwRoom; HTTP routes still answer', async () => {
    const app = new Fw().get('/http', () => 'plain').ws('/chat/:room', {});
    const rooms = durableRooms<unknown, { ROOMS?: never }>({ namespace: (env) => env.ROOMS as never });
    const handlers = worker(app, { rooms, warmUp: false });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answer = await handlers.fetch(upgradeRequest('/chat/lobby'), {}, ctx);
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(String(log.mock.calls.flat().find((a) => a instanceof Error))).toMatch(
        /\[\[durable_objects\.bindings\]\] name = "ROOMS", class_name = "FwRoom"/,
      );
      expect(await (await handlers.fetch(new Request('http://localhost/http'), {}, ctx)).text()).toBe('plain');
    } finally {
      log.mockRestore();
    }
    // One module takes one durableRooms(): FwRoom objects serve a single app.
    expect(() =>
      worker(new Fw().ws('/other/:room', {}), { rooms: durableRooms({ namespace: () => ({}) as never }), warmUp: false }),
    ).toThrow(/one durableRooms\(\)/);
  });

  it('join() of a connection that no room object holds says so', async () => {
    const rooms = durableRooms({ namespace: () => ({}) as never });
    const ws = { id: 'x', data: {}, path: '/', params: {}, open: true, send() {}, close() {} };
    await expect(rooms.join(ws, 'lobby')).rejects.toThrow(/served by worker\(app, \{ rooms \}\)/);
    await expect(rooms.join(ws, 'bad room')).rejects.toMatchObject({ status: 400, code: 'BAD_ROOM' });
    await expect(rooms.broadcast('lobby', 42 as never)).rejects.toThrow(/string, an ArrayBuffer or a typed array/);
  });
});
