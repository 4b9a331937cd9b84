/** The bench app on hono (served by @hono/node-server and Bun.serve): body checked by hono/validator with the hand check. */
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { extraAnswer, extraRoutes, hello, isUser, middlewareAnswer, middlewareHeader, ping, poweredBy } from '../http-app';

/** Builds the hono app (default SmartRouter): the 224 background routes, then the timed ones. */
export function honoApp(): Hono {
  const app = new Hono();
  for (const route of extraRoutes) app.on(route.method, route.path, (c) => c.text(extraAnswer));
  return app
    .get('/', (c) => c.json(hello))
    .get('/ping', (c) => c.text(ping))
    .get('/id/:id', (c) => {
      c.header(...poweredBy);
      return c.text(`${c.req.param('id')} ${c.req.query('name')}`);
    })
    .post('/json', async (c) => c.json(await c.req.json()))
    .post(
      '/users',
      validator('json', (value, c) => (isUser(value) ? value : c.json({ error: 'invalid user' }, 400))),
      (c) => c.json(c.req.valid('json'), 201),
    )
    .use('/mw/*', async (c, next) => {
      c.header(...middlewareHeader);
      await next();
    })
    .get('/mw/hello', (c) => c.text(middlewareAnswer));
}
