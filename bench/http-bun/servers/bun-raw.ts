/** Raw Bun.serve, the floor on Bun: every route in Bun's native `routes` table, POST /users checked by hand. */
import { extraAnswer, extraRoutes, hello, isUser, middlewareAnswer, middlewareHeader, ping, poweredBy } from '../../lib/http-app';
import { Bun, type BunRoute } from './bun-global';

const text = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', ...headers } });

/** The one middleware: runs the route, then sets its header on the answer. */
function middleware(next: () => Response): Response {
  const response = next();
  response.headers.set(...middlewareHeader);
  return response;
}

const routes: Record<string, Record<string, BunRoute>> = {};
for (const route of extraRoutes) (routes[route.path] ??= {})[route.method] = () => text(extraAnswer);
Object.assign(routes, {
  '/': { GET: () => Response.json(hello) },
  '/ping': { GET: () => text(ping) },
  '/id/:id': {
    GET: (request) => text(`${request.params.id} ${new URL(request.url).searchParams.get('name')}`, { [poweredBy[0]]: poweredBy[1] }),
  },
  '/json': { POST: async (request) => Response.json(await request.json()) },
  '/users': {
    POST: async (request) => {
      const body = await request.json().catch(() => undefined);
      return isUser(body) ? Response.json(body, { status: 201 }) : Response.json({ error: 'invalid user' }, { status: 400 });
    },
  },
  '/mw/hello': { GET: () => middleware(() => text(middlewareAnswer)) },
} satisfies Record<string, Record<string, BunRoute>>);

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  routes: routes as Record<string, BunRoute>,
  fetch: () => new Response('Not Found', { status: 404 }),
});
console.log(JSON.stringify({ port: server.port }));
