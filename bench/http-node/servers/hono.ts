/** hono on @hono/node-server serving the bench app. */
import { serve } from '@hono/node-server';
import { honoApp } from '../../lib/http-apps/hono';

serve({ fetch: honoApp().fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(JSON.stringify({ port: info.port })));
