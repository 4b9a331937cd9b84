/** elysia on Bun serving the bench app: POST /users validated by its `t` schema, the middleware a guard's beforeHandle. */
import { Elysia, t } from 'elysia';
import { extraAnswer, extraRoutes, hello, middlewareAnswer, middlewareHeader, ping, poweredBy } from '../../lib/http-app';

const user = t.Object({ name: t.String({ minLength: 1 }), age: t.Integer({ minimum: 0 }) }, { additionalProperties: false });

const app = new Elysia();
for (const route of extraRoutes) app.route(route.method, route.path, () => extraAnswer);
app
  .get('/', () => hello)
  .get('/ping', () => ping)
  .get('/id/:id', ({ params, query, set }) => {
    set.headers[poweredBy[0]] = poweredBy[1];
    return `${params.id} ${query.name}`;
  })
  .post('/json', ({ body }) => body)
  .post(
    '/users',
    ({ body, set }) => {
      set.status = 201;
      return body;
    },
    { body: user },
  )
  .guard(
    {
      beforeHandle({ set }) {
        set.headers[middlewareHeader[0]] = middlewareHeader[1];
      },
    },
    (scope) => scope.get('/mw/hello', () => middlewareAnswer),
  )
  .listen({ port: 0, hostname: '127.0.0.1' });
console.log(JSON.stringify({ port: app.server!.port }));
