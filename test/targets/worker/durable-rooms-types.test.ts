import { describe, expect, it } from 'vitest';
import { workersTypesErrors } from './workers-types-check';

// Compiled with @cloudflare/workers-types as the only ambient types, as a worker project is; the @ts-expect-error
// lines prove the check really type-checks.
const source = `
import { Fw, RoomManager, type Rooms } from 'fw';
import { durableRooms, FwRoom, worker } from 'fw/worker';

interface Env { ROOMS: DurableObjectNamespace; NAME: string }
type Chat = { name: string };
declare const bindings: Env;
declare const state: DurableObjectState;

export const rooms = durableRooms<Chat, Env>({ namespace: (env) => env.ROOMS, presence: (ws) => ({ name: ws.data.name }) });
// One handler shape for both backends: the Rooms interface.
export function chat(app: Fw, backend: Rooms<Chat>): void {
  app.ws<Chat>('/chat/:room', {
    open: (ws) => backend.join(ws, ws.params.room),
    message: async (ws, msg) => {
      await backend.broadcast(ws.params.room, msg, { except: ws });
      ws.send(JSON.stringify(await backend.presence(ws.params.room)));
    },
  });
}
chat(new Fw(), new RoomManager<Chat>());
const app = new Fw();
chat(app, rooms);
export const handlers: ExportedHandler<Env> = worker<Env>(app, { rooms });
export const object: DurableObject = new FwRoom(state, bindings);
// @ts-expect-error the namespace is a Durable Object namespace, not a string
durableRooms<Chat, Env>({ namespace: (env) => env.NAME });
// @ts-expect-error rooms takes durableRooms(), not a RoomManager
worker(app, { rooms: new RoomManager() });
`;

describe('fw/worker durableRooms and FwRoom against @cloudflare/workers-types', () => {
  it('take a real DurableObjectNamespace, make an ExportedHandler and a DurableObject, and share the Rooms type with RoomManager', () => {
    expect(workersTypesErrors(source, /check\.ts|targets\/worker\/(durable\/(durable-rooms|room-)|index|adapter|types)|src\/ws\//)).toEqual(
      [],
    );
  }, 180_000);
});
