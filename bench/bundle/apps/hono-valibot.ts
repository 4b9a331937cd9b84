/** One validated route on Hono with @hono/standard-validator and valibot (`POST /users`), plus `GET /`. */
import { sValidator } from '@hono/standard-validator';
import { Hono } from 'hono';
import * as v from 'valibot';

const User = v.object({
  name: v.pipe(v.string(), v.minLength(1)),
  email: v.pipe(v.string(), v.email()),
  age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

const app = new Hono();
app.get('/', (c) => c.text('Hello'));
app.post('/users', sValidator('json', User), (c) => c.json(c.req.valid('json'), 201));

export default app;
