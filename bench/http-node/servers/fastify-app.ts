/** The bench app on fastify: body validated by fastify's built-in ajv; response schemas (fast-json-stringify) optional. */
import Fastify, { type FastifyInstance } from 'fastify';
import { extraAnswer, extraRoutes, hello, middlewareAnswer, middlewareHeader, ping, poweredBy, userSchema } from '../../lib/http-app';

const helloSchema = { type: 'object', properties: { hello: { type: 'string' } } };

/** Builds the fastify app, with response schemas on the JSON routes whose shape is known (GET /, POST /users) or without any. */
export function fastifyApp(responseSchemas: boolean): FastifyInstance {
  const app = Fastify({ logger: false });
  for (const route of extraRoutes) app.route({ method: route.method as 'GET' | 'POST', url: route.path, handler: async () => extraAnswer });
  app.get('/', responseSchemas ? { schema: { response: { 200: helloSchema } } } : {}, async () => hello);
  app.get('/ping', async () => ping);
  app.get<{ Params: { id: string }; Querystring: { name: string } }>('/id/:id', async (request, reply) => {
    reply.header(...poweredBy);
    return `${request.params.id} ${request.query.name}`;
  });
  app.post('/json', async (request) => request.body);
  app.post(
    '/users',
    { schema: { body: userSchema, ...(responseSchemas ? { response: { 201: userSchema } } : {}) } },
    async (request, reply) => {
      reply.code(201);
      return request.body;
    },
  );
  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header(...middlewareHeader);
      });
      scope.get('/hello', async () => middlewareAnswer);
    },
    { prefix: '/mw' },
  );
  return app;
}

/** Starts the app on a free port and prints {"port"}. */
export async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));
}
