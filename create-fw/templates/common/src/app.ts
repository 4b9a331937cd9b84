/** The app: its routes, with schemas that validate input before the handlers run. src/index.ts runs it. */
import { Fw, NotFoundError } from 'fw';

const greetings = new Map([
  ['en', 'Hello'],
  ['fr', 'Bonjour'],
]);

export const app = new Fw()
  .get('/', () => ({ app: '{{name}}', try: ['/hello/Ada', '/hello/Ada?lang=fr', 'POST /greetings'] }))
  .get(
    '/hello/:name',
    (ctx) => {
      const greeting = greetings.get(ctx.query.lang ?? 'en');
      if (!greeting) throw new NotFoundError(`No greeting in ${ctx.query.lang}`);
      return { message: `${greeting}, ${ctx.params.name}!` };
    },
    { schema: { query: { type: 'object', properties: { lang: { type: 'string', minLength: 2, maxLength: 8 } } } } },
  )
  .post(
    '/greetings',
    async (ctx) => {
      const { lang, text } = await ctx.body();
      greetings.set(lang, text);
      return { lang, text };
    },
    {
      status: 201,
      schema: {
        body: {
          type: 'object',
          required: ['lang', 'text'],
          properties: { lang: { type: 'string', minLength: 2, maxLength: 8 }, text: { type: 'string', minLength: 1 } },
        },
      },
    },
  );
