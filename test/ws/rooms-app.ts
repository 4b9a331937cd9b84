import { Fw, type RoomManager } from 'fw';

/** The ws.data of the chat app. */
export type Chat = { user: string };

/** Adds the chat route to an app (a new one by default) and attaches the manager to it. */
export function roomsApp(rooms: RoomManager<Chat>, base: Fw = new Fw()): Fw {
  const app = base.ws<Chat>('/chat/:room', {
    upgrade: (ctx) => ({ user: ctx.query.user ?? 'anon' }),
    async open(ws) {
      await rooms.join(ws, ws.params.room);
      ws.send('joined');
    },
    async message(ws, msg) {
      if (msg === '/leave') {
        await rooms.leave(ws, ws.params.room);
        ws.send('left');
        return;
      }
      if (msg === '/rooms') return ws.send(JSON.stringify(rooms.roomsOf(ws)));
      await rooms.broadcast(ws.params.room, typeof msg === 'string' ? `${ws.data.user}: ${msg}` : msg, { except: ws });
    },
  });
  rooms.attach(app);
  return app;
}
