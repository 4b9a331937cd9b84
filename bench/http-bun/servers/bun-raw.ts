/** Raw Bun.serve, the floor on Bun: GET / -> {hello:'world'}. */
import { Bun } from './bun-global';
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    if (request.method === 'GET' && new URL(request.url).pathname === '/') return Response.json({ hello: 'world' });
    return new Response('Not Found', { status: 404 });
  },
});
console.log(JSON.stringify({ port: server.port }));
