/**
 * The app the stdio example exposes: a small users API. `app-server.ts` serves its MCP server over stdio,
 * so a desktop client sees the routes as tools (`get_users`, `get_users_by_id`) plus fw's runtime tools.
 */
import { Fw, NotFoundError } from 'fw';

const users = new Map([
  ['1', { id: '1', name: 'Ada Lovelace', role: 'admin' }],
  ['2', { id: '2', name: 'Grace Hopper', role: 'user' }],
]);

/** Builds the example app. */
export function createApp(): Fw {
  const app = new Fw();
  app.get('/users', (ctx) => ({ users: [...users.values()].filter((u) => !ctx.query.role || u.role === ctx.query.role) }), {
    summary: 'List users, optionally by role',
    schema: { query: { type: 'object', properties: { role: { type: 'string', enum: ['admin', 'user'] } } } },
  });
  app.get(
    '/users/:id',
    (ctx) => {
      const user = users.get(ctx.params.id);
      if (!user) throw new NotFoundError(`No user ${ctx.params.id}`);
      return user;
    },
    { summary: 'One user by id' },
  );
  app.post(
    '/users',
    async (ctx) => {
      const body = await ctx.body<{ name: string }>();
      const user = { id: String(users.size + 1), name: body.name, role: 'user' };
      users.set(user.id, user);
      return user;
    },
    {
      status: 201,
      summary: 'Create a user',
      schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } },
    },
  );
  return app;
}
