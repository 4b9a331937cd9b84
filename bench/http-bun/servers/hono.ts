/** hono on Bun.serve: GET / -> {hello:'world'}. */
import { Hono } from 'hono';
import { Bun } from './bun-global';

const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
console.log(JSON.stringify({ port: server.port }));
