/** One validated route on Hono with @cfworker/json-schema wired by hand in `validator()` (`POST /users`), plus `GET /`. */
import { Validator } from '@cfworker/json-schema';
import { Hono } from 'hono';
import { validator } from 'hono/validator';

const User = new Validator({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0 },
  },
  required: ['name', 'email'],
});

const app = new Hono();
app.get('/', (c) => c.text('Hello'));
app.post(
  '/users',
  validator('json', (value, c) => {
    const result = User.validate(value);
    return result.valid ? value : c.json({ error: 'Validation failed', details: result.errors }, 400);
  }),
  (c) => c.json(c.req.valid('json'), 201),
);

export default app;
