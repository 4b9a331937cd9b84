/** The bench app on fw (served by fw/node and fw/bun): body validated by the route's `schema` option. */
import { Fw } from 'fw';
import { extraAnswer, extraRoutes, hello, middlewareAnswer, middlewareHeader, ping, poweredBy, userSchema } from '../http-app';

/** Builds the fw app: the 224 background routes, then the timed ones. */
export function fwApp(): Fw {
  const app = new Fw();
  for (const route of extraRoutes) app.route(route.method, route.path, () => extraAnswer);
  return app
    .get('/', () => hello)
    .get('/ping', () => ping)
    .get('/id/:id', (ctx) => {
      ctx.setHeader(...poweredBy);
      return `${ctx.params.id} ${ctx.query.name}`;
    })
    .post('/json', (ctx) => ctx.body())
    .post(
      '/users',
      (ctx) => {
        ctx.status(201);
        return ctx.body();
      },
      { schema: { body: userSchema } },
    )
    .use('/mw/*', async (ctx, next) => {
      ctx.setHeader(...middlewareHeader);
      await next();
    })
    .get('/mw/hello', () => middlewareAnswer);
}
