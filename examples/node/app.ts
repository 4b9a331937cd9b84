/** The example app: a small JSON API plus a chat over WebSocket rooms. The same app runs on fw/node and fw/bun. */
import { Fw, HttpError, NotFoundError, RoomManager, type RoomBridge } from 'fw';
import { createMCPPlugin, mcp } from 'fw-mcp';

/** What each chat connection carries. */
export interface ChatUser {
  name: string;
}

const users = new Map([
  ['1', { id: '1', name: 'Ada Lovelace' }],
  ['2', { id: '2', name: 'Grace Hopper' }],
]);

/** Builds the app and its RoomManager (pass a bridge to fan rooms out across instances); MCP is served at /mcp. */
export function createApp(bridge?: RoomBridge): { app: Fw; rooms: RoomManager<ChatUser> } {
  const rooms = new RoomManager<ChatUser>({ bridge, presence: (ws) => ({ name: ws.data.name }) });
  const app = new Fw()
    .get('/', () => ({ hello: 'world', runtime: typeof (globalThis as { Bun?: unknown }).Bun === 'object' ? 'bun' : 'node' }))
    .get('/greet/:name', (ctx) => ({ greeting: `Hello, ${ctx.params.name}!` }))
    .post('/echo', async (ctx) => ({ received: await ctx.body() }), {
      schema: { body: { type: 'object', properties: { message: { type: 'string', maxLength: 200 } }, required: ['message'] } },
    })
    .get('/users', () => ({ users: [...users.values()] }), { summary: 'List users' })
    .get('/users/:id', (ctx) => users.get(ctx.params.id) ?? Promise.reject(new NotFoundError(`No user ${ctx.params.id}`)), {
      summary: 'One user by id',
    })
    .get('/rooms', () => ({ rooms: rooms.rooms(), connections: rooms.connections() }))
    .get('/rooms/:room', (ctx) => ({ room: ctx.params.room, presence: rooms.presence(ctx.params.room) }))
    .ws<ChatUser>(
      '/chat/:room',
      {
        upgrade(ctx) {
          const name = ctx.query.name?.trim();
          if (!name) throw new HttpError(401, 'Pass your name: /chat/<room>?name=<you>');
          return { name };
        },
        async open(ws) {
          await rooms.join(ws, ws.params.room);
          await rooms.broadcast(ws.params.room, JSON.stringify({ type: 'joined', name: ws.data.name }));
        },
        async message(ws, message) {
          if (typeof message !== 'string') return ws.close(1003, 'Text messages only');
          await rooms.broadcast(ws.params.room, JSON.stringify({ type: 'message', name: ws.data.name, text: message }), { except: ws });
        },
        async close(ws) {
          await rooms.broadcast(ws.params.room, JSON.stringify({ type: 'left', name: ws.data.name }));
        },
      },
      { maxPayload: 4096 },
    );
  rooms.attach(app);
  app.use(createMCPPlugin(mcp(app, { name: 'fw-example-node', runtime: { rooms } })));
  return { app, rooms };
}
