/** elysia on Bun: GET / -> {hello:'world'}. */
import { Elysia } from 'elysia';

const app = new Elysia().get('/', () => ({ hello: 'world' })).listen({ port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server!.port }));
