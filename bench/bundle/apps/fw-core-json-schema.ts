/** One validated route on the fw kernel with a JSON Schema compiler of request validation only (`POST /users`), plus `GET /`. */
import { Fw } from 'fw/core';
import { createJsonSchemaCompiler } from 'fw/schema';

const User = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0 },
  },
  required: ['name', 'email'],
} as const;

const app = new Fw().setSchemaCompiler(createJsonSchemaCompiler());
app.get('/', () => 'Hello');
app.post('/users', (ctx) => ctx.body(), { schema: { body: User }, status: 201 });

export default app;
