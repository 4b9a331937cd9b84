/** The example app deployed to Lambda: a few routes that show validation, cookies and cold-start statistics. */
import { Fw, NotFoundError } from 'fw';
import { coldStartHeader, getColdStartStats } from 'fw/serverless';

const users = new Map([
  ['1', { id: '1', name: 'Ada' }],
  ['2', { id: '2', name: 'Grace' }],
]);

/** Builds the example app; kept apart from the handler so tests and benches can reuse it. */
export function createApp(): Fw {
  const app = new Fw();
  app.use(coldStartHeader());
  app.get('/', () => ({ hello: 'lambda' }));
  app.get(
    '/users/:id',
    (ctx) => {
      const user = users.get(ctx.params.id);
      if (!user) throw new NotFoundError(`No user ${ctx.params.id}`);
      return user;
    },
    { schema: { response: { 200: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } } } },
  );
  app.post(
    '/users',
    async (ctx) => {
      const body = await ctx.body<{ name: string }>();
      const id = String(users.size + 1);
      ctx.setCookie('last-user', id, { httpOnly: true });
      return ctx.jsonResponse({ id, name: body.name }, 201);
    },
    { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } } } },
  );
  app.get('/status', () => getColdStartStats());
  return app;
}
