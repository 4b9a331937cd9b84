/** hono on Bun.serve serving the bench app. */
import { honoApp } from '../../lib/http-apps/hono';
import { Bun } from './bun-global';

const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: honoApp().fetch });
console.log(JSON.stringify({ port: server.port }));
