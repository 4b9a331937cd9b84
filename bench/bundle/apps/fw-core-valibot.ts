/** One validated route on the fw kernel with the Standard Schema compiler and valibot (`POST /users`), plus `GET /`. */
import { Fw } from 'fw/core';
import { standardSchemaCompiler } from 'fw/schema';
import * as v from 'valibot';

const User = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  email: v.pipe(v.string(), v.email()),
  age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

const app = new Fw().setSchemaCompiler(standardSchemaCompiler);
app.get('/', () => 'Hello');
app.post('/users', (ctx) => ctx.body(), { schema: { body: User }, status: 201 });

export default app;
