/** The app the Bun tests drive: run under the Bun binary, prints {"port"} once listening. */
import { RoomManager } from 'fw';
import { bun, serve } from 'fw/bun';
import { getColdStartStats } from 'fw/serverless';
import { roomsApp, type Chat } from '../../ws/rooms-app';
import { wsTestApp } from '../../ws/ws-app';

const events: string[] = [];
const rooms = new RoomManager<Chat>();
const app = roomsApp(rooms, wsTestApp())
  .get('/', () => ({ hello: 'world' }))
  .get('/echo-query', (ctx) => ({ query: ctx.query, agent: ctx.header('x-agent'), server: typeof ctx.env.server }))
  .post('/echo', async (ctx) => ({ got: await ctx.body() }))
  .post('/size', async (ctx) => ({ bytes: (await ctx.request.arrayBuffer()).byteLength }))
  .get('/cookies', (ctx) => {
    ctx.setCookie('a', '1');
    ctx.setCookie('b', '2', { httpOnly: true });
    return 'ok';
  })
  .get('/boom', () => {
    throw new Error('kaput');
  })
  .get('/stream', () => {
    let i = 0;
    return new Response(new ReadableStream({ pull: (c) => (i === 3 ? c.close() : c.enqueue(new TextEncoder().encode(`chunk${i++};`))) }));
  })
  .get(
    '/wait-abort',
    (ctx) =>
      new Promise((resolve) => {
        events.push('waiting');
        ctx.request.signal.addEventListener('abort', () => {
          events.push('aborted');
          resolve('never sent');
        });
      }),
  )
  .get('/events', () => events)
  .get('/cold-start', () => getColdStartStats())
  .get('/rooms', () => ({ rooms: rooms.rooms(), presence: rooms.presence('lobby'), connections: rooms.connections() }))
  .get('/adapter', () => ({ name: bun().name, runtime: typeof (globalThis as { Bun?: unknown }).Bun }));

const server = await serve(app, { port: 0, hostname: '127.0.0.1', maxBodySize: 1000 });
console.log(JSON.stringify({ port: server.port, url: server.url }));
