/** One validated route on `fw` (the JSON Schema compiler preset) (`POST /users`), plus `GET /`. */
import { Fw } from 'fw';

const User = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0 },
  },
  required: ['name', 'email'],
} as const;

const app = new Fw();
app.get('/', () => 'Hello');
app.post('/users', (ctx) => ctx.body(), { schema: { body: User }, status: 201 });

export default app;
