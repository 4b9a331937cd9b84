/**
 * The example's chat: /ws/chat/:room?name=ada, rooms held by Durable Objects (the FwRoom class bound as ROOMS),
 * so two people in one room meet whichever isolate each one reached. A message goes to everyone else in the room;
 * `/who` answers with the room's presence.
 */
import type { Fw } from 'fw';
import { durableRooms } from 'fw/worker';
import type { Env } from './env';

/** What each chat connection carries (ws.data). */
export type Chatter = { name: string };

/** The rooms of the chat: worker(app, { rooms }) sends every WebSocket upgrade to the room's FwRoom object. */
export const rooms = durableRooms<Chatter, Env>({ namespace: (env) => env.ROOMS });

/** Adds the chat route to the app. */
export function mountChat(app: Fw): void {
  app.ws<Chatter>(
    '/ws/chat/:room',
    {
      upgrade: (ctx) => ({ name: (ctx.query.name ?? 'anon').slice(0, 40) }),
      async open(ws) {
        await rooms.join(ws, ws.params.room);
        await rooms.broadcast(ws.params.room, `${ws.data.name} joined`, { except: ws });
      },
      async message(ws, message) {
        if (message === '/who') return ws.send(JSON.stringify(await rooms.presence(ws.params.room)));
        await rooms.broadcast(ws.params.room, typeof message === 'string' ? `${ws.data.name}: ${message}` : message, { except: ws });
      },
      async close(ws) {
        await rooms.broadcast(ws.params.room, `${ws.data.name} left`);
      },
    },
    { maxPayload: 16 * 1024 },
  );
}
