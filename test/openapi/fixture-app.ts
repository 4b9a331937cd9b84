/** A small documented API used by the OpenAPI, docs page, portal and client tests. */
import { Fw, NotFoundError, openapi, type OpenAPIOptions } from 'fw';

const user = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
};

/** Builds the app with `openapi(options)` mounted; users live in memory per app. */
export function documentedApp(options: OpenAPIOptions = {}): Fw {
  const users = new Map<number, { id: number; name: string; email?: string }>([[1, { id: 1, name: 'Ada' }]]);
  let next = 2;
  const app = new Fw();
  app.get('/health', () => ({ ok: true }), { summary: 'Liveness probe', tags: ['ops'] });
  app.group('/users', (g) => {
    g.get(
      '/',
      (ctx) => {
        const limit = Number(ctx.query.limit ?? 10);
        return { users: [...users.values()].slice(0, limit) };
      },
      {
        tags: ['users'],
        summary: 'List users',
        schema: {
          query: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size' } } },
          response: { type: 'object', properties: { users: { type: 'array', items: user } } },
        },
      },
    );
    g.get(
      '/:id',
      (ctx) => {
        const found = users.get(Number(ctx.params.id));
        if (!found) throw new NotFoundError(`No user ${ctx.params.id}`);
        return found;
      },
      {
        tags: ['users'],
        operationId: 'getUser',
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
          response: { 200: user, 404: { description: 'No such user', type: 'object', properties: { error: { type: 'string' } } } },
        },
      },
    );
    g.post(
      '/',
      async (ctx) => {
        const input = await ctx.body<{ name: string; email?: string }>();
        const created = { id: next++, ...input };
        users.set(created.id, created);
        return ctx.status(201).jsonResponse(created);
      },
      {
        tags: ['users'],
        summary: 'Create a user',
        security: [{ bearer: [] }],
        schema: {
          body: {
            type: 'object',
            required: ['name'],
            additionalProperties: false,
            properties: { name: { type: 'string', minLength: 1 }, email: { type: 'string' } },
          },
          headers: { type: 'object', properties: { 'x-request-id': { type: 'string' }, 'content-type': { type: 'string' } } },
          response: { 201: user },
        },
      },
    );
  });
  app.get('/legacy/search', () => ({ results: [] }), { deprecated: true, tags: ['users'], description: 'Use GET /users instead.' });
  app.get('/internal/metrics', () => ({ secret: true }), { hidden: true });
  app.all('/echo/*', async (ctx) => ({ method: ctx.method, path: ctx.path }));
  app.plugin(
    openapi({
      title: 'Users API',
      version: '2.0.0',
      description: 'Example documented API',
      servers: ['http://127.0.0.1:8787'],
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      docComments: { 'GET /health': 'Liveness probe.\n\nAnswers 200 while the process runs.' },
      ...options,
    }),
  );
  return app;
}
